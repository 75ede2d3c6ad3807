import { fileURLToPath } from 'node:url'

export { DEVNET_MNEMONIC, devnetAccounts, devnetPrivateKeys, type DevnetAccount } from './accounts'
export { DEVNET_CHAINS, DEVNET_HOST, devnetRpcUrl, type DevnetChainDefinition } from './chains'
export { startDevnet, type Devnet, type DevnetChain, type StartDevnetOptions } from './devnet'
export { startAnvil, PortInUseError, type AnvilNode, type AnvilOptions } from './anvil'
export { resolveAnvilBinary, anvilPlatformPackage } from './anvil-binary'
export * from './contracts/index'
export {
  createDevnetWallet,
  ProviderRpcError,
  type DevnetWalletConfig,
  type DevnetWalletMode,
  type DevnetWalletProvider,
} from './wallet/provider'
export type { DevnetWalletFamily, DevnetWalletPageConfig } from './wallet/install'
export {
  createDevnetSolanaWallet,
  DEFAULT_SOLANA_RPC,
  type DevnetSolanaWallet,
  type DevnetSolanaWalletConfig,
  type DevnetSolanaWalletControls,
} from './wallet/solana'
export { startRelay, signRelayJwt, type Relay, type RelayStats, type StartRelayOptions } from './relay/index'
export * from './mail/mail'
export * from './mail/sink'
// The OpenID Connect stand-in loads oidc-provider and koa (about a second to import): its code is at '@airlock/devnet/oidc'.
export type { OidcProviderName, OidcStandIn, OidcStandInClient, SignInWithStandInOptions, StartOidcStandInOptions } from './oidc/index'
// The reference WalletConnect wallet loads WalletKit (seconds to import): its code is at '@airlock/devnet/wc-wallet'.
export type {
  ApproveOptions,
  ReferenceProposal,
  ReferenceRequest,
  ReferenceSession,
  ReferenceWallet,
  ReferenceWalletMode,
  ReferenceWalletOptions,
  ReferenceWalletPage,
  ReferenceWalletPageOptions,
} from './wc-wallet/index'

/** Absolute path of the built browser wallet (`npm run build -w @airlock/devnet`); e.g. page.addInitScript({ path }). */
export const devnetWalletScriptPath: string = fileURLToPath(new URL('../dist/devnet-wallet.js', import.meta.url))
