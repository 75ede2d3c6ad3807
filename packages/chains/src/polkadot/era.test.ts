import { TypeRegistry } from '@polkadot/types'
import { u8aToHex } from '@polkadot/util'
import { describe, expect, it } from 'vitest'
import { encodeEra, eraBlocks, IMMORTAL, mortalEra, readEra } from './era'
import { ScaleReader } from './scale'

const registry = new TypeRegistry()

describe('eras', () => {
  it.each([
    [64, 915],
    [4, 0],
    [100, 12345],
    [2400, 20_000_000],
    [8192, 20_000_001],
    [65536, 123_456_789],
    [1 << 20, 7],
  ])('a mortal era of %i blocks made at block %i encodes as @polkadot/types does', (period, current) => {
    const era = mortalEra(period, current)
    const made = registry.createType('ExtrinsicEra', { current, period })
    expect(u8aToHex(encodeEra(era))).toBe(made.toHex())
    // Read back, as the runtime reads it: the phase quantized (to period / 4096 above 4096 blocks).
    const reference = registry.createType('ExtrinsicEra', made.toU8a())
    expect(era).toMatchObject({ period: reference.asMortalEra.period.toNumber(), phase: reference.asMortalEra.phase.toNumber() })
    expect(readEra(new ScaleReader(encodeEra(era)))).toEqual(era)
    const { birth, death } = eraBlocks(era as Extract<typeof era, { kind: 'mortal' }>, current)
    expect(birth).toBe(reference.asMortalEra.birth(current))
    expect(death).toBe(reference.asMortalEra.death(current))
    expect(birth).toBeLessThanOrEqual(current)
    expect(death).toBeGreaterThan(current)
  })

  it('immortal is 0x00', () => {
    expect(encodeEra(IMMORTAL)).toEqual(Uint8Array.of(0))
    expect(readEra(new ScaleReader(Uint8Array.of(0)))).toEqual(IMMORTAL)
  })

  it('refuses a period below 4 and a phase past the period; a mortal era is 2 bytes', () => {
    // Low bits 0: period 2.
    expect(() => readEra(new ScaleReader(Uint8Array.of(0x10, 0x00)))).toThrow('era: period 2 and phase 1 are no mortal era')
    // period 4 (low bits 1), phase 5.
    expect(() => readEra(new ScaleReader(Uint8Array.of(0x51, 0x00)))).toThrow('era: period 4 and phase 5 are no mortal era')
    expect(() => readEra(new ScaleReader(Uint8Array.of(0x35)))).toThrow('era: needs 1 bytes at offset 1, 0 left')
  })
})
