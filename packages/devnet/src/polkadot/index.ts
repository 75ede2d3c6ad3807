export {
  POLKADOT_DEVNET_CAIP_NETWORK_ID,
  POLKADOT_DEVNET_FUNDING,
  POLKADOT_DEVNET_GENESIS_HASH,
  POLKADOT_DEVNET_SS58_PREFIX,
  POLKADOT_DEVNET_TOKEN,
  polkadotDevnetAccounts,
  type PolkadotDevnetAccount,
} from './accounts'
export { polkadotDevnetPair } from './keys'
export { startPolkadotDevnet, type PolkadotDevnet, type StartPolkadotDevnetOptions } from './server'
