import { atom } from 'jotai'
import type { WalletEntry } from '../../../core/session/walletEntry'
import { customWalletToEntry } from './explorerEntry'
import { buildConnectList, isExcluded, pendingExplorerRows, type RecentEntry, type WalletItem } from './lists'
import { listedWalletsAtom } from '../../../connectors/relayed/atoms'
import { optionsAtom } from '../../../core/options/atoms'
import { recentWalletsAtom } from '../../../core/session/recentWalletsAtoms'
import { recentConnectorIdsAtom } from '../../../core/session/atoms'

/** SPEC section 9: wallet list page size 40; search up to 100 results. */
export const WALLETS_PAGE_SIZE = 40
export const SEARCH_MAX_RESULTS = 100
/** SPEC section 9: wallet search waits at least 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300

/** What every `/getWallets` call of the modal filters by, from the dapp's options. */
export interface ExplorerFilters {
  include: readonly string[]
  exclude: readonly string[]
  /** The dapp's requested networks; empty: no chain filter. */
  chains: readonly string[]
  /** featuredWalletIds, within includeWalletIds when set, without excluded ones; empty: the default featured. */
  featuredIds: readonly string[]
}

export const explorerFiltersAtom = atom<ExplorerFilters>((get) => {
  const options = get(optionsAtom)
  const include = options?.includeWalletIds ?? []
  const exclude = options?.excludeWalletIds ?? []
  const excluded = new Set(exclude)
  const included = new Set(include)
  const featuredIds = [...new Set(options?.featuredWalletIds ?? [])].filter(
    (id) => !excluded.has(id) && (included.size === 0 || included.has(id)),
  )
  return { include, exclude, chains: options?.networks ?? [], featuredIds }
})

/** Loaded data belongs to one set of filters (and project, which image URLs carry); new options start over. */
export const explorerKeyAtom = atom((get) => {
  const options = get(optionsAtom)
  return JSON.stringify([get(explorerFiltersAtom), options?.projectId, options?.sdkType, options?.sdkVersion])
})

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

/** Not asked yet, or asked and not answered: what the view shows is still to come. */
export const notLoadedYet = (status: LoadStatus): boolean => status === 'idle' || status === 'loading'

export interface FeaturedWalletsState {
  key: string
  status: LoadStatus
  wallets: readonly WalletEntry[]
  error?: string | undefined
}

export interface WalletPagesState {
  key: string
  status: LoadStatus
  /** Every loaded page, in the explorer's order. */
  wallets: readonly WalletEntry[]
  /** The last page loaded (1-based); 0 before the first. */
  page: number
  /** Every wallet matching the filters, as the explorer counts them. */
  count: number
  /** The last page came back short: nothing more to load. */
  complete: boolean
  error?: string | undefined
}

export interface WalletSearchState {
  key: string
  /** The query asked for last (trimmed); empty: not searching. */
  query: string
  status: LoadStatus
  /** The query `wallets` answer: while a new query loads, the previous results stay on screen. */
  resultsQuery: string
  wallets: readonly WalletEntry[]
  count: number
  error?: string | undefined
}

export const featuredWalletsAtom = atom<FeaturedWalletsState>({ key: '', status: 'idle', wallets: [] })
export const walletPagesAtom = atom<WalletPagesState>({ key: '', status: 'idle', wallets: [], page: 0, count: 0, complete: false })
export const walletSearchAtom = atom<WalletSearchState>({ key: '', query: '', status: 'idle', resultsQuery: '', wallets: [], count: 0 })

/** The pages state when it belongs to the current filters, else an empty one. */
export const currentWalletPagesAtom = atom<WalletPagesState>((get) => {
  const key = get(explorerKeyAtom)
  const state = get(walletPagesAtom)
  return state.key === key ? state : { key, status: 'idle', wallets: [], page: 0, count: 0, complete: false }
})

export const currentFeaturedWalletsAtom = atom<FeaturedWalletsState>((get) => {
  const key = get(explorerKeyAtom)
  const state = get(featuredWalletsAtom)
  return state.key === key ? state : { key, status: 'idle', wallets: [] }
})

export const currentWalletSearchAtom = atom<WalletSearchState>((get) => {
  const key = get(explorerKeyAtom)
  const state = get(walletSearchAtom)
  return state.key === key ? state : { key, query: '', status: 'idle', resultsQuery: '', wallets: [], count: 0 }
})

/** The dapp's customWallets as entries, without excluded ones. */
export const customWalletsAtom = atom<readonly WalletEntry[]>((get) => {
  const options = get(optionsAtom)
  const exclude = new Set(options?.excludeWalletIds ?? [])
  return (options?.customWallets ?? []).map(customWalletToEntry).filter((wallet) => !isExcluded(wallet, exclude))
})

/**
 * Recent wallets, newest first: the recent wallets store, and the recent connectors that the
 * silent reconnect uses (recentConnectorIdsAtom) when that store does not name them.
 */
export const recentEntriesAtom = atom<readonly RecentEntry[]>((get) => {
  const recents: RecentEntry[] = [...get(recentWalletsAtom)]
  for (const connectorId of [...get(recentConnectorIdsAtom)].reverse()) {
    if (!recents.some((r) => r.connectorId === connectorId)) recents.unshift({ id: connectorId, name: connectorId, connectorId })
  }
  return recents
})

/** The Connect view's wallet section (wallets/lists.ts). */
export const connectListAtom = atom<WalletItem[]>((get) => {
  const filters = get(explorerFiltersAtom)
  const featured = get(currentFeaturedWalletsAtom)
  const explicit = filters.featuredIds.length > 0
  return buildConnectList({
    recents: get(recentEntriesAtom),
    connectors: get(listedWalletsAtom),
    featured: explicit ? featured.wallets : undefined,
    featuredCount: explicit ? filters.featuredIds.length : undefined,
    // Recommended waits for the dapp's featured wallets, so that it does not reshuffle when they land.
    recommendedCount: explicit && notLoadedYet(featured.status) ? 0 : undefined,
    firstPage: get(currentWalletPagesAtom).wallets.slice(0, WALLETS_PAGE_SIZE),
    custom: get(customWalletsAtom),
    excludeWalletIds: filters.exclude,
  })
})

/** The rows the Connect view holds for explorer wallets not loaded yet. */
export const explorerPlaceholdersAtom = atom<number>((get) => {
  const filters = get(explorerFiltersAtom)
  return pendingExplorerRows({
    explicitFeatured: filters.featuredIds.length,
    included: filters.include.length,
    featuredLoading: notLoadedYet(get(currentFeaturedWalletsAtom).status),
    pagesLoading: notLoadedYet(get(currentWalletPagesAtom).status),
  })
})

/** The All Wallets badge: the explorer's count and the custom wallets; undefined until known. */
export const walletCountAtom = atom<number | undefined>((get) => {
  const pages = get(currentWalletPagesAtom)
  if (pages.page === 0) return undefined
  return pages.count + get(customWalletsAtom).length
})
