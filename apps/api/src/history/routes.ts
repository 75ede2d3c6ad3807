import { Hono } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../api/project-guard'
import type { ApiDeps } from '../deps'
import { apiError, invalidInput } from '../http/errors'
import { parseAccountId } from '../identity/address'
import { listPurchases } from '../onramp/store'
import { ONRAMP_PROVIDER_IDS } from '../onramp/providers'
import { purchaseToTransaction } from '../onramp/history'
import { decodeCursor, encodeCursor } from './cursor'
import {
  stablecoinPrices,
  toHistoryTransaction,
  toTransfers,
  type HistoryResponse,
  type NativeCurrency,
  type PriceLookup,
  type StoredLeg,
} from './format'
import { legsFor, pageEntries } from './store'
import { NATIVE_TOKEN_ADDRESS } from '../prices/caip'
import type { PriceSource } from '../prices/price-source'
import type { Address } from 'viem'

export interface HistoryRouteOptions {
  /** USD prices for `transfers[].price` / `value` (default: dollar stablecoins at 1, others 0). */
  prices?: PriceLookup
  /** Live prices (the DEX pools): today's price of each token on the page, before `prices`. */
  priceSource?: PriceSource
  /** Icon of the native currency (e.g. an ETH logo data: URI). */
  nativeIconUrl?: string
}

export const HISTORY_PAGE_SIZE = 20
export const HISTORY_MIN_PAGE_SIZE = 10
export const HISTORY_MAX_PAGE_SIZE = 50

/** The account in the path is checked by parseAccount below. */
export const HistoryParams = z.object({ account: z.string().describe('EVM address (0x + 40 hex) or CAIP-10 eip155 account') })
export const HistoryQuery = z.object({
  cursor: z.string().max(512).optional().describe('the `next` of the previous page'),
  onramp: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'must be an on-ramp provider name such as coinbase')
    .optional()
    .describe('an on-ramp provider: list its purchases instead'),
  chainId: z
    .string()
    .regex(/^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}|\d{1,20})$/, 'must be a CAIP-2 chain id such as eip155:1')
    .optional()
    .describe('CAIP-2 (or a bare EVM chain id); without it every chain'),
  limit: z.coerce.number().int().min(HISTORY_MIN_PAGE_SIZE).max(HISTORY_MAX_PAGE_SIZE).optional().describe('page size, default 20'),
})

/** `0xabc…` (40 hex, optional 0x) or CAIP-10 `eip155:1:0xabc…`: the lowercase address and the implied chain. */
export function parseAccount(value: string): { address: string; chain?: string } | undefined {
  const account = parseAccountId(value)
  if (!account) return undefined
  return { address: account.address.toLowerCase(), ...(account.caipNetworkId ? { chain: account.caipNetworkId } : {}) }
}

/** `eip155:1` as is; a bare number (older AppKit sent the numeric id) as eip155. */
const toCaip2 = (chainId: string) => (/^\d+$/.test(chainId) ? `eip155:${chainId}` : chainId)

/**
 * `GET /account/:account/history?cursor&onramp&chainId&limit` (mounted under /v1): the account's
 * transactions newest first, `{ data: Transaction[], next: string | null }` as AppKit reads them.
 *
 * - `chainId` (CAIP-2): that chain only; without it every chain. A chain the API has no upstream for
 *   answers `{ data: [], next: null }` without touching storage or a node.
 * - `onramp=<provider>`: the on-ramp purchases of that sandbox provider instead (AppKit's
 *   `fetchTransactions(address, 'coinbase')`), statuses `ONRAMP_TRANSACTION_STATUS_*`.
 * - `cursor`: the `next` of the previous page; anything else is a 400.
 * - `limit`: page size, 10-50 (default 20).
 */
export function historyRoutes(deps: ApiDeps, options: HistoryRouteOptions = {}): Hono<{ Variables: ApiVariables }> {
  const prices = options.prices ?? stablecoinPrices
  const app = new Hono<{ Variables: ApiVariables }>()

  app.get('/account/:account/history', async (c) => {
    const account = parseAccount(c.req.param('account'))
    if (!account) {
      return apiError(c, 400, 'Invalid account: expected an EVM address (0x + 40 hex digits) or a CAIP-10 account id', [
        { description: 'Invalid account: expected an EVM address (0x + 40 hex digits) or a CAIP-10 account id', field: 'account' },
      ])
    }
    const query = HistoryQuery.safeParse(c.req.query())
    if (!query.success) return invalidInput(c, query.error)
    const { onramp, limit = HISTORY_PAGE_SIZE } = query.data
    const requested = query.data.chainId ? toCaip2(query.data.chainId) : undefined
    if (requested && account.chain && requested !== account.chain) {
      return apiError(c, 400, `chainId ${requested} does not match the account's chain ${account.chain}`, [
        { description: `chainId ${requested} does not match the account's chain ${account.chain}`, field: 'chainId' },
      ])
    }
    const chainFilter = requested ?? account.chain
    const cursor = query.data.cursor === undefined ? undefined : decodeCursor(query.data.cursor)
    const expectedKind = onramp ? 'o' : 't'
    if (query.data.cursor !== undefined && (!cursor || cursor.kind !== expectedKind)) {
      return apiError(c, 400, 'Invalid cursor: pass the `next` value of the previous page', [
        { description: 'Invalid cursor: pass the `next` value of the previous page', field: 'cursor' },
      ])
    }
    if (onramp && !ONRAMP_PROVIDER_IDS.includes(onramp)) {
      return apiError(c, 400, `Unknown on-ramp provider "${onramp}": expected one of ${ONRAMP_PROVIDER_IDS.join(', ')}`, [
        { description: `Unknown on-ramp provider "${onramp}": expected one of ${ONRAMP_PROVIDER_IDS.join(', ')}`, field: 'onramp' },
      ])
    }

    const supported = deps.chains.supported()
    if (chainFilter && !supported.includes(chainFilter)) return c.json<HistoryResponse>({ data: [], next: null })
    const chains = chainFilter ? [chainFilter] : null

    if (onramp) {
      const rows = await listPurchases(deps.db, {
        destination: account.address,
        provider: onramp,
        chains,
        cursor: cursor?.kind === 'o' ? cursor : undefined,
        limit: limit + 1,
      })
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      const next = rows.length > limit && last ? encodeCursor({ kind: 'o', createdAt: last.created_at.toISOString(), id: last.id }) : null
      return c.json<HistoryResponse>({ data: page.map((row) => purchaseToTransaction(row, prices)), next })
    }

    const rows = await pageEntries(deps.db, {
      account: account.address,
      chains,
      cursor: cursor?.kind === 't' ? cursor : undefined,
      limit: limit + 1,
    })
    const page = rows.slice(0, limit)
    const legs = await legsFor(deps.db, account.address, page)
    const byTx = new Map<string, StoredLeg[]>()
    for (const leg of legs) {
      const key = `${leg.chain}|${leg.tx_hash}`
      byTx.set(key, [...(byTx.get(key) ?? []), leg])
    }
    const pagePrices = options.priceSource ? await livePrices(options.priceSource, legs, prices) : prices
    const data = page.map((entry) =>
      toHistoryTransaction(entry, toTransfers(entry, byTx.get(`${entry.chain}|${entry.tx_hash}`) ?? [], nativeOf(entry.chain), pagePrices)),
    )
    const last = page.at(-1)
    const next =
      rows.length > limit && last
        ? encodeCursor({
            kind: 't',
            minedAt: new Date(last.mined_at).toISOString(),
            chain: last.chain,
            block: last.block_number,
            txIndex: last.tx_index,
          })
        : null
    return c.json<HistoryResponse>({ data, next })
  })

  function nativeOf(chain: string): NativeCurrency {
    const currency = deps.chains.client(chain)?.chain?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
    return { ...currency, ...(options.nativeIconUrl ? { iconUrl: options.nativeIconUrl } : {}) }
  }

  return app
}

/** One price request per chain on the page; a token the source cannot price falls back to `fallback`. */
async function livePrices(
  source: PriceSource,
  legs: readonly (StoredLeg & { chain: string })[],
  fallback: PriceLookup,
): Promise<PriceLookup> {
  const tokensByChain = new Map<string, Set<Address>>()
  for (const leg of legs) {
    const tokens = tokensByChain.get(leg.chain) ?? new Set<Address>()
    tokens.add((leg.token_address ?? NATIVE_TOKEN_ADDRESS) as Address)
    tokensByChain.set(leg.chain, tokens)
  }
  const quoted = new Map<string, Map<string, number>>()
  await Promise.all(
    [...tokensByChain].map(async ([chain, tokens]) => {
      // A history page must not fail because a pool could not be read: the fallback prices stand.
      quoted.set(chain, await source.prices(chain, [...tokens]).catch(() => new Map<string, number>()))
    }),
  )
  return (chain, token, symbol) => quoted.get(chain)?.get((token ?? NATIVE_TOKEN_ADDRESS).toLowerCase()) ?? fallback(chain, token, symbol)
}
