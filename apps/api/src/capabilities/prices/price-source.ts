import { zeroAddress, type Address } from 'viem'
import type { ChainRegistry } from '../../chains/registry'
import { uniswapV2FactoryAbi, uniswapV2PairAbi } from './abis'
import { isNativeAddress } from './caip'
import { findToken, type DexConfig } from './dex-config'
import { throwIfBatchFailed } from './multicall'
import { derivePrices, pairKey, pricingPairs, type PoolReserves } from './pricing'

/**
 * Where USD prices come from. The default reads Uniswap V2 reserves on the chain itself; a
 * production deployment may plug a price feed behind the same interface.
 */
export interface PriceSource {
  /**
   * USD prices of `tokens` (ERC-20 addresses or NATIVE_TOKEN_ADDRESS) on `caip2`, keyed by
   * lower-case address. Tokens without a price are absent. An unsupported chain gives an empty
   * map without any request.
   */
  prices(caip2: string, tokens: readonly Address[]): Promise<Map<string, number>>
}

/** Prices from the chain's Uniswap V2 pools: two multicalls (pair lookup, then reserves), one once the pairs are known. */
export function createPoolPriceSource(options: { chains: ChainRegistry; dex: DexConfig }): PriceSource {
  // Pair addresses never change once created; absent pairs are looked up again next time.
  const pairCache = new Map<string, Map<string, Address>>()

  return {
    async prices(caip2, tokens) {
      const config = options.dex[caip2]
      const client = config ? options.chains.client(caip2) : undefined
      if (!config || !client) return new Map()

      const usdcDecimals = findToken(config, config.usdc)?.decimals ?? 6
      const wethDecimals = findToken(config, config.weth)?.decimals ?? 18
      const known = tokens
        .map((address) => (isNativeAddress(address) ? config.weth : address))
        .map((address) => findToken(config, address))
        .filter((t) => t !== undefined && !t.spam)
        .map((t) => ({ address: t!.address, decimals: t!.decimals }))
      if (known.length === 0 && !tokens.some(isNativeAddress)) return new Map()

      const pairs = pricingPairs(
        config.usdc,
        config.weth,
        known.map((t) => t.address),
      )
      let cached = pairCache.get(caip2)
      if (!cached) pairCache.set(caip2, (cached = new Map()))
      const missing = pairs.filter(([a, b]) => !cached.has(pairKey(a, b)))
      if (missing.length > 0) {
        const found = await client.multicall({
          allowFailure: true,
          batchSize: 0,
          contracts: missing.map(([a, b]) => ({
            address: config.factory,
            abi: uniswapV2FactoryAbi,
            functionName: 'getPair' as const,
            args: [a, b] as const,
          })),
        })
        throwIfBatchFailed(found)
        found.forEach((result, i) => {
          if (result.status === 'success' && result.result !== zeroAddress) cached.set(pairKey(...missing[i]!), result.result)
        })
      }

      const existing = pairs.flatMap(([token0, token1]) => {
        const pair = cached.get(pairKey(token0, token1))
        return pair ? [{ token0, token1, pair }] : []
      })
      const reserves = await client.multicall({
        allowFailure: true,
        batchSize: 0,
        contracts: existing.map(({ pair }) => ({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' as const })),
      })
      throwIfBatchFailed(reserves)
      const pools = new Map<string, PoolReserves>()
      reserves.forEach((result, i) => {
        const { token0, token1 } = existing[i]!
        if (result.status === 'success')
          pools.set(pairKey(token0, token1), { token0, token1, reserve0: result.result[0], reserve1: result.result[1] })
      })

      const derived = derivePrices({
        usdc: { address: config.usdc, decimals: usdcDecimals },
        weth: { address: config.weth, decimals: wethDecimals },
        tokens: known,
        pools,
      })
      const result = new Map<string, number>()
      for (const address of tokens) {
        const price = derived.get((isNativeAddress(address) ? config.weth : address).toLowerCase())
        if (price !== undefined) result.set(address.toLowerCase(), price)
      }
      return result
    },
  }
}
