import { formatDecimal, parseAmount } from '@airlock/chains'

/**
 * The fiat amount the user types (SPEC section 9), read by the shared amount parser in cents and
 * checked against the payment method's limits.
 */

export const INVALID_AMOUNT_TEXT = 'Please enter a valid amount'
export const TOO_MANY_DECIMALS_TEXT = 'Use at most 2 decimals'

export type AmountCheck = { ok: true; amount: string } | { ok: false; error: string } | { ok: false; error: undefined }

/** Cents of a limit, a decimal string of at most 2 decimals. */
const cents = (value: string): bigint => {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0') || '0')
}

/**
 * `input` as the amount to quote (normalised: no commas, no trailing dot), or the error to show.
 * Empty input is no error, just nothing to quote.
 */
export function checkAmount(input: string, limits: { min: string; max: string } | undefined, currency: string): AmountCheck {
  const parsed = parseAmount(input, 2)
  if (!parsed.ok && parsed.reason === 'empty') return { ok: false, error: undefined }
  if (!parsed.ok) return { ok: false, error: parsed.reason === 'decimals' ? TOO_MANY_DECIMALS_TEXT : INVALID_AMOUNT_TEXT }
  if (limits && parsed.units < cents(limits.min)) return { ok: false, error: `Minimum amount is ${formatDecimal(limits.min)} ${currency}` }
  if (limits && parsed.units > cents(limits.max)) return { ok: false, error: `Maximum amount is ${formatDecimal(limits.max)} ${currency}` }
  return { ok: true, amount: parsed.value }
}
