import { crypto } from 'bitcoinjs-lib'

/**
 * Bitcoin's legacy message signature ("Bitcoin Signed Message", BIP-137), as sats-connect's
 * `signMessage` with `protocol: 'ECDSA'` answers it: a compact recoverable ECDSA signature over
 * the double SHA-256 of the prefixed message. One implementation for every signer (the secure
 * frame, the devnet wallet): each brings its own secp256k1 key as `sign`.
 */

const encoder = new TextEncoder()
const MESSAGE_MAGIC = encoder.encode('\u0018Bitcoin Signed Message:\n')

/**
 * BIP-137's header byte for a P2WPKH (native segwit) address is 39 + the recovery id (27 + id is an
 * uncompressed P2PKH key, 31 + id a compressed one, 35 + id P2SH-P2WPKH); Electrum and Trezor write
 * the same. Verifiers (bip322-js, bitcoinjs-message) read the address type from it.
 */
export const P2WPKH_MESSAGE_HEADER = 39

/** Bitcoin's CompactSize: the length prefix of the message in the signed bytes. */
function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >>> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24)
}

/** What a legacy message signature signs: hash256("\x18Bitcoin Signed Message:\n" ‖ varint(len) ‖ UTF-8 message). */
export function bitcoinMessageHash(message: string): Uint8Array {
  const body = encoder.encode(message)
  const length = compactSize(body.length)
  const bytes = new Uint8Array(MESSAGE_MAGIC.length + length.length + body.length)
  bytes.set(MESSAGE_MAGIC)
  bytes.set(length, MESSAGE_MAGIC.length)
  bytes.set(body, MESSAGE_MAGIC.length + length.length)
  return crypto.hash256(bytes)
}

/** A secp256k1 signature as (r ‖ s), 64 bytes with low S, and the id that recovers its public key (0-3). */
export interface RecoverableSignature {
  signature: Uint8Array
  recovery: number
}

/** The 65-byte compact form, base64: the P2WPKH header byte (with the recovery id), then r ‖ s. */
export function encodeMessageSignature({ signature, recovery }: RecoverableSignature): string {
  if (signature.length !== 64) throw new Error('A compact signature is 64 bytes (r ‖ s)')
  if (!Number.isInteger(recovery) || recovery < 0 || recovery > 3) throw new Error('A recovery id is 0 to 3')
  return btoa(String.fromCharCode(P2WPKH_MESSAGE_HEADER + recovery, ...signature))
}

/**
 * The legacy (ECDSA) signature of `message` by a P2WPKH address's compressed key: `sign` signs the
 * 32-byte hash with the key (RFC 6979, low S) and gives the recovery id. Base64, as sats-connect
 * answers and bip322-js's Verifier.verifySignature reads it.
 */
export function signBitcoinMessageEcdsa(message: string, sign: (hash: Uint8Array) => RecoverableSignature): string {
  return encodeMessageSignature(sign(bitcoinMessageHash(message)))
}
