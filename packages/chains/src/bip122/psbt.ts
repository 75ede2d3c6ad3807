import { Psbt, Transaction } from 'bitcoinjs-lib'
import { parseBitcoinAddress, scriptToBitcoinAddress, type BitcoinAddressType } from './address'
import { bytesToHex } from './bytes'
import { bitcoinParams } from './params'
import { P2PKH_SCRIPT_SIG_BYTES, SEGWIT_MARKER_BYTES, WITNESS_BYTES } from './vsize'

export interface DecodedPsbtInput {
  /** The spent transaction's id, as explorers write it. */
  txid: string
  vout: number
  /** In sats, when the PSBT carries the spent output; an input without it makes the fee unknown. */
  value?: bigint
  address?: string
  /** Whether one of `own` addresses pays it (what the signer would sign). */
  own: boolean
}

export interface DecodedPsbtOutput {
  /** Undefined for a script without an address (OP_RETURN, non-standard). */
  address?: string
  script: string
  value: bigint
  /** Paid to one of `own` addresses: change, or a transfer to oneself. */
  own: boolean
}

export interface DecodedPsbt {
  inputs: DecodedPsbtInput[]
  outputs: DecodedPsbtOutput[]
  /** Inputs minus outputs in sats; undefined when an input's value is not in the PSBT. */
  fee?: bigint
  /**
   * The transaction's virtual size once its inputs are signed, signatures at their longest (an input
   * already final counts as it is); undefined when an input spends a script whose signature size is
   * not known here (P2SH, P2WSH, bare scripts) or does not carry the output it spends.
   */
  vsize?: number
}

/**
 * What a PSBT moves, read from its bytes alone (what a confirmation shows): each input and the
 * output it spends, each output with its address, the fee, and the size the fee pays for (one
 * parse). Throws on a PSBT that does not parse for `caipNetworkId`.
 */
export function decodePsbt(base64: string, caipNetworkId: string, own: readonly string[]): DecodedPsbt {
  const network = bitcoinParams(caipNetworkId)
  if (!network) throw new Error('Network not supported')
  const psbt = Psbt.fromBase64(base64, { network })
  const mine = new Set(own)
  const spentTypes: (BitcoinAddressType | undefined)[] = []
  const inputs = psbt.txInputs.map((input, index): DecodedPsbtInput => {
    const data = psbt.data.inputs[index]!
    const spent = data.witnessUtxo ?? nonWitnessOutput(data.nonWitnessUtxo, input.index)
    const address = spent && scriptToBitcoinAddress(spent.script, caipNetworkId)
    const parsed = address !== undefined ? parseBitcoinAddress(address, caipNetworkId) : undefined
    spentTypes.push(parsed?.ok ? parsed.type : undefined)
    return {
      txid: bytesToHex(Uint8Array.from(input.hash).reverse()),
      vout: input.index,
      ...(spent ? { value: spent.value } : {}),
      ...(address ? { address } : {}),
      own: address !== undefined && mine.has(address),
    }
  })
  const outputs = psbt.txOutputs.map((output): DecodedPsbtOutput => {
    const address = scriptToBitcoinAddress(output.script, caipNetworkId)
    return {
      ...(address ? { address } : {}),
      script: bytesToHex(output.script),
      value: output.value,
      own: address !== undefined && mine.has(address),
    }
  })
  const known = inputs.every((input) => input.value !== undefined)
  const fee = known
    ? inputs.reduce((sum, input) => sum + input.value!, 0n) - outputs.reduce((sum, output) => sum + output.value, 0n)
    : undefined
  const vsize = signedVsize(psbt, spentTypes)
  return { inputs, outputs, ...(fee !== undefined ? { fee } : {}), ...(vsize !== undefined ? { vsize } : {}) }
}

/**
 * The virtual size once signed: the unsigned transaction, plus each input's signature as the script
 * it spends (`spentTypes`, by input) will have it, or the one it has once final; undefined for an
 * input of another script.
 */
function signedVsize(psbt: Psbt, spentTypes: readonly (BitcoinAddressType | undefined)[]): number | undefined {
  // BIP-174's unsigned transaction: empty scriptSigs, no witnesses.
  let base = psbt.data.getTransaction().length
  let witness = 0
  // In a transaction with witnesses, an input without one still has its empty stack (one byte).
  let emptyStacks = 0
  for (const [index, input] of psbt.data.inputs.entries()) {
    if (input.finalScriptWitness) witness += input.finalScriptWitness.length
    else if (input.finalScriptSig) {
      base += input.finalScriptSig.length
      emptyStacks++
    } else {
      const type = spentTypes[index]
      if (type === 'p2wpkh' || type === 'p2tr') witness += WITNESS_BYTES[type]
      else if (type === 'p2pkh') {
        base += P2PKH_SCRIPT_SIG_BYTES
        emptyStacks++
      } else return undefined
    }
  }
  if (witness > 0) witness += SEGWIT_MARKER_BYTES + emptyStacks
  return Math.ceil((base * 4 + witness) / 4)
}

/** The spent output out of a whole previous transaction (legacy inputs carry it so). */
function nonWitnessOutput(previous: Uint8Array | undefined, vout: number): { script: Uint8Array; value: bigint } | undefined {
  return previous ? Transaction.fromBuffer(previous).outs[vout] : undefined
}

/**
 * The network transaction of a PSBT whose inputs are all finalized, as hex for esplora's POST /tx;
 * throws, saying why, for one that is not (an input left unsigned, bytes that do not parse).
 */
export function signedTransactionHex(base64: string, caipNetworkId: string): string {
  const network = bitcoinParams(caipNetworkId)
  if (!network) throw new Error('Network not supported')
  return Psbt.fromBase64(base64, { network }).extractTransaction().toHex()
}
