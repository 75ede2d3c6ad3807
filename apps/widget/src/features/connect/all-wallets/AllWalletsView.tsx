import { preloadRoute } from '../../../core/router/registry'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { Atom } from 'jotai'
import { loadMoreWallets, retryWallets, searchWallets } from './actions'
import { loadConnectWallets, selectWallet } from '../wallets/actions'
import { Button, IconButton } from '../../../ui/Button'
import { ErrorIcon } from '../../../ui/icons'
import { Spinner } from '../../../ui/Spinner'
import { WalletItemIcon } from '../WalletItemIcon'
import { listedWalletsAtom } from '../../../connectors/relayed/atoms'
import {
  currentFeaturedWalletsAtom,
  currentWalletPagesAtom,
  currentWalletSearchAtom,
  customWalletsAtom,
  explorerFiltersAtom,
  explorerKeyAtom,
  notLoadedYet,
  SEARCH_DEBOUNCE_MS,
} from '../wallets/atoms'
import { buildAllWalletsList } from './list'
import { WALLET_CONNECT_ITEM, type WalletItem } from '../wallets/lists'
import { useWidget } from '../../../core/react'
import { walletButtonHandlers } from '../walletButtons'
import './all-wallets.css'
import { isMobileAtom } from '../../../core/platform'

/** 4 tiles a row in the 360 px modal; rows are virtualized. */
export const COLUMNS = 4
export const ROW_HEIGHT = 100
/** Ask for the next page when the last rendered row is this close to the end. */
const LOAD_AHEAD_ROWS = 2

export default function AllWalletsView() {
  const ctx = useWidget()
  const [input, setInput] = useState('')
  const query = input.trim()
  const explorerKey = useAtomValue(explorerKeyAtom)
  const filters = useAtomValue(explorerFiltersAtom)
  const connectors = useAtomValue(listedWalletsAtom)
  const custom = useAtomValue(customWalletsAtom)
  const featured = useAtomValue(currentFeaturedWalletsAtom)
  const pages = useStoreValue(currentWalletPagesAtom)
  const search = useStoreValue(currentWalletSearchAtom)
  const isMobile = useAtomValue(isMobileAtom)

  // Opened straight away (or the Connect view's load failed): the first page and featured.
  useEffect(() => {
    void loadConnectWallets(ctx)
  }, [ctx, explorerKey])

  // The search waits for the typing to settle; clearing the field ends it at once.
  useEffect(() => {
    if (!query) {
      void searchWallets(ctx, '')
      return
    }
    const timer = setTimeout(() => void searchWallets(ctx, query), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [ctx, query, explorerKey])

  // Every keystroke shows at once the wallets already loaded whose name matches (the whole registry
  // once scrolled through); the server's answer, which also knows the pages not loaded, replaces them.
  const searching = query !== ''
  const fromServer = searching && search.resultsQuery === query && search.status === 'ready'
  const known = useMemo(() => [...pages.wallets, ...search.wallets], [pages.wallets, search.wallets])
  const items = useMemo(
    () =>
      buildAllWalletsList({
        connectors,
        featured: filters.featuredIds.length ? featured.wallets : undefined,
        custom,
        explorer: !searching ? pages.wallets : fromServer ? search.wallets : known,
        excludeWalletIds: filters.exclude,
        search: searching ? query : undefined,
        matchExplorer: searching && !fromServer,
      }),
    [connectors, filters, featured.wallets, custom, searching, fromServer, query, search.wallets, pages.wallets, known],
  )
  const searchFailed = searching && search.query === query && search.status === 'error'
  const status = !searching ? pages.status : fromServer ? 'ready' : searchFailed ? 'error' : 'loading'
  const loadMore = useCallback(() => void loadMoreWallets(ctx), [ctx])

  return (
    <section className="al-all-wallets" data-testid="all-wallets-view">
      <div className="al-all-wallets-bar">
        <label className="al-search">
          <SearchIcon />
          <input
            type="search"
            data-testid="all-wallets-search"
            placeholder="Search wallet"
            aria-label="Search wallet"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            value={input}
            onChange={(event) => setInput(event.target.value)}
          />
          {status === 'loading' && searching && <Spinner size={14} label="Searching" />}
        </label>
        {!isMobile && (
          <IconButton
            className="al-qr-button"
            aria-label="Scan with your phone (WalletConnect)"
            title="WalletConnect QR code"
            data-testid="all-wallets-qr"
            onClick={() => selectWallet(ctx, WALLET_CONNECT_ITEM)}
            onPointerEnter={() => preloadRoute('ConnectingWalletConnect')}
          >
            <QrIcon />
          </IconButton>
        )}
      </div>
      <WalletGrid
        items={items}
        resultsFor={query}
        source={fromServer || !searching ? 'server' : 'local'}
        status={status}
        footer={<GridFooter searching={searching} fromServer={fromServer} />}
        canLoadMore={!searching && pages.status === 'ready' && !pages.complete}
        onEndReached={loadMore}
      />
    </section>
  )
}

interface WalletGridProps {
  items: readonly WalletItem[]
  /** The search the tiles answer ('' for the plain list). */
  resultsFor: string
  /** `local`: matched by name among the wallets loaded so far, until the server answers. */
  source: 'local' | 'server'
  status: string
  footer: ReactNode
  canLoadMore: boolean
  onEndReached: () => void
}

function WalletGrid({ items, resultsFor, source, status, footer, canLoadMore, onEndReached }: WalletGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const rows = useMemo(() => {
    const result: WalletItem[][] = []
    for (let i = 0; i < items.length; i += COLUMNS) result.push(items.slice(i, i + COLUMNS))
    return result
  }, [items])
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders through its own state
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 1,
  })
  const virtualRows = virtualizer.getVirtualItems()
  const lastRendered = virtualRows.at(-1)?.index ?? -1

  // Infinite scroll: the last rows are on screen (or the first page does not fill it).
  useEffect(() => {
    if (canLoadMore && lastRendered >= rows.length - 1 - LOAD_AHEAD_ROWS) onEndReached()
  }, [canLoadMore, lastRendered, rows.length, onEndReached])

  // A new result set starts at the top. The virtualizer knows the offset from scroll events: asking
  // the element would force a layout in the middle of showing the results.
  useEffect(() => {
    if ((virtualizer.scrollOffset ?? 0) > 0) virtualizer.scrollToOffset(0)
  }, [virtualizer, resultsFor])

  return (
    <div
      className="al-all-wallets-scroll"
      ref={scrollRef}
      data-testid="all-wallets-grid"
      data-count={items.length}
      data-results-for={resultsFor}
      data-source={source}
      data-status={status}
    >
      <div className="al-all-wallets-rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((row) => (
          <div key={row.key} className="al-all-wallets-row" role="presentation" style={{ transform: `translateY(${row.start}px)` }}>
            {rows[row.index]!.map((item) => (
              <WalletTile key={`${item.section}:${item.key}`} item={item} />
            ))}
          </div>
        ))}
      </div>
      {footer}
    </div>
  )
}

function WalletTile({ item }: { item: WalletItem }) {
  const ctx = useWidget()
  return (
    <button
      type="button"
      className="al-wallet-tile"
      data-testid={`wallet-item-${item.key}`}
      data-section={item.section}
      title={item.name}
      {...walletButtonHandlers(ctx, item)}
    >
      <WalletItemIcon item={item} size={52} />
      <span className="al-wallet-tile-name">{item.name}</span>
      {item.tag === 'Installed' && (
        <span className="al-wallet-tile-tag" data-testid="installed-mark">
          Installed
        </span>
      )}
    </button>
  )
}

/** Below the tiles: loading, the end of a search with nothing, or a failure with Retry. */
function GridFooter({ searching, fromServer }: { searching: boolean; fromServer: boolean }) {
  const ctx = useWidget()
  const pages = useStoreValue(currentWalletPagesAtom)
  const search = useStoreValue(currentWalletSearchAtom)
  const state = searching ? search : pages
  if (state.status === 'error') {
    return (
      <div className="al-all-wallets-status" data-testid="all-wallets-error" role="alert">
        <ErrorIcon width={20} height={20} className="al-error-text" />
        <p className="al-empty-title">Could not load wallets</p>
        <p className="al-muted al-all-wallets-detail">{state.error}</p>
        <Button variant="secondary" data-testid="all-wallets-retry" onClick={() => void retryWallets(ctx)}>
          Retry
        </Button>
      </div>
    )
  }
  if (fromServer && search.wallets.length === 0) {
    return (
      <div className="al-all-wallets-status" data-testid="all-wallets-empty">
        <p className="al-empty-title">No wallet found</p>
        <p className="al-muted">Try another name, or scan the QR code with your wallet.</p>
      </div>
    )
  }
  if (!searching && notLoadedYet(pages.status)) {
    return (
      <div className="al-all-wallets-status" data-testid="all-wallets-loading">
        <Spinner />
      </div>
    )
  }
  return null
}

/**
 * An atom read through useSyncExternalStore: a new search answer renders in the same task as it
 * arrives (jotai's hook schedules an ordinary render, one task later).
 */
function useStoreValue<T>(atom: Atom<T>): T {
  const { store } = useWidget()
  const subscribe = useCallback((onChange: () => void) => store.sub(atom, onChange), [store, atom])
  return useSyncExternalStore(subscribe, () => store.get(atom))
}

const SearchIcon = () => (
  <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
    <circle cx="7" cy="7" r="4.75" />
    <path d="M10.5 10.5l3 3" strokeLinecap="round" />
  </svg>
)

const QrIcon = () => (
  <svg width="18" height="18" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
    <rect x="2" y="2" width="4.5" height="4.5" rx="1" />
    <rect x="9.5" y="2" width="4.5" height="4.5" rx="1" />
    <rect x="2" y="9.5" width="4.5" height="4.5" rx="1" />
    <path d="M9.5 9.5h2v2M14 9.5v1M9.5 14h1.5M13 12.5V14h1" strokeLinecap="round" />
  </svg>
)
