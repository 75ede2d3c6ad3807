import { TypeRegistry } from '@polkadot/types'
import { compactToU8a, u8aToHex } from '@polkadot/util'
import { describe, expect, it } from 'vitest'
import { encodeCompact, encodeUint, fromHex, ScaleReader, toHex } from './scale'

const registry = new TypeRegistry()

describe('compact integers', () => {
  const values = [0n, 1n, 63n, 64n, 16383n, 16384n, (1n << 30n) - 1n, 1n << 30n, (1n << 32n) - 1n, 1n << 32n, 10n ** 20n, (1n << 128n) - 1n]

  it.each(values)('encode %s as @polkadot/util does, and read back', (value) => {
    const bytes = encodeCompact(value)
    expect(u8aToHex(bytes)).toBe(u8aToHex(compactToU8a(value)))
    const reader = new ScaleReader(bytes)
    expect(reader.compact('value')).toBe(value)
    expect(reader.remaining).toBe(0)
  })

  it('refuse negatives, values wider than u128, and encodings longer than needed', () => {
    expect(() => encodeCompact(-1)).toThrow('A compact integer is 0 to 2^128-1, not -1')
    expect(() => encodeCompact(1n << 128n)).toThrow(/not 340282366920938463463374607431768211456/)
    // 1 written in 2 bytes (mode 1), and 2^30 - 1 in the big-integer mode: the runtime refuses both.
    expect(() => new ScaleReader(Uint8Array.of(0b101, 0)).compact('nonce')).toThrow(
      'nonce: the compact integer 1 is not in its shortest form',
    )
    expect(() => new ScaleReader(Uint8Array.of(3, 0xff, 0xff, 0xff, 0x3f)).compact('tip')).toThrow(/shortest form/)
    expect(() => new ScaleReader(Uint8Array.of(3 | (13 << 2), ...new Uint8Array(17).fill(1))).compact('tip')).toThrow(
      'tip: a compact integer of 17 bytes is wider than u128',
    )
  })

  it('never read past the end, and say what ran out', () => {
    expect(() => new ScaleReader(new Uint8Array(0)).compact('nonce')).toThrow('nonce: needs a compact integer at offset 0, 0 bytes left')
    expect(() => new ScaleReader(Uint8Array.of(0b01)).compact('amount')).toThrow('amount: needs 2 bytes at offset 0, 1 left')
    expect(() => new ScaleReader(Uint8Array.of(3 | (12 << 2), 1, 2)).compact('amount')).toThrow(
      'amount: needs 16 bytes at offset 1, 2 left',
    )
    expect(() => new ScaleReader(Uint8Array.of(40, 1, 2)).bytesWithLength('remark')).toThrow('remark: says 10 bytes at offset 1, 2 left')
    const reader = new ScaleReader(Uint8Array.of(1, 2, 3))
    reader.take(1, 'first')
    expect(() => reader.end('call')).toThrow('call: 2 bytes left over at offset 1')
  })
})

describe('fixed integers', () => {
  it.each([
    ['u8', 1, 255n],
    ['u16', 2, 513n],
    ['u32', 4, 4_000_000_000n],
    ['u64', 8, 18_000_000_000_000_000_000n],
    ['u128', 16, (1n << 128n) - 2n],
  ] as const)('%s is little-endian, as @polkadot/types writes it', (type, bytes, value) => {
    const encoded = encodeUint(value, bytes)
    expect(toHex(encoded)).toBe(registry.createType(type, value).toHex(true))
    expect(new ScaleReader(encoded).uint(bytes, type)).toBe(value)
  })

  it('refuse a value that does not fit', () => {
    expect(() => encodeUint(256, 1)).toThrow('256 does not fit in 1 bytes')
    expect(() => encodeUint(-1, 4)).toThrow('-1 does not fit in 4 bytes')
  })
})

describe('hex', () => {
  it('takes whole bytes only', () => {
    expect(fromHex('0x0aff', 'method')).toEqual(Uint8Array.of(10, 255))
    expect(() => fromHex('0x0af', 'method')).toThrow('method is not 0x-hex of whole bytes')
    expect(() => fromHex('0aff', 'method')).toThrow('method is not 0x-hex of whole bytes')
  })
})
