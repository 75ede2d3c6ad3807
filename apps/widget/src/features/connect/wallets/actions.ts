import type { ExplorerWalletPage } from '@airlock/protocol'
import type { WidgetContext } from '../../../core/context'
import { navigateAtom } from '../../../core/router/atoms'
import {
  currentFeaturedWalletsAtom,
  currentWalletPagesAtom,
  explorerFiltersAtom,
  explorerKeyAtom,
  featuredWalletsAtom,
  walletPagesAtom,
  WALLETS_PAGE_SIZE,
} from './atoms'
import type { WalletEntry } from '../../../core/session/walletEntry'
import { explorerWalletToEntry } from './explorerEntry'
import type { WalletItem } from './lists'
import { connect } from '../../../connectors/connect'

export const toEntries = (ctx: WidgetContext, page: ExplorerWalletPage): WalletEntry[] =>
  page.data.map((wallet) => explorerWalletToEntry(wallet, ctx.explorer.imageUrl))

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * What the Connect view shows from the explorer: the dapp's featured wallets (when it set some)
 * and the first page (default featured, recommended, the count, and AllWallets' first page).
 * Once per set of filters; a failed load is tried again by the next call.
 */
export async function loadConnectWallets(ctx: WidgetContext): Promise<void> {
  const tasks: Promise<void>[] = []
  const pages = ctx.store.get(currentWalletPagesAtom)
  if (pages.page === 0 && pages.status !== 'loading') tasks.push(loadWalletsPage(ctx, 1))
  const featured = ctx.store.get(currentFeaturedWalletsAtom)
  if (ctx.store.get(explorerFiltersAtom).featuredIds.length && (featured.status === 'idle' || featured.status === 'error'))
    tasks.push(loadFeaturedWallets(ctx))
  await Promise.all(tasks)
}

async function loadFeaturedWallets(ctx: WidgetContext): Promise<void> {
  const { store } = ctx
  const key = store.get(explorerKeyAtom)
  const { featuredIds, exclude, chains } = store.get(explorerFiltersAtom)
  store.set(featuredWalletsAtom, { key, status: 'loading', wallets: [] })
  try {
    const page = await ctx.explorer.getWallets({ page: 1, entries: featuredIds.length, include: featuredIds, exclude, chains })
    if (store.get(explorerKeyAtom) !== key) return
    store.set(featuredWalletsAtom, { key, status: 'ready', wallets: toEntries(ctx, page) })
  } catch (error) {
    if (store.get(explorerKeyAtom) !== key) return
    store.set(featuredWalletsAtom, { key, status: 'error', wallets: [], error: messageOf(error) })
  }
}

export async function loadWalletsPage(ctx: WidgetContext, page: number): Promise<void> {
  const { store } = ctx
  const key = store.get(explorerKeyAtom)
  const { include, exclude, chains } = store.get(explorerFiltersAtom)
  store.set(walletPagesAtom, { ...store.get(currentWalletPagesAtom), status: 'loading', error: undefined })
  try {
    const result = await ctx.explorer.getWallets({ page, entries: WALLETS_PAGE_SIZE, include, exclude, chains })
    if (store.get(explorerKeyAtom) !== key) return
    const before = store.get(currentWalletPagesAtom).wallets
    const seen = new Set(before.map((wallet) => wallet.id))
    const wallets = [...before, ...toEntries(ctx, result).filter((wallet) => !seen.has(wallet.id))]
    const complete = result.data.length < WALLETS_PAGE_SIZE || wallets.length >= result.count
    store.set(walletPagesAtom, { key, status: 'ready', wallets, page, count: result.count, complete })
  } catch (error) {
    if (store.get(explorerKeyAtom) !== key) return
    store.set(walletPagesAtom, { ...store.get(currentWalletPagesAtom), status: 'error', error: messageOf(error) })
  }
}

/**
 * A wallet picked from a list: a page wallet is asked through the host (ConnectingExternal);
 * any other goes through WalletConnect, the plain QR entry without a wallet.
 */
export function selectWallet(ctx: WidgetContext, item: WalletItem): void {
  if (item.connectorId) {
    ctx.store.set(navigateAtom, { type: 'push', route: { name: 'ConnectingExternal', params: { connectorId: item.connectorId } } })
    void connect(ctx, item.connectorId)
    return
  }
  ctx.store.set(navigateAtom, {
    type: 'push',
    route: { name: 'ConnectingWalletConnect', params: item.wallet ? { wallet: item.wallet } : {} },
  })
}

export function openAllWallets(ctx: WidgetContext): void {
  ctx.store.set(navigateAtom, { type: 'push', route: { name: 'AllWallets' } })
}
