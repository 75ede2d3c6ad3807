import { Hono } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import { parseAnyAccount, type Namespace } from '../../chains/families'
import type { ApiDeps } from '../deps'
import { apiError, invalidInput } from '../../platform/http/errors'
import { decodeCursor, type Cursor } from './cursor'
import { evmHistoryFamily } from './evm'
import type { HistoryFamily } from './family'
import { stablecoinPrices, type HistoryResponse, type PriceLookup } from './format'
import { solanaHistoryFamily } from './solana'
import { bip122History } from '../../chains/bip122/history'
import { polkadotHistory, type PolkadotCursor } from '../../chains/polkadot/history'
import type { PriceSource } from '../prices/price-source'

/**
 * The on-ramp's purchases as pages of `?onramp=<provider>` (onramp/history.ts): the route lists
 * them, the on-ramp owns their storage and providers, so history needs no import of onramp.
 */
export interface PurchaseHistory {
  /** The provider names `onramp=` accepts. */
  providers: readonly string[]
  page(query: {
    destination: string
    provider: string
    chains: string[] | null
    cursor: Extract<Cursor, { kind: 'o' }> | undefined
    limit: number
    prices: PriceLookup
  }): Promise<HistoryResponse>
}

export interface HistoryRouteOptions {
  purchases: PurchaseHistory
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

/** The account in the path is checked by the chain families (chains/families.ts) below. */
export const HistoryParams = z.object({
  account: z
    .string()
    .describe(
      'EVM address (0x + 40 hex), Bitcoin address, Solana address (base58), Polkadot address (SS58) or CAIP-10 account (eip155:…, bip122:…, solana:… or polkadot:…)',
    ),
})
export const HistoryQuery = z.object({
  cursor: z
    .string()
    .max(512)
    .optional()
    .describe(
      'the `next` of the previous page (for a Solana account, a transaction signature; for a Bitcoin one, a txid; for a Polkadot one, `<block>-<skip>`)',
    ),
  onramp: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'must be an on-ramp provider name such as coinbase')
    .optional()
    .describe('an on-ramp provider: list its purchases instead'),
  chainId: z
    .string()
    .regex(/^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}|\d{1,20})$/, 'must be a CAIP-2 chain id such as eip155:1')
    .optional()
    .describe('CAIP-2 (eip155:… or solana:…; or a bare EVM chain id); without it every chain (Solana: the cluster the API serves)'),
  limit: z.coerce.number().int().min(HISTORY_MIN_PAGE_SIZE).max(HISTORY_MAX_PAGE_SIZE).optional().describe('page size, default 20'),
})

/** `eip155:1` as is; a bare number (older AppKit sent the numeric id) as eip155. */
const toCaip2 = (chainId: string) => (/^\d+$/.test(chainId) ? `eip155:${chainId}` : chainId)

/**
 * `GET /account/:account/history?cursor&onramp&chainId&limit` (mounted under /v1): the account's
 * transactions newest first, `{ data: Transaction[], next: string | null }` as AppKit reads them.
 * The account says the family: an EVM account reads the indexer's tables (history/evm.ts), a
 * Solana account its cluster's node (history/solana.ts), a Bitcoin account its network's esplora
 * (chains/bip122/history.ts; mempool transactions are `pending`), a Polkadot account the
 * Balances.Transfer events of its network: the API's index, older blocks scanned from the node
 * (chains/polkadot/history.ts).
 *
 * - `chainId` (CAIP-2): that chain only; without it every chain (a Solana account: the one
 *   cluster the API serves). A chain the API has no upstream for answers `{ data: [], next: null }`
 *   without touching storage or a node.
 * - `onramp=<provider>`: the on-ramp purchases of that sandbox provider instead (AppKit's
 *   `fetchTransactions(address, 'coinbase')`), statuses `ONRAMP_TRANSACTION_STATUS_*`.
 * - `cursor`: the `next` of the previous page; anything else is a 400.
 * - `limit`: page size, 10-50 (default 20).
 */
export function historyRoutes(deps: ApiDeps, options: HistoryRouteOptions): Hono<{ Variables: ApiVariables }> {
  const prices = options.prices ?? stablecoinPrices
  const app = new Hono<{ Variables: ApiVariables }>()

  const evm = evmHistoryFamily(deps, { prices, priceSource: options.priceSource, nativeIconUrl: options.nativeIconUrl })
  const solana = solanaHistoryFamily(deps)
  const bip122: HistoryFamily<string> = bip122History(deps.chains, deps.now)
  const polkadot: HistoryFamily<PolkadotCursor> = polkadotHistory(deps.chains, deps.db)
  const families: Record<Namespace, HistoryFamily<unknown>> = {
    eip155: evm as HistoryFamily<unknown>,
    bip122: bip122 as HistoryFamily<unknown>,
    solana: solana as HistoryFamily<unknown>,
    polkadot: polkadot as HistoryFamily<unknown>,
  }

  app.get('/account/:account/history', async (c) => {
    // The first family that reads it as one of its accounts (chains/families.ts), with the chain a CAIP-10 names.
    const account = parseAnyAccount(c.req.param('account'))
    if (!account) {
      const invalid =
        'Invalid account: expected an EVM address (0x + 40 hex digits), a Bitcoin address, a Solana address (base58), a Polkadot address (SS58) or a CAIP-10 account id'
      return apiError(c, 400, invalid, [{ description: invalid, field: 'account' }])
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
    const family = families[account.namespace]
    const text = query.data.cursor
    const onrampCursor = onramp && text !== undefined ? decodeCursor(text) : undefined
    const chainCursor = !onramp && text !== undefined ? family.parseCursor(text) : undefined
    if (text !== undefined && (onramp ? onrampCursor?.kind !== 'o' : chainCursor === undefined)) {
      return apiError(c, 400, 'Invalid cursor: pass the `next` value of the previous page', [
        { description: 'Invalid cursor: pass the `next` value of the previous page', field: 'cursor' },
      ])
    }
    const providers = options.purchases.providers
    if (onramp && !providers.includes(onramp)) {
      return apiError(c, 400, `Unknown on-ramp provider "${onramp}": expected one of ${providers.join(', ')}`, [
        { description: `Unknown on-ramp provider "${onramp}": expected one of ${providers.join(', ')}`, field: 'onramp' },
      ])
    }

    if (onramp) {
      // The sandbox pays out on the EVM chains it serves.
      if (chainFilter && !deps.chains.supported().includes(chainFilter)) return c.json<HistoryResponse>({ data: [], next: null })
      return c.json<HistoryResponse>(
        await options.purchases.page({
          destination: account.address,
          provider: onramp,
          chains: chainFilter ? [chainFilter] : null,
          cursor: onrampCursor?.kind === 'o' ? onrampCursor : undefined,
          limit,
          prices,
        }),
      )
    }

    if (chainFilter && !family.supports(chainFilter)) return c.json<HistoryResponse>({ data: [], next: null })
    const page = await family.page({ account: account.address, chain: chainFilter, cursor: chainCursor, limit })
    if ('error' in page)
      return apiError(c, page.status, page.error, page.field ? [{ description: page.error, field: page.field }] : undefined)
    return c.json<HistoryResponse>(page)
  })

  return app
}
