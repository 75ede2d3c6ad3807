/**
 * An amount a user typed (pure; swap, send and on-ramp all read amounts with it, so they agree on
 * what an amount is): a positive decimal with no more significant fraction digits than `decimals`,
 * in smallest units. Each feature words the refusal reasons itself.
 *
 * Commas: en-US thousands separators in their places ('1,000.5', '12,345,678') are read without
 * them, since that is how a pasted formatted balance looks; any other comma ('1,5', '10,00') is
 * refused, because it may be a decimal comma and guessing could move 1000x too much.
 */

export type AmountRefusal = 'empty' | 'invalid' | 'comma' | 'negative' | 'zero' | 'decimals'

/** `value` is the amount as a plain decimal string with at most `decimals` fraction digits. */
export type ParsedAmount = { ok: true; units: bigint; value: string } | { ok: false; reason: AmountRefusal }

const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d*)?$/
const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/** `input` with en-US thousands separators removed, or undefined when a comma is anywhere else. */
export function withoutThousands(input: string): string | undefined {
  if (!input.includes(',')) return input
  const unsigned = input.startsWith('-') ? input.slice(1) : input
  return THOUSANDS.test(unsigned) ? input.replaceAll(',', '') : undefined
}

const refuse = (reason: AmountRefusal): ParsedAmount => ({ ok: false, reason })

/** `input` in smallest units of a token with `decimals`, or why it is not an amount. */
export function parseAmount(input: string, decimals: number): ParsedAmount {
  const trimmed = input.trim()
  if (trimmed === '') return refuse('empty')
  const plain = withoutThousands(trimmed)
  if (plain === undefined) return refuse('comma')
  const negative = plain.startsWith('-')
  const match = DECIMAL.exec(negative ? plain.slice(1) : plain)
  if (!match || !/\d/.test(plain)) return refuse('invalid')
  const [, whole = '', fraction = ''] = match
  // '-0' is a zero, not a negative amount.
  if (negative && /[1-9]/.test(whole + fraction)) return refuse('negative')
  // Trailing zeros are not decimals: '1.500000000' is a USDC amount.
  const significant = fraction.replace(/0+$/, '')
  if (significant.length > decimals) return refuse('decimals')
  const units = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(significant.padEnd(decimals, '0') || '0')
  if (units === 0n) return refuse('zero')
  const kept = fraction.slice(0, decimals)
  return { ok: true, units, value: kept ? `${whole || '0'}.${kept}` : whole || '0' }
}
