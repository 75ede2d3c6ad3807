export { createOfflineCore, stopWalletConnectCore, type OfflineCoreOptions, type WalletConnectCore } from './core'
export { startReferenceWalletPage, type ReferenceWalletPage, type ReferenceWalletPageOptions } from './page'
export { memoryStorage, type WalletConnectStorage } from './storage'
export {
  createReferenceWallet,
  REFERENCE_WALLET_EVENTS,
  REFERENCE_WALLET_METHODS,
  type ApproveOptions,
  type DappInfo,
  type ReferenceProposal,
  type ReferenceRequest,
  type ReferenceSession,
  type ReferenceWallet,
  type ReferenceWalletEvent,
  type ReferenceWalletMode,
  type ReferenceWalletOptions,
} from './wallet'
