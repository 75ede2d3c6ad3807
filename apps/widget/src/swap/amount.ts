/**
 * The swap amount the user types (SPEC section 5): a positive decimal with no more fraction
 * digits than the token has. Pasted en-US grouping ('1,234.5') is read as the number it shows; a
 * lone comma ('0,5') as the decimal separator. Everything else is refused with a reason.
 */

/** SPEC section 8: the input error of an amount that cannot be quoted, and its hint. */
export const INCORRECT_AMOUNT = 'Incorrect amount'
export const ENTER_VALID_AMOUNT = 'Please enter a valid amount'
export const INSUFFICIENT_BALANCE = 'Insufficient balance'

export type AmountCheck = { ok: true; units: bigint; value: string } | { ok: false; error: typeof INCORRECT_AMOUNT; hint: string }

const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/
const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/** What the field keeps of a typed or pasted value: whitespace dropped, separators normalised. */
export function normaliseAmountInput(input: string): string {
  const trimmed = input.replace(/\s+/g, '')
  if (GROUPED.test(trimmed)) return trimmed.replace(/,/g, '')
  if (/^\d*,\d*$/.test(trimmed)) return trimmed.replace(',', '.')
  return trimmed
}

const refuse = (hint: string): AmountCheck => ({ ok: false, error: INCORRECT_AMOUNT, hint })

/** The amount in smallest units of a token with `decimals`, or why it is not one. */
export function parseSwapAmount(input: string, decimals: number): AmountCheck {
  const value = normaliseAmountInput(input)
  if (value.startsWith('-')) return refuse('The amount cannot be negative')
  const match = DECIMAL.exec(value)
  if (!match || value === '' || value === '.') return refuse(ENTER_VALID_AMOUNT)
  const [, whole = '', fraction = ''] = match
  if (fraction.length > decimals) return refuse(`This token has at most ${decimals} decimals`)
  const units = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`)
  if (units === 0n) return refuse('The amount must be above 0')
  return { ok: true, units, value }
}
