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
export type { DevnetWalletPageConfig } from './wallet/install'

/** Absolute path of the built browser wallet (`npm run build -w @airlock/devnet`); e.g. page.addInitScript({ path }). */
export const devnetWalletScriptPath: string = fileURLToPath(new URL('../dist/devnet-wallet.js', import.meta.url))
