import type { Address } from 'viem'
import type { ApiDeps } from '../deps'
import { NATIVE_TOKEN_ADDRESS } from '../prices/caip'
import type { PriceSource } from '../prices/price-source'
import { decodeCursor, encodeCursor, type Cursor } from './cursor'
import type { HistoryFamily } from './family'
import { toHistoryTransaction, toTransfers, type HistoryResponse, type NativeCurrency, type PriceLookup, type StoredLeg } from './format'
import { legsFor, pageEntries } from './store'

export interface EvmHistoryOptions {
  prices: PriceLookup
  priceSource?: PriceSource
  nativeIconUrl?: string
}

/**
 * One page of an EVM account's history from the indexer's tables (history/indexer.ts), newest
 * first across `chains` (null: every chain), with the keyset cursor of the next page.
 */
export async function evmHistoryPage(
  deps: ApiDeps,
  options: EvmHistoryOptions,
  query: { account: string; chains: string[] | null; cursor: Extract<Cursor, { kind: 't' }> | undefined; limit: number },
): Promise<HistoryResponse> {
  const { limit } = query
  const rows = await pageEntries(deps.db, { account: query.account, chains: query.chains, cursor: query.cursor, limit: limit + 1 })
  const page = rows.slice(0, limit)
  const legs = await legsFor(deps.db, query.account, page)
  const byTx = new Map<string, StoredLeg[]>()
  for (const leg of legs) {
    const key = `${leg.chain}|${leg.tx_hash}`
    byTx.set(key, [...(byTx.get(key) ?? []), leg])
  }
  const pagePrices = options.priceSource ? await livePrices(options.priceSource, legs, options.prices) : options.prices
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
  return { data, next }

  function nativeOf(chain: string): NativeCurrency {
    const currency = deps.chains.client(chain)?.chain?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
    return { ...currency, ...(options.nativeIconUrl ? { iconUrl: options.nativeIconUrl } : {}) }
  }
}

/** The EVM side of the history route: the indexer's keyset cursors, the chains of the registry. */
export function evmHistoryFamily(deps: ApiDeps, options: EvmHistoryOptions): HistoryFamily<Extract<Cursor, { kind: 't' }>> {
  return {
    parseCursor: (text) => {
      const cursor = decodeCursor(text)
      return cursor?.kind === 't' ? cursor : undefined
    },
    supports: (chain) => deps.chains.supported().includes(chain),
    // The indexer keeps addresses lowercase.
    page: ({ account, chain, cursor, limit }) =>
      evmHistoryPage(deps, options, { account: account.toLowerCase(), chains: chain ? [chain] : null, cursor, limit }),
  }
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
