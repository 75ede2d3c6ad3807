import type { ConvertToken } from '@airlock/protocol'
import type { TokenBalance } from '../../core/http/accountData'

/** SPEC section 3 "Swap token", plus the name and, for my tokens, the held quantity. */
export type SwapToken = ConvertToken & { quantity?: { decimals: string; numeric: string }; price?: number }

/** The native token's address in CAIP-10 ids (SPEC section 9: the default namespace's native token). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Symbols offered first in the picker when the chain's list has them (SPEC: list not shown). */
export const SUGGESTED_SYMBOLS: readonly string[] = ['USDC', 'USDT', 'DAI', 'WETH', 'WBTC']

export const nativeTokenAddress = (caipNetworkId: string) => `${caipNetworkId}:${NATIVE_TOKEN_ADDRESS}`

export function isNativeToken(token: { address: string }): boolean {
  return token.address.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`)
}

/** The plain 0x address of a CAIP-10 id. */
export function plainAddress(caip10: string): `0x${string}` {
  return caip10.split(':').at(-1) as `0x${string}`
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** SPEC section 3: popular tokens are the chain's list sorted by symbol. */
export function popularTokens(tokens: readonly SwapToken[]): SwapToken[] {
  return [...tokens].sort((a, b) => a.symbol.localeCompare(b.symbol, 'en-US'))
}

export function suggestedTokens(tokens: readonly SwapToken[]): SwapToken[] {
  return SUGGESTED_SYMBOLS.flatMap((symbol) => tokens.filter((t) => t.symbol === symbol))
}

/**
 * The account's balances as swap tokens: the chain's list entry when it has one (its decimals and
 * logo), else the balance's own fields; the native balance gets the native address.
 */
export function myTokensWithBalance(balances: readonly TokenBalance[], tokens: readonly SwapToken[], caipNetworkId: string): SwapToken[] {
  return balances
    .filter((b) => b.chainId === caipNetworkId && Number(b.quantity.numeric) > 0)
    .map((b) => {
      const address = b.address ?? nativeTokenAddress(caipNetworkId)
      const listed = tokens.find((t) => sameAddress(t.address, address))
      return {
        ...(listed ?? {
          name: b.name,
          symbol: b.symbol,
          address,
          decimals: Number(b.quantity.decimals),
          logoUri: b.iconUrl,
          eip2612: false,
        }),
        quantity: b.quantity,
        price: b.price,
      }
    })
}

/** Tokens whose symbol, name or address contains the query, case-insensitively. */
export function searchTokens(tokens: readonly SwapToken[], query: string): SwapToken[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...tokens]
  return tokens.filter((t) => t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q) || t.address.toLowerCase().includes(q))
}

export function findToken(tokens: readonly SwapToken[], address: string): SwapToken | undefined {
  return tokens.find((t) => sameAddress(t.address, address))
}
