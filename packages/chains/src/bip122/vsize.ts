import type { BitcoinAddressType } from './address'

/**
 * Witness bytes an input adds once signed, by the script it spends, signatures at their longest:
 * P2WPKH [count, DER signature ≤ 72 with its sighash byte, 33-byte key], P2TR key path [count, 64-byte Schnorr].
 */
export const WITNESS_BYTES = { p2wpkh: 1 + 1 + 72 + 1 + 33, p2tr: 1 + 1 + 64 } as const
/** The scriptSig a P2PKH input gets: a DER signature (≤ 72) and a 33-byte key, each pushed. */
export const P2PKH_SCRIPT_SIG_BYTES = 1 + 72 + 1 + 33
/** The segwit marker and flag, witness bytes of a transaction with any witness. */
export const SEGWIT_MARKER_BYTES = 2
/** An input as the unsigned transaction has it: the outpoint, an empty scriptSig's length, the sequence. */
const UNSIGNED_INPUT_BYTES = 32 + 4 + 1 + 4

/**
 * vbytes an input adds once signed (witness at a quarter, rounded up), for the types the transfer
 * planner spends: 68 for P2WPKH, 58 for P2TR.
 */
export const INPUT_VSIZE: Partial<Record<BitcoinAddressType, number>> = {
  p2wpkh: Math.ceil(UNSIGNED_INPUT_BYTES + WITNESS_BYTES.p2wpkh / 4),
  p2tr: Math.ceil(UNSIGNED_INPUT_BYTES + WITNESS_BYTES.p2tr / 4),
}
/** Version, locktime, the input and output counts, and the segwit marker and flag (at a quarter): 11. */
export const OVERHEAD_VSIZE = Math.ceil(4 + 4 + 1 + 1 + SEGWIT_MARKER_BYTES / 4)
