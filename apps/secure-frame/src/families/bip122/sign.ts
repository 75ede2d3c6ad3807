import { signBitcoinMessageEcdsa } from '@airlock/chains/bip122'
import { base64 } from '@scure/base'
import { crypto, script, Transaction, type Psbt } from 'bitcoinjs-lib'
import type { BitcoinNetworkKey } from './derive'

/** BIP-322's tagged hash of a message: sha256(tag ‖ tag ‖ message), tag = sha256('BIP0322-signed-message'). */
const BIP322_TAG = crypto.sha256(new TextEncoder().encode('BIP0322-signed-message'))

/** Its public key hash's P2PKH script: what BIP-143 signs for a P2WPKH output (its script code). */
const scriptCode = (program: Uint8Array) => Uint8Array.of(0x76, 0xa9, 0x14, ...program, 0x88, 0xac)

/** The DER signature and its sighash byte, as a witness or partial signature holds it. */
const witnessSignature = (key: BitcoinNetworkKey, digest: Uint8Array) => script.signature.encode(key.sign(digest), Transaction.SIGHASH_ALL)

/**
 * BIP-322 "simple" signature of a P2WPKH address: the witness of `to_sign`, the virtual transaction
 * spending `to_spend`'s output, whose input commits to the message's tagged hash (both version 0,
 * locktime 0, sequence 0). Answered as BIP-322 writes it: the serialized witness stack, base64.
 */
export function signMessageBip322(key: BitcoinNetworkKey, message: string): string {
  const toSpend = new Transaction()
  toSpend.version = 0
  const messageHash = crypto.sha256(Uint8Array.of(...BIP322_TAG, ...BIP322_TAG, ...new TextEncoder().encode(message)))
  toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, Uint8Array.of(0x00, 0x20, ...messageHash))
  toSpend.addOutput(key.script, 0n)
  const toSign = new Transaction()
  toSign.version = 0
  toSign.addInput(toSpend.getHash(), 0, 0)
  toSign.addOutput(Uint8Array.of(0x6a), 0n)
  const digest = toSign.hashForWitnessV0(0, scriptCode(key.program), 0n, Transaction.SIGHASH_ALL)
  const stack = [witnessSignature(key, digest), key.publicKey]
  // Every length here (2 items, a signature of at most 73 bytes, a 33-byte key) is a one-byte varint.
  return base64.encode(Uint8Array.of(stack.length, ...stack.flatMap((item) => [item.length, ...item])))
}

/**
 * The legacy ("Bitcoin Signed Message", BIP-137) signature of a P2WPKH address, as sats-connect's
 * `protocol: 'ECDSA'` asks: the compact recoverable signature of the message's hash, its header
 * byte naming a native segwit key (@airlock/chains/bip122, which the devnet wallet signs with too).
 */
export function signMessageEcdsa(key: BitcoinNetworkKey, message: string): string {
  return signBitcoinMessageEcdsa(message, (hash) => key.signRecoverable(hash))
}

/**
 * Signs the inputs at `indexes` with SIGHASH_ALL and finalizes them (prepare.ts has checked that
 * each spends `key`'s output and asks for no other sighash type); bitcoinjs checks again that the key
 * is the one the spent script names.
 */
export function signPsbtInputs(psbt: Psbt, indexes: readonly number[], key: BitcoinNetworkKey): void {
  const signer = { publicKey: key.publicKey, sign: (digest: Uint8Array) => key.sign(digest) }
  for (const index of indexes) {
    psbt.signInput(index, signer, [Transaction.SIGHASH_ALL])
    psbt.finalizeInput(index)
  }
}
