import type { ChainFamily } from '../family'
import { parsePolkadotAccount, parsePolkadotAccountAddress } from './address'
import { POLKADOT_PROXY_METHODS } from './rpc-methods'

/**
 * Polkadot networks (Substrate chains): SS58 addresses (address.ts), one @polkadot/api client per
 * network for what the API builds with the runtime's metadata (node.ts), and the node methods the
 * JSON-RPC proxy forwards for the user's own wallet and @polkadot/api (rpc-methods.ts).
 */
export const polkadotFamily: ChainFamily = {
  namespace: 'polkadot',
  parseAddress: parsePolkadotAccountAddress,
  parseAccount: parsePolkadotAccount,
  networks: (chains) => chains.family('polkadot').supported(),
  rpcMethods: new Set<string>(POLKADOT_PROXY_METHODS),
}
