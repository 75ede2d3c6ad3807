import { Hono } from 'hono'
import { parseAbi, type Address, type PublicClient } from 'viem'
import * as z from 'zod'
import type { ApiVariables } from '../api/project-guard'
import type { ApiDeps } from '../deps'
import { apiError } from '../http/errors'
import { isNativeAddress, NATIVE_TOKEN_ADDRESS, parseCaip2, parseEvmAddress } from '../prices/caip'
import { DEFAULT_NATIVE, type ChainDexConfig, type DexConfig, type ResolvedToken } from '../prices/dex-config'
import { throwIfBatchFailed } from '../prices/multicall'
import { createPoolPriceSource, type PriceSource } from '../prices/price-source'
import { TtlCache } from './cache'
import { toBalanceItems, type BalanceItem, type BalanceResponse } from './format'

/** SPEC section 9: "native balance 30 s", "portfolio 30 s". */
export const BALANCE_CACHE_MS = 30_000

/** Multicall3's getEthBalance and ERC-20 balanceOf: one ABI so that one batch holds both. */
const balanceAbi = parseAbi([
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function balanceOf(address account) view returns (uint256)',
])

/** The path and query the handler reads (it checks them by hand, below, to give AppKit's error texts). */
export const BalanceParams = z.object({ address: z.string().describe('EVM address (0x + 40 hex digits)') })
export const BalanceQuery = z.object({
  currency: z.string().optional().describe('usd (the only currency)'),
  chainId: z.string().optional().describe('CAIP-2; without it every chain the API serves'),
  forceUpdate: z.string().optional().describe('any non-empty value bypasses the 30 s cache'),
})

export interface BalanceRouteOptions {
  dex: DexConfig
  /** Default: Uniswap V2 pool reserves on the chain (createPoolPriceSource). */
  priceSource?: PriceSource
  cacheTtlMs?: number
}

/**
 * `GET /account/:address/balance?currency=usd&chainId=<CAIP-2>&forceUpdate=` -> `{ balances }`.
 * Native plus the chain's known tokens, read in ONE Multicall3 batch (getEthBalance + balanceOf),
 * priced from the chain's pools. Zero balances and spam tokens are left out. Without chainId:
 * every chain of the registry. A namespace or chain without an upstream: `{ balances: [] }`, no
 * request. Cached 30 s per (address, chain); a non-empty `forceUpdate` reads the chain again.
 */
export function balanceRoutes(deps: ApiDeps, options: BalanceRouteOptions): Hono<{ Variables: ApiVariables }> {
  const source = options.priceSource ?? createPoolPriceSource({ chains: deps.chains, dex: options.dex })
  const cache = new TtlCache<BalanceItem[]>(options.cacheTtlMs ?? BALANCE_CACHE_MS, deps.now)
  const app = new Hono<{ Variables: ApiVariables }>()

  async function chainBalances(caip2: string, client: PublicClient, user: Address): Promise<BalanceItem[]> {
    const config: ChainDexConfig | undefined = options.dex[caip2]
    const nativeCurrency = config?.native ?? client.chain?.nativeCurrency ?? DEFAULT_NATIVE
    const multicall3 = client.chain?.contracts?.multicall3?.address
    if (!multicall3) throw new Error(`${caip2} has no Multicall3 address configured`)
    const native: ResolvedToken = { ...nativeCurrency, address: NATIVE_TOKEN_ADDRESS, native: true }
    const tokens: ResolvedToken[] = (config?.tokens ?? [])
      .filter((t) => !t.spam)
      .map((t) => ({ address: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, native: false }))

    const results = await client.multicall({
      allowFailure: true,
      // One batch whatever the size: the token list is short and one eth_call is one round trip.
      batchSize: 0,
      multicallAddress: multicall3,
      contracts: [
        { address: multicall3, functionName: 'getEthBalance' },
        ...tokens.map((t) => ({ address: t.address, functionName: 'balanceOf' })),
      ].map(({ address, functionName }) => ({
        address,
        abi: balanceAbi,
        functionName: functionName as 'balanceOf' | 'getEthBalance',
        args: [user] as const,
      })),
    })
    throwIfBatchFailed(results)
    const holdings = [native, ...tokens].flatMap((token, i) => {
      const result = results[i]
      return result?.status === 'success' ? [{ token, amount: result.result }] : []
    })
    const held = holdings.filter((h) => h.amount > 0n).map((h) => h.token.address)
    const prices = held.length > 0 && config ? await source.prices(caip2, held) : new Map<string, number>()
    return toBalanceItems({ caip2, apiOrigin: deps.apiOrigin, holdings, prices })
  }

  app.get('/account/:address/balance', async (c) => {
    const user = parseEvmAddress(c.req.param('address'))
    if (!user || isNativeAddress(user)) {
      return apiError(c, 400, 'Invalid address: expected an EVM address (0x and 40 hex digits)', [
        { description: 'Invalid address: expected an EVM address (0x and 40 hex digits)', field: 'address' },
      ])
    }
    const currency = c.req.query('currency')
    if (currency !== undefined && currency.toLowerCase() !== 'usd') {
      return apiError(c, 400, `Unsupported currency "${currency}": only usd`, [
        { description: `Unsupported currency "${currency}": only usd`, field: 'currency' },
      ])
    }
    const chainId = c.req.query('chainId')
    let chains: string[]
    if (chainId === undefined || chainId === '') {
      chains = deps.chains.supported()
    } else {
      const parsed = parseCaip2(chainId)
      if (!parsed) {
        return apiError(c, 400, 'Invalid chainId: expected a CAIP-2 chain id such as eip155:1', [
          { description: 'Invalid chainId: expected a CAIP-2 chain id such as eip155:1', field: 'chainId' },
        ])
      }
      chains = parsed.namespace === 'eip155' ? [parsed.caip2] : []
    }
    const forceUpdate = (c.req.query('forceUpdate') ?? '') !== ''

    try {
      const perChain = await Promise.all(
        chains.map(async (caip2) => {
          const client = deps.chains.client(caip2)
          if (!client) return []
          const key = `${caip2}|${user.toLowerCase()}`
          const cached = forceUpdate ? undefined : cache.get(key)
          if (cached) return cached
          const items = await chainBalances(caip2, client, user)
          cache.set(key, items)
          return items
        }),
      )
      const body: BalanceResponse = { balances: perChain.flat() }
      return c.json(body)
    } catch (error) {
      console.error(`[api] balance ${user} on ${chains.join(',')}:`, error)
      return apiError(c, 502, 'Token Balance Unavailable: the chain did not answer')
    }
  })
  return app
}
