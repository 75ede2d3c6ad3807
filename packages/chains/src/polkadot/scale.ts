import { bytesToHex, hexToBytes } from '@noble/hashes/utils'

/**
 * The SCALE encodings a Polkadot transaction needs (compact integers, fixed little-endian
 * integers up to u128, bytes), read through a bounded reader that never reads past the end and
 * says what it was reading when the bytes run out or are not canonical.
 */

export class ScaleError extends Error {
  override name = 'ScaleError'
}

const MAX_U128 = (1n << 128n) - 1n

/** SCALE's compact integer: 1, 2 or 4 bytes for values below 2^6, 2^14, 2^30, else a length byte and the value in 4 to 16 bytes. */
export function encodeCompact(value: bigint | number): Uint8Array {
  const n = BigInt(value)
  if (n < 0n || n > MAX_U128) throw new ScaleError(`A compact integer is 0 to 2^128-1, not ${n}`)
  if (n < 1n << 6n) return Uint8Array.of(Number(n) << 2)
  if (n < 1n << 14n) return encodeUint((n << 2n) | 1n, 2)
  if (n < 1n << 30n) return encodeUint((n << 2n) | 2n, 4)
  const bytes = encodeUint(n, 16)
  let length = 16
  while (bytes[length - 1] === 0) length--
  return Uint8Array.of(((length - 4) << 2) | 3, ...bytes.subarray(0, length))
}

/** `value` as `bytes` little-endian bytes (u8 to u128); a value that does not fit is refused. */
export function encodeUint(value: bigint | number, bytes: number): Uint8Array {
  let n = BigInt(value)
  if (n < 0n || n >= 1n << BigInt(8 * bytes)) throw new ScaleError(`${n} does not fit in ${bytes} bytes`)
  const out = new Uint8Array(bytes)
  for (let i = 0; i < bytes; i++, n >>= 8n) out[i] = Number(n & 0xffn)
  return out
}

export class ScaleReader {
  #offset = 0
  constructor(private readonly bytes: Uint8Array) {}

  get offset(): number {
    return this.#offset
  }

  get remaining(): number {
    return this.bytes.length - this.#offset
  }

  /** `length` bytes; `what` names them in the error when fewer are left. */
  take(length: number, what: string): Uint8Array {
    if (length > this.remaining) throw new ScaleError(`${what}: needs ${length} bytes at offset ${this.#offset}, ${this.remaining} left`)
    const out = this.bytes.subarray(this.#offset, this.#offset + length)
    this.#offset += length
    return out
  }

  u8(what: string): number {
    return this.take(1, what)[0]!
  }

  /** A little-endian unsigned integer of `bytes` bytes (1 to 16). */
  uint(bytes: number, what: string): bigint {
    const slice = this.take(bytes, what)
    let n = 0n
    for (let i = bytes - 1; i >= 0; i--) n = (n << 8n) | BigInt(slice[i]!)
    return n
  }

  /** A compact integer up to u128; a value written longer than it needs is refused, as the runtime refuses it. */
  compact(what: string): bigint {
    const first = this.bytes[this.#offset]
    if (first === undefined) throw new ScaleError(`${what}: needs a compact integer at offset ${this.#offset}, 0 bytes left`)
    const mode = first & 0b11
    if (mode === 0) return this.uint(1, what) >> 2n
    if (mode === 1) return checkCanonical(this.uint(2, what) >> 2n, 1n << 6n, what)
    if (mode === 2) return checkCanonical(this.uint(4, what) >> 2n, 1n << 14n, what)
    const length = (first >> 2) + 4
    if (length > 16) throw new ScaleError(`${what}: a compact integer of ${length} bytes is wider than u128`)
    this.#offset++
    return checkCanonical(this.uint(length, what), length === 4 ? 1n << 30n : 1n << BigInt(8 * (length - 1)), what)
  }

  /** A compact length, then that many bytes (Vec<u8>). */
  bytesWithLength(what: string): Uint8Array {
    const length = this.compact(`${what} length`)
    if (length > BigInt(this.remaining))
      throw new ScaleError(`${what}: says ${length} bytes at offset ${this.#offset}, ${this.remaining} left`)
    return this.take(Number(length), what)
  }

  /** That every byte was read: trailing bytes mean the layout was not what the reader expected. */
  end(what: string): void {
    if (this.remaining !== 0) throw new ScaleError(`${what}: ${this.remaining} bytes left over at offset ${this.#offset}`)
  }
}

function checkCanonical(value: bigint, min: bigint, what: string): bigint {
  if (value < min) throw new ScaleError(`${what}: the compact integer ${value} is not in its shortest form`)
  return value
}

/** 0x-hex to bytes; `what` names the field when the hex is not whole bytes. */
export function fromHex(value: string, what: string): Uint8Array {
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(value)) throw new ScaleError(`${what} is not 0x-hex of whole bytes`)
  return hexToBytes(value.slice(2))
}

export function toHex(bytes: Uint8Array): `0x${string}` {
  return `0x${bytesToHex(bytes)}`
}
