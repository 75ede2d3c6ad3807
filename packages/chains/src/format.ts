/** Display precision (SPEC section 9): values 2 decimals, balances 3, en-US. */
export const DISPLAY_DECIMALS = 2
export const BALANCE_DECIMALS = 3

/** `value / 10^decimals` as an exact decimal string without trailing zeros, like viem's formatUnits. */
export function formatUnits(value: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`Invalid decimals: ${decimals}`)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/

/** Rounds a decimal string half away from zero to exactly `fractionDigits` digits. */
export function roundDecimal(value: string, fractionDigits: number): string {
  const match = DECIMAL.exec(value)
  if (!match) throw new RangeError(`Not a decimal number: ${value}`)
  const [, sign = '', whole = '0', fraction = ''] = match
  const padded = fraction.padEnd(fractionDigits + 1, '0')
  let scaled = BigInt(whole + padded.slice(0, fractionDigits))
  if (Number(padded[fractionDigits]) >= 5) scaled += 1n
  const digits = scaled.toString().padStart(fractionDigits + 1, '0')
  const roundedWhole = digits.slice(0, digits.length - fractionDigits)
  const roundedFraction = digits.slice(digits.length - fractionDigits)
  const isZero = /^[0.]*$/.test(roundedWhole + roundedFraction)
  return `${isZero ? '' : sign}${roundedWhole}${fractionDigits > 0 ? `.${roundedFraction}` : ''}`
}

/** en-US display of a decimal string: thousands separators and exactly `fractionDigits` decimals. */
export function formatDecimal(value: string, fractionDigits = DISPLAY_DECIMALS): string {
  const rounded = roundDecimal(value, fractionDigits)
  const [whole = '0', fraction] = rounded.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

/** A token amount in smallest units for display, e.g. `1,234.568 ETH`. */
export function formatBalance(value: bigint, decimals: number, symbol?: string, fractionDigits = BALANCE_DECIMALS): string {
  const amount = formatDecimal(formatUnits(value, decimals), fractionDigits)
  return symbol ? `${amount} ${symbol}` : amount
}
