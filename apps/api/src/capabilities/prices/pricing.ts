import type { Address } from 'viem'

/** The reserves of one pool, token order as the pair stores them (token0 < token1). */
export interface PoolReserves {
  token0: Address
  token1: Address
  reserve0: bigint
  reserve1: bigint
}

const SCALE = 10n ** 18n

/**
 * (a / 10^aDecimals) / (b / 10^bDecimals) as a float, computed in integers so that 18-decimal
 * reserves do not lose precision before the division. Undefined when b is zero.
 */
export function reserveRatio(a: bigint, aDecimals: number, b: bigint, bDecimals: number): number | undefined {
  if (b <= 0n || a < 0n) return undefined
  const scaled = (a * 10n ** BigInt(bDecimals) * SCALE) / (b * 10n ** BigInt(aDecimals))
  const whole = scaled / SCALE
  const fraction = scaled % SCALE
  return Number(whole) + Number(fraction) / 1e18
}

export const pairKey = (a: string, b: string): string => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()].sort()
  return `${x}/${y}`
}

/** Uniswap V2 orders a pair's tokens by address. */
export const sortTokens = (a: Address, b: Address): [Address, Address] => (a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a])

export interface PriceInputs {
  usdc: { address: Address; decimals: number }
  weth: { address: Address; decimals: number }
  /** Tokens to price (usdc and weth may be among them). */
  tokens: readonly { address: Address; decimals: number }[]
  /** Pools by pairKey. Missing or empty pools are simply not used. */
  pools: ReadonlyMap<string, PoolReserves>
}

function reservesOf(pool: PoolReserves, token: Address): [own: bigint, other: bigint] {
  return pool.token0.toLowerCase() === token.toLowerCase() ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0]
}

/** 12 significant digits: the float products below carry noise in the 16th digit (0.999999999999999 for 1). */
const tidy = (price: number): number => Number(price.toPrecision(12))

/**
 * Price of `token` in USD from its pool against `quote` (whose USD price is known): the pool's
 * mid price, reserveQuote / reserveToken, times the quote's USD price. Undefined without a pool
 * or with an empty one.
 */
function priceThrough(
  pools: ReadonlyMap<string, PoolReserves>,
  token: { address: Address; decimals: number },
  quote: { address: Address; decimals: number },
  quoteUsd: number | undefined,
): number | undefined {
  if (quoteUsd === undefined) return undefined
  const pool = pools.get(pairKey(token.address, quote.address))
  if (!pool) return undefined
  const [own, other] = reservesOf(pool, token.address)
  if (own === 0n || other === 0n) return undefined
  const ratio = reserveRatio(other, quote.decimals, own, token.decimals)
  return ratio === undefined ? undefined : tidy(ratio * quoteUsd)
}

/**
 * USD prices from Uniswap V2 reserves (lower-case address -> price):
 * - USDC is 1 by definition;
 * - WETH from the WETH/USDC pool;
 * - any other token from its pool against USDC (DAI via USDC/DAI), else from its pool against
 *   WETH times the WETH price.
 * Tokens without a usable pool get no price.
 */
export function derivePrices(inputs: PriceInputs): Map<string, number> {
  const prices = new Map<string, number>()
  const usdcKey = inputs.usdc.address.toLowerCase()
  const wethKey = inputs.weth.address.toLowerCase()
  prices.set(usdcKey, 1)
  const weth = priceThrough(inputs.pools, inputs.weth, inputs.usdc, 1)
  if (weth !== undefined) prices.set(wethKey, weth)

  for (const token of inputs.tokens) {
    const key = token.address.toLowerCase()
    if (key === usdcKey || key === wethKey) continue
    const price = priceThrough(inputs.pools, token, inputs.usdc, 1) ?? priceThrough(inputs.pools, token, inputs.weth, weth)
    if (price !== undefined) prices.set(key, price)
  }
  return prices
}

/** The pools derivePrices may read for `tokens`: X/USDC and X/WETH for each, plus WETH/USDC. */
export function pricingPairs(usdc: Address, weth: Address, tokens: readonly Address[]): [Address, Address][] {
  const pairs = new Map<string, [Address, Address]>()
  const add = (a: Address, b: Address) => {
    if (a.toLowerCase() !== b.toLowerCase()) pairs.set(pairKey(a, b), sortTokens(a, b))
  }
  add(weth, usdc)
  for (const token of tokens) {
    add(token, usdc)
    add(token, weth)
  }
  return [...pairs.values()]
}
