import { parseAmount, type AmountRefusal } from '@airlock/chains'

/**
 * The send amount as typed (pure), read by the shared amount parser (its comma rule included): a
 * clear reason for every input that cannot be sent, else the amount in the token's smallest units.
 * The input is never rewritten: a refused amount stays in the field for the user to fix.
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

const errors: Record<AmountRefusal, (token: { symbol: string; decimals: number }) => string> = {
  empty: () => AmountError.empty,
  invalid: () => AmountError.invalid,
  comma: () => AmountError.comma,
  negative: () => AmountError.negative,
  zero: () => AmountError.zero,
  decimals: (token) => AmountError.tooManyDecimals(token.symbol, token.decimals),
}

export type AmountCheck = { ok: true; value: bigint } | { ok: false; error: string }

/** A held quantity the api gives as a human decimal string ('1.5'), in smallest units (extra digits cut). */
export function quantityToUnits(numeric: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = numeric.split('.')
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return 0n
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.slice(0, decimals).padEnd(decimals, '0') || '0')
}

/** Checks a typed amount against the token's decimals and the balance (both in smallest units). */
export function checkAmount(input: string, token: { symbol: string; decimals: number; balance: bigint }): AmountCheck {
  const parsed = parseAmount(input, token.decimals)
  if (!parsed.ok) return { ok: false, error: errors[parsed.reason](token) }
  if (parsed.units > token.balance) return { ok: false, error: AmountError.insufficient }
  return { ok: true, value: parsed.units }
}
