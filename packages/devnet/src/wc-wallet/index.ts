export { createOfflineCore, stopWalletConnectCore, type OfflineCoreOptions, type WalletConnectCore } from './core'
export { startReferenceWalletPage, type ReferenceWalletPage, type ReferenceWalletPageOptions } from './page'
export { REFERENCE_WALLET_SOLANA_METHODS } from './solana'
export { memoryStorage, type WalletConnectStorage } from './storage'
export type {
  ApproveOptions,
  DappInfo,
  ReferenceProposal,
  ReferenceRequest,
  ReferenceSession,
  ReferenceAuthentication,
  ReferenceWallet,
  ReferenceWalletEvent,
  ReferenceWalletMode,
  ReferenceWalletOptions,
} from './types'
export { createReferenceWallet, REFERENCE_WALLET_EVENTS, REFERENCE_WALLET_METHODS } from './wallet'
