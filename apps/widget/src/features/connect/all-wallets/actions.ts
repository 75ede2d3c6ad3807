import type { WidgetContext } from '../../../core/context'
import {
  currentWalletPagesAtom,
  currentWalletSearchAtom,
  explorerFiltersAtom,
  explorerKeyAtom,
  SEARCH_MAX_RESULTS,
  walletSearchAtom,
} from '../wallets/atoms'
import { loadConnectWallets, loadWalletsPage, messageOf, toEntries } from '../wallets/actions'

/**
 * AllWallets' own loading (its lazy chunk): more pages, search, retry. What the Connect view needs
 * at first paint stays in ./wallets.
 */

/** Performance marks around a wallet search (bench/run.ts reads them): the request leaves, the answer is parsed. */
export const WALLET_SEARCH_START_MARK = 'airlock:wallet-search:start'
export const WALLET_SEARCH_RESPONSE_MARK = 'airlock:wallet-search:response'

const searches = new WeakMap<WidgetContext, AbortController>()

/** The next page of AllWallets (infinite scroll); nothing while one loads or when all are there. */
export async function loadMoreWallets(ctx: WidgetContext): Promise<void> {
  const state = ctx.store.get(currentWalletPagesAtom)
  if (state.status === 'loading' || state.complete) return
  await loadWalletsPage(ctx, state.page + 1)
}

/**
 * Searches the explorer by name (up to 100 results). The view calls it once the typing settles;
 * an empty query ends the search at once. A newer search cancels an older one.
 */
export async function searchWallets(ctx: WidgetContext, input: string): Promise<void> {
  const { store } = ctx
  const query = input.trim()
  const key = store.get(explorerKeyAtom)
  searches.get(ctx)?.abort()
  if (!query) {
    searches.delete(ctx)
    store.set(walletSearchAtom, { key, query: '', status: 'idle', resultsQuery: '', wallets: [], count: 0 })
    return
  }
  const controller = new AbortController()
  searches.set(ctx, controller)
  const current = () => !controller.signal.aborted && store.get(explorerKeyAtom) === key
  store.set(walletSearchAtom, { ...store.get(currentWalletSearchAtom), query, status: 'loading', error: undefined })
  mark(WALLET_SEARCH_START_MARK)
  const { include, exclude, chains } = store.get(explorerFiltersAtom)
  try {
    const result = await ctx.explorer.getWallets(
      { page: 1, entries: SEARCH_MAX_RESULTS, search: query, include, exclude, chains },
      controller.signal,
    )
    if (!current()) return
    mark(WALLET_SEARCH_RESPONSE_MARK)
    store.set(walletSearchAtom, { key, query, status: 'ready', resultsQuery: query, wallets: toEntries(ctx, result), count: result.count })
  } catch (error) {
    if (!current()) return
    store.set(walletSearchAtom, { key, query, status: 'error', resultsQuery: query, wallets: [], count: 0, error: messageOf(error) })
  }
}

/** AllWallets' Retry: whichever load failed. */
export async function retryWallets(ctx: WidgetContext): Promise<void> {
  const search = ctx.store.get(currentWalletSearchAtom)
  if (search.status === 'error') return searchWallets(ctx, search.query)
  const pages = ctx.store.get(currentWalletPagesAtom)
  if (pages.status === 'error') await loadWalletsPage(ctx, pages.page + 1)
  await loadConnectWallets(ctx)
}

function mark(name: string): void {
  performance.clearMarks(name)
  performance.mark(name)
}
