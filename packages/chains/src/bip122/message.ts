import { crypto } from 'bitcoinjs-lib'
import { compactSize } from './bytes'

/**
 * Bitcoin's message signatures, the parts every signer (the secure frame, the devnet wallet) shares:
 * BIP-322's message hash and witness encoding, and the legacy signature ("Bitcoin Signed Message",
 * BIP-137), as sats-connect's `signMessage` with `protocol: 'ECDSA'` answers it: a compact
 * recoverable ECDSA signature over the double SHA-256 of the prefixed message. Each signer brings
 * its own secp256k1 key as `sign`.
 */

const encoder = new TextEncoder()
const MESSAGE_MAGIC = encoder.encode('\u0018Bitcoin Signed Message:\n')

/**
 * BIP-137's header byte for a P2WPKH (native segwit) address is 39 + the recovery id (27 + id is an
 * uncompressed P2PKH key, 31 + id a compressed one, 35 + id P2SH-P2WPKH); Electrum and Trezor write
 * the same. Verifiers (bip322-js, bitcoinjs-message) read the address type from it.
 */
export const P2WPKH_MESSAGE_HEADER = 39

/** BIP-322's tag, sha256('BIP0322-signed-message'); bitcoinjs-lib's taggedHash knows only its own tags. */
const BIP322_TAG = crypto.sha256(encoder.encode('BIP0322-signed-message'))

/** What BIP-322's `to_spend` commits to: the tagged hash sha256(tag ‖ tag ‖ UTF-8 message). */
export function bip322MessageHash(message: string): Uint8Array {
  return crypto.sha256(concat(BIP322_TAG, BIP322_TAG, encoder.encode(message)))
}

/** A witness stack as BIP-322 answers a signature: its item count, then each item with its length. */
export function serializeWitness(stack: readonly Uint8Array[]): Uint8Array {
  return concat(compactSize(stack.length), ...stack.flatMap((item) => [compactSize(item.length), item]))
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** What a legacy message signature signs: hash256("\x18Bitcoin Signed Message:\n" ‖ varint(len) ‖ UTF-8 message). */
export function bitcoinMessageHash(message: string): Uint8Array {
  const body = encoder.encode(message)
  return crypto.hash256(concat(MESSAGE_MAGIC, compactSize(body.length), body))
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
