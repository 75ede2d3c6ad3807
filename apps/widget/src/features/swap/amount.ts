import { parseAmount, withoutThousands, type AmountRefusal } from '@airlock/chains'

/**
 * The swap amount the user types (SPEC section 5), read by the shared amount parser. Whitespace is
 * dropped and pasted en-US grouping ('1,234.5') is shown as the number it is; any other comma is
 * refused, as in send.
 */

/** SPEC section 8: the input error of an amount that cannot be quoted, and its hint. */
export const INCORRECT_AMOUNT = 'Incorrect amount'
export const ENTER_VALID_AMOUNT = 'Please enter a valid amount'
export const INSUFFICIENT_BALANCE = 'Insufficient balance'

export type AmountCheck = { ok: true; units: bigint; value: string } | { ok: false; error: typeof INCORRECT_AMOUNT; hint: string }

/** What the field keeps of a typed or pasted value: whitespace and thousands separators dropped. */
export function normaliseAmountInput(input: string): string {
  const compact = input.replace(/\s+/g, '')
  return withoutThousands(compact) ?? compact
}

const hints: Record<AmountRefusal, (decimals: number) => string> = {
  empty: () => ENTER_VALID_AMOUNT,
  invalid: () => ENTER_VALID_AMOUNT,
  comma: () => 'Use a dot for decimals; commas only between thousands',
  negative: () => 'The amount cannot be negative',
  zero: () => 'The amount must be above 0',
  decimals: (decimals) => `This token has at most ${decimals} decimals`,
}

/** The amount in smallest units of a token with `decimals`, or why it is not one. */
export function parseSwapAmount(input: string, decimals: number): AmountCheck {
  const parsed = parseAmount(normaliseAmountInput(input), decimals)
  return parsed.ok ? parsed : { ok: false, error: INCORRECT_AMOUNT, hint: hints[parsed.reason](decimals) }
}
