import { maxUint256 } from 'viem'

export type AmountResult = { ok: true; value: bigint } | { ok: false; reason: string }

const MAX_DIGITS = 78 // 2^256-1 has 78 decimal digits

/**
 * A token amount in smallest units: a positive integer written in decimal digits, at most
 * 2^256-1. Decimals ("1.5"), signs, exponents, hex, spaces and zero are refused with a reason.
 */
export function parseAmount(raw: unknown, field = 'amount'): AmountResult {
  if (typeof raw !== 'string' || raw === '')
    return { ok: false, reason: `${field}: required, an integer string in the token's smallest units` }
  if (/^[-+]/.test(raw.trim())) {
    return raw.trim().startsWith('-')
      ? { ok: false, reason: `${field}: must be positive, got "${clip(raw)}"` }
      : { ok: false, reason: `${field}: must be plain decimal digits without a sign, got "${clip(raw)}"` }
  }
  if (/^[0-9]*[.,][0-9]*$/.test(raw)) {
    return { ok: false, reason: `${field}: must be an integer in the token's smallest units (no decimal point), got "${clip(raw)}"` }
  }
  if (!/^[0-9]+$/.test(raw)) return { ok: false, reason: `${field}: must be plain decimal digits, got "${clip(raw)}"` }
  const digits = raw.replace(/^0+(?=.)/, '')
  if (digits.length > MAX_DIGITS) return { ok: false, reason: `${field}: exceeds 2^256-1` }
  const value = BigInt(digits)
  if (value === 0n) return { ok: false, reason: `${field}: must be greater than zero` }
  if (value > maxUint256) return { ok: false, reason: `${field}: exceeds 2^256-1` }
  return { ok: true, value }
}

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s)
