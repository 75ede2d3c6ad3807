/**
 * Exact decimal arithmetic for the on-ramp sandbox: fiat in integer cents, crypto in smallest units,
 * prices and exchange rates in micro-units (1e-6). No floating point anywhere money is computed.
 */

const DECIMAL = /^(\d{1,15})(?:\.(\d+))?$/

export type ParsedDecimal = { ok: true; units: bigint } | { ok: false; reason: 'format' | 'decimals' }

/** `"12.5"` with 2 decimals -> 1250n. Rejects signs, exponents, empty parts and more decimals than allowed. */
export function parseDecimal(value: string, decimals: number): ParsedDecimal {
  const match = DECIMAL.exec(value.trim())
  if (!match) return { ok: false, reason: 'format' }
  const fraction = match[2] ?? ''
  if (match[0].includes('.') && fraction === '') return { ok: false, reason: 'format' }
  if (fraction.length > decimals) return { ok: false, reason: 'decimals' }
  return { ok: true, units: BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0') }
}

/** 1250n with 2 decimals -> `"12.50"` (fixed decimals, as fiat amounts are shown). */
export function formatFixed(units: bigint, decimals: number): string {
  const negative = units < 0n
  const abs = negative ? -units : units
  const scale = 10n ** BigInt(decimals)
  const whole = (abs / scale).toString()
  const fraction = decimals ? `.${(abs % scale).toString().padStart(decimals, '0')}` : ''
  return `${negative ? '-' : ''}${whole}${fraction}`
}

/** 1500000n with 6 decimals -> `"1.5"` (trailing zeros trimmed, as crypto amounts are shown). */
export function formatTrimmed(units: bigint, decimals: number): string {
  const fixed = formatFixed(units, decimals)
  return decimals ? fixed.replace(/\.?0+$/, '') || '0' : fixed
}

export const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b

/** a * b / c rounded half up (all non-negative). */
export const mulDivRound = (a: bigint, b: bigint, c: bigint): bigint => (2n * a * b + c) / (2n * c)

export const CENTS = 2
export const MICRO = 1_000_000n
