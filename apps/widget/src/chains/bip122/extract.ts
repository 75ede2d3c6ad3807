import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { bytesToHex } from './bytes'

/**
 * The network transaction of a finalized PSBT (BIP-174 version 0), as hex, for POST /tx: the
 * unsigned transaction with each input's final scriptSig and witness put in. bitcoinjs-lib's Psbt
 * does this too, but the widget does not depend on it (it reaches bitcoinjs only through
 * @airlock/chains/bip122), and this is a byte copy, no cryptography: the node checks the signatures.
 */

const malformed = (why: string) =>
  new ProviderRpcError(RpcErrorCode.InternalError, `The wallet returned a PSBT that cannot be sent: ${why}`)

class Reader {
  offset = 0
  constructor(readonly bytes: Uint8Array) {}
  take(length: number): Uint8Array {
    if (length < 0 || this.offset + length > this.bytes.length) throw malformed('truncated')
    return this.bytes.subarray(this.offset, (this.offset += length))
  }
  /** Bitcoin's CompactSize unsigned integer. */
  varint(): number {
    const first = this.take(1)[0]!
    if (first < 0xfd) return first
    const wide = this.take(first === 0xfd ? 2 : first === 0xfe ? 4 : 8)
    let value = 0
    for (let i = wide.length - 1; i >= 0; i--) value = value * 256 + wide[i]!
    if (!Number.isSafeInteger(value)) throw malformed('a length out of range')
    return value
  }
  /** A map's key-value pairs up to its 0x00 separator. */
  map(): { type: number; key: Uint8Array; value: Uint8Array }[] {
    const pairs = []
    for (let length = this.varint(); length !== 0; length = this.varint()) {
      const key = this.take(length)
      pairs.push({ type: key[0]!, key, value: this.take(this.varint()) })
    }
    return pairs
  }
}

const varint = (n: number): number[] =>
  n < 0xfd ? [n] : n <= 0xffff ? [0xfd, n & 0xff, n >> 8] : [0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]

const MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff]
const GLOBAL_UNSIGNED_TX = 0x00
const INPUT_FINAL_SCRIPTSIG = 0x07
const INPUT_FINAL_SCRIPTWITNESS = 0x08

export function finalizedTransactionHex(psbt: Uint8Array): string {
  const reader = new Reader(psbt)
  if (!MAGIC.every((byte) => reader.take(1)[0] === byte)) throw malformed('not a PSBT')
  const unsigned = reader.map().find((pair) => pair.type === GLOBAL_UNSIGNED_TX && pair.key.length === 1)?.value
  if (!unsigned) throw malformed('no transaction in it')

  // The unsigned transaction (no witness): version, inputs with empty scriptSigs, outputs, locktime.
  const tx = new Reader(unsigned)
  const version = tx.take(4)
  const inputCount = tx.varint()
  const outpoints: { outpoint: Uint8Array; sequence: Uint8Array }[] = []
  for (let i = 0; i < inputCount; i++) {
    const outpoint = tx.take(36)
    tx.take(tx.varint())
    outpoints.push({ outpoint, sequence: tx.take(4) })
  }
  const outputsStart = tx.offset
  const outputCount = tx.varint()
  for (let i = 0; i < outputCount; i++) {
    tx.take(8)
    tx.take(tx.varint())
  }
  const outputs = unsigned.subarray(outputsStart, tx.offset)
  const locktime = tx.take(4)

  const finals = outpoints.map((_, index) => {
    const pairs = reader.map()
    const scriptSig = pairs.find((pair) => pair.type === INPUT_FINAL_SCRIPTSIG)?.value
    const witness = pairs.find((pair) => pair.type === INPUT_FINAL_SCRIPTWITNESS)?.value
    if (!scriptSig && !witness) throw malformed(`input ${index} is not signed`)
    return { scriptSig: scriptSig ?? new Uint8Array(), witness }
  })
  const segwit = finals.some((final) => final.witness)
  const parts: ArrayLike<number>[] = [version, segwit ? [0x00, 0x01] : [], varint(inputCount)]
  outpoints.forEach(({ outpoint, sequence }, index) => {
    const { scriptSig } = finals[index]!
    parts.push(outpoint, varint(scriptSig.length), scriptSig, sequence)
  })
  parts.push(outputs)
  // A final witness is already serialized as the transaction writes it (item count, then items); an input without one has 0 items.
  if (segwit) for (const { witness } of finals) parts.push(witness ?? [0x00])
  parts.push(locktime)
  return parts.map((part) => bytesToHex(Uint8Array.from(part))).join('')
}
