/**
 * The send amount as typed (pure): a clear reason for every input that cannot be sent, else the
 * amount in the token's smallest units. The input is never rewritten: a refused amount stays in
 * the field for the user to fix.
 *
 * Commas: en-US thousands separators in their places ('1,000.5', '12,345,678') are accepted and
 * read without them, since that is how a pasted formatted balance looks; any other comma ('1,5',
 * '10,00') is refused, because it may be a decimal comma and guessing could send 1000x too much.
 */

export const AmountError = {
  empty: 'Enter an amount',
  invalid: 'Incorrect amount',
  negative: 'Amount cannot be negative',
  zero: 'Amount must be greater than 0',
  comma: 'Use a dot for decimals; commas only between thousands',
  insufficient: 'Insufficient balance',
  tooManyDecimals: (symbol: string, decimals: number) =>
    decimals === 0 ? `${symbol} has no decimals` : `Too many decimals: ${symbol} has ${decimals}`,
} as const

export type AmountCheck = { ok: true; value: bigint } | { ok: false; error: string }

const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d*)?$/
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/

/** The amount with en-US thousands separators removed, or undefined when a comma is anywhere else. */
export function normaliseAmount(input: string): string | undefined {
  const trimmed = input.trim()
  if (!trimmed.includes(',')) return trimmed
  const unsigned = trimmed.startsWith('-') ? trimmed.slice(1) : trimmed
  if (!THOUSANDS.test(unsigned)) return undefined
  return trimmed.replaceAll(',', '')
}

/** `amount` (a plain decimal string) in smallest units; undefined when it has more than `decimals` fraction digits. */
export function toSmallestUnits(amount: string, decimals: number): bigint | undefined {
  const [whole = '', fraction = ''] = amount.split('.')
  const significant = fraction.replace(/0+$/, '')
  if (significant.length > decimals) return undefined
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(significant.padEnd(decimals, '0') || '0')
}

/** A held quantity the api gives as a human decimal string ('1.5'), in smallest units (extra digits cut). */
export function quantityToUnits(numeric: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = numeric.split('.')
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return 0n
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.slice(0, decimals).padEnd(decimals, '0') || '0')
}

/** Checks a typed amount against the token's decimals and the balance (both in smallest units). */
export function checkAmount(input: string, token: { symbol: string; decimals: number; balance: bigint }): AmountCheck {
  if (input.trim() === '') return { ok: false, error: AmountError.empty }
  const normalised = normaliseAmount(input)
  if (normalised === undefined) return { ok: false, error: AmountError.comma }
  const negative = normalised.startsWith('-')
  const unsigned = negative ? normalised.slice(1) : normalised
  if (!DECIMAL.test(unsigned)) return { ok: false, error: AmountError.invalid }
  if (negative && /[1-9]/.test(unsigned)) return { ok: false, error: AmountError.negative }
  const value = toSmallestUnits(unsigned, token.decimals)
  if (value === undefined) return { ok: false, error: AmountError.tooManyDecimals(token.symbol, token.decimals) }
  if (value === 0n) return { ok: false, error: AmountError.zero }
  if (value > token.balance) return { ok: false, error: AmountError.insufficient }
  return { ok: true, value }
}
