import { Psbt } from 'bitcoinjs-lib'
import { formatUnits } from '../format'
import { parseBitcoinAddress } from './address'
import { bitcoinParams } from './params'
import { INPUT_VSIZE, OVERHEAD_VSIZE } from './vsize'

/** An unspent output of the sender, as esplora's `/address/:a/utxo` lists it (value in sats). */
export interface BitcoinUtxo {
  txid: string
  vout: number
  value: bigint
}

export interface BitcoinTransferRequest {
  caipNetworkId: string
  /** The paying address; change goes back to it. */
  from: string
  /** The paying key, 33-byte compressed (hex): a taproot input names its x-only internal key. */
  publicKey?: string
  to: string
  /** In sats. */
  amount: bigint
  /** sat/vB, from the node's fee estimates. */
  feeRate: number
  utxos: readonly BitcoinUtxo[]
}

export interface BitcoinTransferOutput {
  address: string
  value: bigint
  change: boolean
}

export interface BitcoinTransferPlan {
  inputs: BitcoinUtxo[]
  outputs: BitcoinTransferOutput[]
  /** In sats: what the inputs hold beyond the outputs (change below the dust limit included). */
  fee: bigint
  /** The transaction's virtual size once signed, signatures at their longest. */
  vsize: number
}

/** Why a transfer cannot be built, in words the Send form shows as they are. */
export class BitcoinTransferError extends Error {
  override name = 'BitcoinTransferError'
}

const outputVsize = (script: Uint8Array) => 8 + 1 + script.length

/**
 * Bitcoin Core's dust limit at its default 3 sat/vB dust relay fee: 3 × (the output's size and the
 * input that would spend it: 67 vB for a witness program, 148 for any other). An output below it
 * is not relayed. 294 sats for P2WPKH, 330 for P2TR and P2WSH, 540 for P2SH, 546 for P2PKH.
 */
export function dustLimit(script: Uint8Array): bigint {
  const witness = script[0] === 0x00 || script[0] === 0x51
  return BigInt((outputVsize(script) + (witness ? 67 : 148)) * 3)
}

const btc = (sats: bigint) => `${formatUnits(sats, 8)} BTC`

/**
 * Chooses the inputs of a transfer (largest first, the fewest that pay the amount and the fee at
 * `feeRate`) and its outputs: the amount to `to`, the rest back to `from` unless it is dust, which
 * then goes to the fee. Pure: the caller reads the UTXOs and the fee rate from the node.
 */
export function planBitcoinTransfer(request: BitcoinTransferRequest): BitcoinTransferPlan {
  const { caipNetworkId, amount, feeRate } = request
  const from = parseBitcoinAddress(request.from, caipNetworkId)
  if (!from.ok) throw new BitcoinTransferError(from.error)
  const inputVsize = INPUT_VSIZE[from.type]
  if (!inputVsize)
    throw new BitcoinTransferError(
      `Sending from a ${from.type.toUpperCase()} address is not supported: use a native segwit or taproot account`,
    )
  const to = parseBitcoinAddress(request.to, caipNetworkId)
  if (!to.ok) throw new BitcoinTransferError(to.error)
  if (!(Number.isFinite(feeRate) && feeRate > 0)) throw new BitcoinTransferError('The network gave no fee rate')
  if (amount <= 0n) throw new BitcoinTransferError('Enter an amount above 0')
  const dust = dustLimit(to.script)
  if (amount < dust) throw new BitcoinTransferError(`The amount is below the smallest this address can receive (${btc(dust)})`)

  const vsizeOf = (inputs: number, change: boolean) =>
    OVERHEAD_VSIZE + inputs * inputVsize + outputVsize(to.script) + (change ? outputVsize(from.script) : 0)
  const feeOf = (inputs: number, change: boolean) => BigInt(Math.ceil(vsizeOf(inputs, change) * feeRate))
  const inputs: BitcoinUtxo[] = []
  let total = 0n
  for (const utxo of [...request.utxos].sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0))) {
    inputs.push(utxo)
    total += utxo.value
    const withChange = total - amount - feeOf(inputs.length, true)
    if (withChange >= dustLimit(from.script)) {
      const fee = feeOf(inputs.length, true)
      return {
        inputs,
        outputs: [
          { address: to.address, value: amount, change: false },
          { address: from.address, value: withChange, change: true },
        ],
        fee,
        vsize: vsizeOf(inputs.length, true),
      }
    }
    if (total - amount >= feeOf(inputs.length, false))
      return {
        inputs,
        outputs: [{ address: to.address, value: amount, change: false }],
        fee: total - amount,
        vsize: vsizeOf(inputs.length, false),
      }
  }
  const needed = amount + feeOf(Math.max(inputs.length, 1), false)
  throw new BitcoinTransferError(
    `Not enough BTC: sending ${btc(amount)} with its network fee needs ${btc(needed)}, and the account holds ${btc(total)}`,
  )
}

/**
 * The plan as an unsigned PSBT (base64), each input carrying the output it spends (witnessUtxo), and
 * a taproot input its internal key, so that any wallet can sign it and show its amounts and fee.
 */
export function transferPsbt(request: BitcoinTransferRequest, plan: BitcoinTransferPlan): string {
  const network = bitcoinParams(request.caipNetworkId)
  const from = parseBitcoinAddress(request.from, request.caipNetworkId)
  if (!network || !from.ok) throw new BitcoinTransferError(from.ok ? 'Network not supported' : from.error)
  const internalKey = from.type === 'p2tr' && request.publicKey ? hexToBytes(request.publicKey).slice(-32) : undefined
  const psbt = new Psbt({ network })
  for (const input of plan.inputs)
    psbt.addInput({
      hash: input.txid,
      index: input.vout,
      witnessUtxo: { script: from.script, value: input.value },
      ...(internalKey ? { tapInternalKey: internalKey } : {}),
    })
  for (const output of plan.outputs) {
    const parsed = parseBitcoinAddress(output.address, request.caipNetworkId)
    if (!parsed.ok) throw new BitcoinTransferError(parsed.error)
    // By script: bitcoinjs would want a secp256k1 library to read a taproot address.
    psbt.addOutput({ script: parsed.script, value: output.value })
  }
  return psbt.toBase64()
}

function hexToBytes(hex: string): Uint8Array {
  if (!/^([0-9a-fA-F]{2})+$/.test(hex)) throw new BitcoinTransferError('The account gave no valid public key')
  return Uint8Array.from(hex.match(/../g)!, (byte) => Number.parseInt(byte, 16))
}
