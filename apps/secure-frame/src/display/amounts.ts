/** Amounts as every family's confirmation shows them: a token's or a native currency's units, digits grouped. */

export interface TokenInfo {
  symbol: string
  decimals: number
}
/** A token's symbol and decimals by contract address (any case); undefined when unknown. */
export type TokenLookup = (address: string) => TokenInfo | undefined

export interface NativeInfo {
  symbol: string
  decimals: number
}

/** `1234567.125` -> `1,234,567.125`: thousands separators, every decimal kept (exact amounts). */
export function groupDigits(decimal: string): string {
  const [whole = '0', fraction] = decimal.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}
