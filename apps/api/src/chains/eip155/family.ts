import { readOnlyMethods } from '@airlock/protocol'
import type { ChainFamily } from '../family'
import { parseAccountId, parseEvmAddress } from './address'

/** EVM chains: hex addresses (checksummed), viem clients per chain, the read-only JSON-RPC methods plus eth_sendRawTransaction. */
export const eip155Family: ChainFamily = {
  namespace: 'eip155',
  parseAddress: parseEvmAddress,
  parseAccount(value) {
    const account = parseAccountId(value)
    return account && { address: account.address, ...(account.caipNetworkId ? { chain: account.caipNetworkId } : {}) }
  },
  networks: (chains) => chains.supported(),
  rpcMethods: new Set<string>(readOnlyMethods),
}
