import { formatDecimal } from '@airlock/chains'

/** The fiat amount the user types, checked against the payment method's limits (SPEC section 9). */

export const INVALID_AMOUNT_TEXT = 'Please enter a valid amount'
export const TOO_MANY_DECIMALS_TEXT = 'Use at most 2 decimals'

const PLAIN = /^\d{1,15}(\.\d*)?$/
/** '1,250.50' as en-US writes it (a pasted amount): commas only between groups of three. */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/

export type AmountCheck = { ok: true; amount: string } | { ok: false; error: string } | { ok: false; error: undefined }

/** Cents of a decimal string of at most 2 decimals. */
const cents = (value: string): bigint => {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0') || '0')
}

/**
 * `input` as the amount to quote (normalised: no commas, no trailing dot), or the error to show.
 * Empty input is no error, just nothing to quote.
 */
export function checkAmount(input: string, limits: { min: string; max: string } | undefined, currency: string): AmountCheck {
  const trimmed = input.trim()
  if (trimmed === '') return { ok: false, error: undefined }
  if (!PLAIN.test(trimmed) && !GROUPED.test(trimmed)) return { ok: false, error: INVALID_AMOUNT_TEXT }
  const amount = trimmed.replace(/,/g, '').replace(/\.$/, '')
  const fraction = amount.split('.')[1] ?? ''
  if (fraction.length > 2) return { ok: false, error: TOO_MANY_DECIMALS_TEXT }
  const value = cents(amount)
  if (value === 0n) return { ok: false, error: INVALID_AMOUNT_TEXT }
  if (limits && value < cents(limits.min)) return { ok: false, error: `Minimum amount is ${formatDecimal(limits.min)} ${currency}` }
  if (limits && value > cents(limits.max)) return { ok: false, error: `Maximum amount is ${formatDecimal(limits.max)} ${currency}` }
  return { ok: true, amount }
}
