import { decodeSs58 } from '@airlock/chains/polkadot'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { blake2b } from '@noble/hashes/blake2b'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import type { NodeRpc } from '../types'

/**
 * `System.Account(who)`'s storage key without the runtime's metadata: twox128("System") ‖
 * twox128("Account") (fixed, so written out rather than hashed here: xxHash is not otherwise in the
 * widget) ‖ blake2_128(who) ‖ who.
 */
const SYSTEM_ACCOUNT = '26aa394eea5630e07c48ae0c9558cef7b99d880ec681799c0cf30e8886371da9'

export function systemAccountKey(publicKey: Uint8Array): string {
  return `0x${SYSTEM_ACCOUNT}${bytesToHex(blake2b(publicKey, { dkLen: 16 }))}${bytesToHex(publicKey)}`
}

const STORAGE = /^0x(?:[0-9a-f]{2}){32,256}$/

/**
 * The free balance of `address` (planck): AccountInfo is four u32 (nonce, consumers, providers,
 * sufficients), then AccountData, whose first field is `free`, a little-endian u128, in every
 * runtime's layout. An account the chain has never seen holds 0.
 */
export async function freeBalanceOf(rpc: NodeRpc, caipNetworkId: string, address: string): Promise<bigint> {
  const who = decodeSs58(address)
  if (!who) throw new ProviderRpcError(RpcErrorCode.InvalidParams, 'Not a Polkadot address')
  const info = await rpc(caipNetworkId, 'state_getStorage', [systemAccountKey(who.publicKey)])
  if (info === null) return 0n
  if (typeof info !== 'string' || !STORAGE.test(info))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The Polkadot node answered state_getStorage with a malformed result')
  return hexToBytes(info.slice(2))
    .subarray(16, 32)
    .reduceRight((free, byte) => (free << 8n) | BigInt(byte), 0n)
}
