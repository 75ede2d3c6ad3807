import { encodeUint, ScaleError, type ScaleReader } from './scale'

/**
 * A transaction's era (CheckMortality): immortal (valid at any block), or mortal, valid for
 * `period` blocks (a power of two, 4 to 65536) from the block it was born at, whose number is
 * `phase` modulo the period. Encoded as 0x00, or 2 bytes: the period's log2 - 1 in the low 4 bits,
 * the phase (quantized to period / 4096 above 4096) above them; as Substrate's `Era` writes it.
 */
export type Era = { kind: 'immortal' } | { kind: 'mortal'; period: number; phase: number }

export const IMMORTAL: Era = { kind: 'immortal' }
const MAX_PERIOD = 1 << 16

/** The mortal era of `period` blocks (rounded up to a power of two, 4 to 65536) for a transaction made at block `current`. */
export function mortalEra(period: number, current: number): Era {
  let rounded = 4
  while (rounded < period && rounded < MAX_PERIOD) rounded *= 2
  const quantize = Math.max(rounded >> 12, 1)
  const phase = current % rounded
  return { kind: 'mortal', period: rounded, phase: Math.floor(phase / quantize) * quantize }
}

export function encodeEra(era: Era): Uint8Array {
  if (era.kind === 'immortal') return Uint8Array.of(0)
  const quantize = Math.max(era.period >> 12, 1)
  const low = Math.min(15, Math.max(1, Math.log2(era.period) - 1))
  return encodeUint(low | ((era.phase / quantize) << 4), 2)
}

export function readEra(reader: ScaleReader): Era {
  const first = reader.u8('era')
  if (first === 0) return IMMORTAL
  const encoded = first | (reader.u8('era') << 8)
  const period = 2 << (encoded & 0b1111)
  const phase = (encoded >> 4) * Math.max(period >> 12, 1)
  if (period < 4 || phase >= period) throw new ScaleError(`era: period ${period} and phase ${phase} are no mortal era`)
  return { kind: 'mortal', period, phase }
}

/**
 * The blocks a mortal era is valid at, for a transaction made at block `current`: from `birth`
 * (the latest block at or before `current` whose number is the phase modulo the period) up to,
 * not including, `death` = birth + period.
 */
export function eraBlocks(era: Era & { kind: 'mortal' }, current: number): { birth: number; death: number } {
  const birth = Math.floor((Math.max(current, era.phase) - era.phase) / era.period) * era.period + era.phase
  return { birth, death: birth + era.period }
}
