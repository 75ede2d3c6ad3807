import { decodeFreeBalance, decodeSs58, systemAccountKey } from '@airlock/chains/polkadot'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { NodeRpc } from '../types'

/** The free balance of `address` (planck), read raw from its System.Account entry. An account the chain has never seen holds 0. */
export async function freeBalanceOf(rpc: NodeRpc, caipNetworkId: string, address: string): Promise<bigint> {
  const who = decodeSs58(address)
  if (!who) throw new ProviderRpcError(RpcErrorCode.InvalidParams, 'Not a Polkadot address')
  const free = decodeFreeBalance(await rpc(caipNetworkId, 'state_getStorage', [systemAccountKey(who.publicKey)]))
  if (free === undefined)
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The Polkadot node answered state_getStorage with a malformed result')
  return free
}
