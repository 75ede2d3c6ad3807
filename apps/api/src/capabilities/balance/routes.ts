import { Hono } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import { FAMILIES, isNamespace, NAMESPACES, type Namespace } from '../../chains/families'
import type { ApiDeps } from '../deps'
import { apiError } from '../../platform/http/errors'
import { parseCaip2 } from '../prices/caip'
import type { DexConfig } from '../prices/dex-config'
import { createPoolPriceSource, type PriceSource } from '../prices/price-source'
import { cacheFor } from './cache'
import { evmBalanceFamily } from './evm'
import type { BalanceFamily } from './family'
import { BalanceItemSchema, type BalanceResponse } from './format'
import { solanaBalanceFamily } from './solana'
import { bip122Balance } from '../../chains/bip122/balance'
import { polkadotBalance } from '../../chains/polkadot/balance'

/** SPEC section 9: "native balance 30 s", "portfolio 30 s". */
export const BALANCE_CACHE_MS = 30_000

/** The path and query the handler reads (it checks them by hand, below, to give AppKit's error texts). */
export const BalanceParams = z.object({
  address: z
    .string()
    .describe(
      'EVM address (0x + 40 hex digits), Bitcoin address (bech32 or base58), Solana address (base58 of a 32-byte public key) or Polkadot address (SS58)',
    ),
})
export const BalanceQuery = z.object({
  currency: z.string().optional().describe('usd (the only currency)'),
  chainId: z
    .string()
    .optional()
    .describe("CAIP-2 (eip155:…, bip122:…, solana:… or polkadot:…); without it every chain the API serves of the address's family"),
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
 * The address says the family: an EVM address reads native plus the chain's known tokens in one
 * Multicall3 batch, priced from the chain's pools (balance/evm.ts); a Solana address reads SOL and
 * its SPL tokens from the cluster's node (balance/solana.ts); a Bitcoin address its confirmed and
 * pending BTC from the network's esplora (chains/bip122/balance.ts); a Polkadot address its native
 * balance and its parts (free, reserved, frozen, transferable, existential deposit) from each
 * network's node (chains/polkadot/balance.ts). Zero balances and spam tokens are left out. Without chainId: every chain of the address's family. A chain of another family, or
 * without an upstream: `{ balances: [] }`, no request. Cached 30 s per (address, chain); a
 * non-empty `forceUpdate` reads the chain again.
 */
export function balanceRoutes(deps: ApiDeps, options: BalanceRouteOptions): Hono<{ Variables: ApiVariables }> {
  const source = options.priceSource ?? createPoolPriceSource({ chains: deps.chains, dex: options.dex })
  // Shared by every API process on one Postgres server: after one refreshes (forceUpdate), all answer the fresh balances.
  const cache = cacheFor(deps.db, {
    scope: 'balance',
    ttlMs: options.cacheTtlMs ?? BALANCE_CACHE_MS,
    now: deps.now,
    schema: z.array(BalanceItemSchema),
  })
  const app = new Hono<{ Variables: ApiVariables }>()

  const families: Record<Namespace, BalanceFamily> = {
    eip155: evmBalanceFamily(deps, options.dex, source),
    bip122: bip122Balance(deps.chains),
    solana: solanaBalanceFamily(deps),
    polkadot: polkadotBalance(deps.chains),
  }

  app.get('/account/:address/balance', async (c) => {
    const raw = c.req.param('address')
    const chainId = c.req.query('chainId')
    const requested = chainId ? parseCaip2(chainId) : undefined
    // In the registry's order (chains/families.ts): the first family whose address it is.
    const namespace = NAMESPACES.find((candidate) => families[candidate].parse(raw) !== undefined)
    if (!namespace) {
      // The text of the family the chainId names, else the first's.
      const expected = families[isNamespace(requested?.namespace) ? requested.namespace : NAMESPACES[0]!]
      return apiError(c, 400, expected.invalid, [{ description: expected.invalid, field: 'address' }])
    }
    const family = families[namespace]
    const address = family.parse(raw)!
    const currency = c.req.query('currency')
    if (currency !== undefined && currency.toLowerCase() !== 'usd') {
      return apiError(c, 400, `Unsupported currency "${currency}": only usd`, [
        { description: `Unsupported currency "${currency}": only usd`, field: 'currency' },
      ])
    }
    let chains: string[]
    if (chainId === undefined || chainId === '') {
      chains = FAMILIES[namespace].networks(deps.chains)
    } else {
      if (!requested) {
        return apiError(c, 400, 'Invalid chainId: expected a CAIP-2 chain id such as eip155:1', [
          { description: 'Invalid chainId: expected a CAIP-2 chain id such as eip155:1', field: 'chainId' },
        ])
      }
      chains = requested.namespace === namespace ? [requested.caip2] : []
    }
    const forceUpdate = (c.req.query('forceUpdate') ?? '') !== ''

    try {
      const perChain = await Promise.all(
        chains.map(async (caip2) => {
          const key = `${caip2}|${address}`
          const cached = forceUpdate ? undefined : await cache.get(key)
          if (cached) return cached
          const reading = family.read(caip2, address)
          if (!reading) return []
          const items = await reading
          await cache.set(key, items)
          return items
        }),
      )
      const body: BalanceResponse = { balances: perChain.flat() }
      return c.json(body)
    } catch (error) {
      console.error(`[api] balance ${address} on ${chains.join(',')}:`, error)
      return apiError(c, 502, 'Token Balance Unavailable: the chain did not answer')
    }
  })
  return app
}
