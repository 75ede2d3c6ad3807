import { blake2b } from '@noble/hashes/blake2b'
import { base58 } from '@scure/base'

/**
 * SS58, Substrate's address format, for 32-byte account ids (sr25519/ed25519 public keys):
 * base58(prefix ‖ id ‖ checksum), the prefix in 1 byte below 64 and in 2 bytes up to 16383, the
 * checksum the first 2 bytes of blake2b-512("SS58PRE" ‖ prefix ‖ id). Other id lengths (20-byte
 * EVM keys, 33-byte ECDSA ones) are no Airlock account and decode as undefined.
 */

const SS58PRE = new TextEncoder().encode('SS58PRE')
const ACCOUNT_ID_BYTES = 32
const CHECKSUM_BYTES = 2
export const MAX_SS58_PREFIX = 16383
/**
 * A cheap bound before decoding: 35 or 36 bytes are at most 49 base58 characters, and at least 35
 * (all zero bytes, each one '1'); the byte length check after decoding is the exact one.
 */
const SS58_TEXT = /^[1-9A-HJ-NP-Za-km-z]{35,49}$/

export interface DecodedSs58 {
  publicKey: Uint8Array
  prefix: number
}

/** The SS58 address of a 32-byte public key under `prefix` (0 to 16383). */
export function encodeSs58(publicKey: Uint8Array, prefix: number): string {
  if (publicKey.length !== ACCOUNT_ID_BYTES) throw new Error(`An SS58 account id is ${ACCOUNT_ID_BYTES} bytes, not ${publicKey.length}`)
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > MAX_SS58_PREFIX)
    throw new Error(`SS58 prefix ${prefix} is not 0 to ${MAX_SS58_PREFIX}`)
  const body = new Uint8Array([...prefixBytes(prefix), ...publicKey])
  return base58.encode(new Uint8Array([...body, ...checksum(body)]))
}

/** The account id and prefix of an SS58 address; undefined when it is none or its checksum fails. */
export function decodeSs58(address: string): DecodedSs58 | undefined {
  const decoded = decodeSs58Checked(address)
  return decoded?.checksumOk ? { publicKey: decoded.publicKey, prefix: decoded.prefix } : undefined
}

/**
 * Like decodeSs58, telling a failed checksum (a mistyped address: `checksumOk: false`) from text
 * that is no SS58 account address at all (undefined).
 */
export function decodeSs58Checked(address: string): (DecodedSs58 & { checksumOk: boolean }) | undefined {
  if (!SS58_TEXT.test(address)) return undefined
  const bytes = base58.decode(address)
  const prefixLength = (bytes[0] ?? 0) & 0b0100_0000 ? 2 : 1
  if (bytes.length !== prefixLength + ACCOUNT_ID_BYTES + CHECKSUM_BYTES) return undefined
  const prefix = prefixLength === 1 ? bytes[0]! : readTwoBytePrefix(bytes[0]!, bytes[1]!)
  // 2-byte prefixes below 64 have a 1-byte form, which is the only canonical one.
  if (prefix === undefined || (prefixLength === 2 && prefix < 64)) return undefined
  const body = bytes.subarray(0, prefixLength + ACCOUNT_ID_BYTES)
  const sum = checksum(body)
  const checksumOk = sum[0] === bytes[body.length] && sum[1] === bytes[body.length + 1]
  return { publicKey: bytes.slice(prefixLength, prefixLength + ACCOUNT_ID_BYTES), prefix, checksumOk }
}

function checksum(body: Uint8Array): Uint8Array {
  return blake2b(new Uint8Array([...SS58PRE, ...body]), { dkLen: 64 }).subarray(0, CHECKSUM_BYTES)
}

/**
 * The 2-byte form (as polkadot-js and the Substrate ss58-registry write it): the first byte holds
 * 0b01 and the prefix's bits 2..7, the second its bits 0..1 and 8..13.
 */
function prefixBytes(prefix: number): number[] {
  if (prefix < 64) return [prefix]
  return [((prefix & 0b1111_1100) >> 2) | 0b0100_0000, (prefix >> 8) | ((prefix & 0b11) << 6)]
}

function readTwoBytePrefix(first: number, second: number): number | undefined {
  if (first & 0b1000_0000) return undefined
  return ((first & 0b0011_1111) << 2) | (second >> 6) | ((second & 0b0011_1111) << 8)
}
