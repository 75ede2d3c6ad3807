import { Psbt, Transaction } from 'bitcoinjs-lib'
import { scriptToBitcoinAddress } from './address'
import { bitcoinParams } from './params'

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
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

/**
 * What a PSBT moves, read from its bytes alone (what a confirmation shows): each input and the
 * output it spends, each output with its address, and the fee. Throws on a PSBT that does not parse
 * for `caipNetworkId`.
 */
export function decodePsbt(base64: string, caipNetworkId: string, own: readonly string[]): DecodedPsbt {
  const network = bitcoinParams(caipNetworkId)
  if (!network) throw new Error('Network not supported')
  const psbt = Psbt.fromBase64(base64, { network })
  const mine = new Set(own)
  const inputs = psbt.txInputs.map((input, index): DecodedPsbtInput => {
    const data = psbt.data.inputs[index]!
    const spent = data.witnessUtxo ?? nonWitnessOutput(data.nonWitnessUtxo, input.index)
    const address = spent && scriptToBitcoinAddress(spent.script, caipNetworkId)
    return {
      txid: hex(Uint8Array.from(input.hash).reverse()),
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
      script: hex(output.script),
      value: output.value,
      own: address !== undefined && mine.has(address),
    }
  })
  const known = inputs.every((input) => input.value !== undefined)
  const fee = known
    ? inputs.reduce((sum, input) => sum + input.value!, 0n) - outputs.reduce((sum, output) => sum + output.value, 0n)
    : undefined
  return { inputs, outputs, ...(fee !== undefined ? { fee } : {}) }
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
