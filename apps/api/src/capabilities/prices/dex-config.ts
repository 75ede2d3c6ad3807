import { getAddress, type Address } from 'viem'
import { NATIVE_TOKEN_ADDRESS } from './caip'

/** An ERC-20 the API knows on one chain. */
export interface DexToken {
  address: Address
  symbol: string
  name: string
  decimals: number
  /** Known spam: never listed in balances, token lists or prices. */
  spam?: boolean
}

/**
 * What the API knows about tokens and the DEX on one chain. Balances, prices and the swap endpoints
 * read only this (plus the chain's RPC client), so another deployment or another aggregator plugs
 * in by supplying another config (and, for swaps, another `SwapAggregator`).
 */
export interface ChainDexConfig {
  /** The chain's ERC-20s (the native token is implicit). */
  tokens: readonly DexToken[]
  /** Uniswap V2 router 02: quotes (`getAmountsOut`), swaps, and the spender of approvals. */
  router: Address
  /** Uniswap V2 factory: pools for prices. */
  factory: Address
  /** The wrapped native token, stands in for the native token in paths and pools. */
  weth: Address
  /** The USD reference: priced at exactly 1. */
  usdc: Address
  /** The native currency; default: the chain client's `nativeCurrency` (ETH). */
  native?: { name: string; symbol: string; decimals: number }
}

/** CAIP-2 chain id (`eip155:31337`) -> that chain's config. */
export type DexConfig = Readonly<Record<string, ChainDexConfig>>

export const DEFAULT_NATIVE = Object.freeze({ name: 'Ether', symbol: 'ETH', decimals: 18 })

/** The known token with `address` on a chain (case-insensitive), spam included; undefined if unknown. */
export function findToken(config: ChainDexConfig, address: string): DexToken | undefined {
  const lower = address.toLowerCase()
  return config.tokens.find((t) => t.address.toLowerCase() === lower)
}

/** The native token or a known, non-spam ERC-20 of the chain, as swaps and prices see it. */
export interface ResolvedToken {
  /** Checksummed ERC-20 address, or NATIVE_TOKEN_ADDRESS. */
  address: Address
  symbol: string
  name: string
  decimals: number
  native: boolean
}

export function nativeToken(config: ChainDexConfig, fallback?: { name: string; symbol: string; decimals: number }): ResolvedToken {
  const native = config.native ?? fallback ?? DEFAULT_NATIVE
  return { address: NATIVE_TOKEN_ADDRESS, name: native.name, symbol: native.symbol, decimals: native.decimals, native: true }
}

/** Native first, then the non-spam ERC-20s in config order. */
export function listedTokens(config: ChainDexConfig): ResolvedToken[] {
  return [
    nativeToken(config),
    ...config.tokens
      .filter((t) => !t.spam)
      .map((t) => ({ address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals, native: false })),
  ]
}

/** The listed (non-spam) token at `address`, native included; undefined when the chain does not list it. */
export function resolveToken(config: ChainDexConfig, address: string): ResolvedToken | undefined {
  return listedTokens(config).find((t) => t.address.toLowerCase() === address.toLowerCase())
}

/** For pools and paths: the native token is its wrapped token. */
export function poolAddress(config: ChainDexConfig, token: ResolvedToken): Address {
  return token.native ? config.weth : token.address
}

/** `${apiOrigin}/public/getTokenImage/<SYMBOL>`: the token images the explorer routes serve. */
export function tokenIconUrl(apiOrigin: string, symbol: string): string {
  return `${apiOrigin}/public/getTokenImage/${encodeURIComponent(symbol)}`
}

/**
 * The same Uniswap V2 deployment on several chains (the devnet deploys identical addresses on
 * each), e.g. `uniswapV2DexConfig(['eip155:31337', 'eip155:31338'], { contracts: DEVNET_CONTRACTS, tokens: DEVNET_TOKENS })`.
 */
export function uniswapV2DexConfig(
  caip2Ids: readonly string[],
  deployment: {
    contracts: { uniswapV2Router: string; uniswapV2Factory: string; weth: string; usdc: string }
    tokens: readonly { address: string; symbol: string; name: string; decimals: number; spam?: boolean }[]
  },
): DexConfig {
  const config: ChainDexConfig = Object.freeze({
    router: getAddress(deployment.contracts.uniswapV2Router),
    factory: getAddress(deployment.contracts.uniswapV2Factory),
    weth: getAddress(deployment.contracts.weth),
    usdc: getAddress(deployment.contracts.usdc),
    tokens: Object.freeze(
      deployment.tokens.map((t) =>
        Object.freeze({
          address: getAddress(t.address),
          symbol: t.symbol,
          name: t.name,
          decimals: t.decimals,
          ...(t.spam ? { spam: true } : {}),
        }),
      ),
    ),
  })
  return Object.freeze(Object.fromEntries(caip2Ids.map((id) => [id, config])))
}
