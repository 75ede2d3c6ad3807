import { blake2b } from '@noble/hashes/blake2b'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'

/**
 * twox128("System") ‖ twox128("Account"), `System.Account`'s storage prefix: fixed, so written out
 * rather than hashed, which keeps xxHash out of the widget (storage.test.ts checks it against polkadot-js).
 */
const SYSTEM_ACCOUNT_PREFIX = '0x26aa394eea5630e07c48ae0c9558cef7b99d880ec681799c0cf30e8886371da9'

/**
 * The storage key of `System.Account(who)` (`who` a 32-byte account id) for a raw
 * `state_getStorage`, without the runtime's metadata: the prefix ‖ blake2_128(who) ‖ who.
 */
export function systemAccountKey(accountId: Uint8Array): `0x${string}` {
  return `${SYSTEM_ACCOUNT_PREFIX}${bytesToHex(blake2b(accountId, { dkLen: 16 }))}${bytesToHex(accountId)}`
}

/** An AccountInfo's 0x-hex: at least its first 32 bytes (the fields after `free` vary by runtime), at most 256. */
const ACCOUNT_INFO = /^0x(?:[0-9a-f]{2}){32,256}$/

/**
 * The free balance (planck) in a node's answer to `state_getStorage(systemAccountKey(who))`:
 * AccountInfo is four u32 (nonce, consumers, providers, sufficients), then AccountData, whose first
 * field is `free`, a little-endian u128, in every runtime's layout. An account the chain has never
 * seen (null) holds 0; an answer that is no AccountInfo is undefined (the caller words the error:
 * the widget's is an RPC error).
 */
export function decodeFreeBalance(accountInfo: unknown): bigint | undefined {
  if (accountInfo === null) return 0n
  if (typeof accountInfo !== 'string' || !ACCOUNT_INFO.test(accountInfo)) return undefined
  return hexToBytes(accountInfo.slice(2))
    .subarray(16, 32)
    .reduceRight((free, byte) => (free << 8n) | BigInt(byte), 0n)
}
