import { hexToU8a, u8aConcat, u8aToHex } from '@polkadot/util'
import { blake2AsU8a, xxhashAsU8a } from '@polkadot/util-crypto'

/**
 * The storage key of `System.Account(who)`: twox128("System") ++ twox128("Account") ++
 * blake2_128(who) ++ who, for a raw `state_getStorage` without metadata.
 */
export function systemAccountStorageKey(publicKey: string): string {
  const who = hexToU8a(publicKey)
  if (who.length !== 32) throw new RangeError(`an account id is 32 bytes, got ${who.length}`)
  return u8aToHex(u8aConcat(xxhashAsU8a('System', 128), xxhashAsU8a('Account', 128), blake2AsU8a(who, 128), who))
}

/**
 * The free balance in a SCALE `AccountInfo` (nonce, consumers, providers, sufficients: four u32,
 * then AccountData whose first field is `free`, a little-endian u128). A missing entry is 0.
 */
export function decodeFreeBalance(accountInfo: string | null): bigint {
  if (accountInfo === null) return 0n
  const bytes = hexToU8a(accountInfo)
  if (bytes.length < 32) throw new RangeError(`an AccountInfo is at least 32 bytes, got ${bytes.length}`)
  let free = 0n
  for (let i = 31; i >= 16; i--) free = (free << 8n) | BigInt(bytes[i]!)
  return free
}
