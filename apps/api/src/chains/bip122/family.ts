import type { ChainFamily } from '../family'
import { parseBitcoinAccount, parseBitcoinAddress } from './address'
import { esploraTarget } from './rest'

/**
 * Bitcoin networks: checksum-validated addresses per network (address.ts), one esplora client per
 * network (esplora.ts). esplora speaks REST, not JSON-RPC: the JSON-RPC proxy forwards no method
 * to it; wallets reach it through the REST pass-through's allow-list (rest.ts).
 */
export const bip122Family: ChainFamily = {
  namespace: 'bip122',
  parseAddress: parseBitcoinAddress,
  parseAccount: parseBitcoinAccount,
  networks: (chains) => chains.family('bip122').supported(),
  rpcMethods: new Set<string>(),
  restTarget: esploraTarget,
}
