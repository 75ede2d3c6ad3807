import { encodeFunctionData, type Address, type Hex } from 'viem'
import type { ChainRegistry } from '../../chains/registry'
import { uniswapV2RouterAbi } from '../prices/abis'
import { throwIfBatchFailed } from '../prices/multicall'
import { listedTokens, poolAddress, type DexConfig, type ResolvedToken } from '../prices/dex-config'
import { candidatePaths, pickBestQuote } from './quote-math'

export interface SwapQuote {
  toAmount: bigint
  /** The route, opaque to the endpoints; given back to buildSwap. */
  path: readonly Address[]
}

export interface SwapCall {
  /** Contract to call. */
  to: Address
  data: Hex
  /** Native amount sent with the call (wei). */
  value: bigint
}

/**
 * What the /convert endpoints need from a DEX or aggregator. The devnet (and any Uniswap V2
 * fork) uses createUniswapV2Aggregator; production may plug another implementation.
 */
export interface SwapAggregator {
  /** Tokens the chain swaps (native first), or undefined when the chain has no swaps. Never a request. */
  tokens(caip2: string): ResolvedToken[] | undefined
  /** The best quote for `amountIn` of `from`, or undefined when no route has liquidity. */
  quote(caip2: string, from: ResolvedToken, to: ResolvedToken, amountIn: bigint): Promise<SwapQuote | undefined>
  /** Why `from` -> `to` cannot be swapped at all (whatever the amount), or undefined. Never a request. */
  unswappable(caip2: string, from: ResolvedToken, to: ResolvedToken): string | undefined
  /** The contract ERC-20 approvals must allow. */
  spender(caip2: string): Address
  buildSwap(
    caip2: string,
    input: {
      from: ResolvedToken
      to: ResolvedToken
      amountIn: bigint
      amountOutMin: bigint
      quote: SwapQuote
      recipient: Address
      deadline: bigint
    },
  ): SwapCall
}

/**
 * Uniswap V2 router 02: quotes from `getAmountsOut` over the direct path and the paths through
 * WETH and USDC (one multicall, the best output wins); swaps with swapExactETHForTokens,
 * swapExactTokensForETH or swapExactTokensForTokens.
 */
export function createUniswapV2Aggregator(options: { chains: ChainRegistry; dex: DexConfig }): SwapAggregator {
  const configOf = (caip2: string) => {
    const config = options.dex[caip2]
    if (!config) throw new Error(`no DEX configured for ${caip2}`)
    return config
  }
  return {
    tokens(caip2) {
      const config = options.dex[caip2]
      return config && options.chains.client(caip2) ? listedTokens(config) : undefined
    },

    async quote(caip2, from, to, amountIn) {
      const config = configOf(caip2)
      const client = options.chains.client(caip2)
      if (!client) throw new Error(`no upstream for ${caip2}`)
      const paths = candidatePaths(poolAddress(config, from), poolAddress(config, to), [config.weth, config.usdc])
      if (paths.length === 0) return undefined
      const results = await client.multicall({
        allowFailure: true,
        batchSize: 0,
        contracts: paths.map((path) => ({
          address: config.router,
          abi: uniswapV2RouterAbi,
          functionName: 'getAmountsOut' as const,
          args: [amountIn, path] as const,
        })),
      })
      throwIfBatchFailed(results)
      const best = pickBestQuote(
        paths.map((path, i) => ({
          path,
          amounts: results[i]?.status === 'success' ? (results[i].result as readonly bigint[]) : undefined,
        })),
      )
      return best && { toAmount: best.toAmount, path: best.path }
    },

    unswappable(caip2, from, to) {
      const config = configOf(caip2)
      if (poolAddress(config, from).toLowerCase() !== poolAddress(config, to).toLowerCase()) return undefined
      return `${from.symbol} -> ${to.symbol} is wrapping or unwrapping the native token, not a swap`
    },

    spender: (caip2) => configOf(caip2).router,

    buildSwap(caip2, { from, to, amountIn, amountOutMin, quote, recipient, deadline }) {
      const config = configOf(caip2)
      const path = [...quote.path]
      if (from.native) {
        const data = encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [amountOutMin, path, recipient, deadline],
        })
        return { to: config.router, data, value: amountIn }
      }
      const functionName = to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
      const data = encodeFunctionData({ abi: uniswapV2RouterAbi, functionName, args: [amountIn, amountOutMin, path, recipient, deadline] })
      return { to: config.router, data, value: 0n }
    },
  }
}
