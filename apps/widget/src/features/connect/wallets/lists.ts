import type { ListedWallet } from '../../../connectors/multichain'
import { connectorKey } from '../../../connectors/relayed/visibility'
import { WALLET_CONNECT_ENTRY_ID, type WalletEntry } from '../../../core/session/walletEntry'

export type WalletTag = 'Recent' | 'Installed' | 'QR Code'

export type WalletSection = 'recent' | 'installed' | 'walletConnect' | 'featured' | 'recommended' | 'custom' | 'explorer'

/**
 * One row of the Connect view or one tile of AllWallets. Picking it asks the wallet in the page
 * when `connectorId` is set (ConnectingExternal), otherwise goes through WalletConnect with
 * `wallet` (ConnectingWalletConnect; no wallet for the plain QR entry).
 */
export interface WalletItem {
  /** React key and `data-testid="wallet-item-<key>"`: a connector's rdns or id, or the wallet id. */
  key: string
  name: string
  section: WalletSection
  tag?: WalletTag | undefined
  /** A page wallet's icon: a data: URI, shown at once. */
  connectorIcon?: string | undefined
  /** An explorer or custom image URL: preloaded with a timeout, else a placeholder. */
  imageUrl?: string | undefined
  connectorId?: string | undefined
  /** A page wallet's families: a wallet of several connects them all in one pick. */
  namespaces?: readonly string[] | undefined
  wallet?: WalletEntry | undefined
}

/** A recent wallet (stores/recentWallets.ts): `connectorId` for a page wallet. */
export type RecentEntry = WalletEntry & { connectorId?: string | undefined }

/** SPEC section 9. */
export const RECENT_WALLETS_SHOWN = 2
export const FEATURED_DEFAULT_COUNT = 4
export const RECOMMENDED_COUNT = 4

/**
 * How many explorer rows (featured, then recommended) are still on their way: the Connect view
 * holds their place meanwhile, so that the rows above do not move when they land (the card, grown
 * past a short viewport, would move up: app/cardAnchor.ts). `explicitFeatured`: the dapp's
 * featuredWalletIds count, 0 for the first page's own.
 */
export function pendingExplorerRows(input: {
  explicitFeatured: number
  /** includeWalletIds' count, 0 for none: the explorer answers no more wallets than that. */
  included: number
  featuredLoading: boolean
  pagesLoading: boolean
}): number {
  const explicit = input.explicitFeatured > 0
  const featuredPending = explicit ? input.featuredLoading : input.pagesLoading
  // Recommended waits for the dapp's featured wallets too (atoms.ts connectListAtom).
  const recommendedPending = input.pagesLoading || (explicit && input.featuredLoading)
  const pending =
    (featuredPending ? (explicit ? input.explicitFeatured : FEATURED_DEFAULT_COUNT) : 0) + (recommendedPending ? RECOMMENDED_COUNT : 0)
  return input.included > 0 ? Math.min(pending, input.included) : pending
}

/** Explorer ids, custom wallet ids and rdns values of `excludeWalletIds` (connectors are matched by rdns). */
export function isExcluded(entry: { id: string; rdns?: string | undefined }, exclude: ReadonlySet<string>): boolean {
  return exclude.has(entry.id) || (entry.rdns !== undefined && exclude.has(entry.rdns))
}

export function connectorItem(connector: ListedWallet, section: WalletSection, tag: WalletTag): WalletItem {
  return {
    key: connectorKey(connector),
    name: connector.name,
    section,
    tag,
    connectorIcon: connector.icon,
    imageUrl: connector.icon ? undefined : connector.imageUrl,
    connectorId: connector.id,
    namespaces: connector.namespaces,
  }
}

export function walletItem(wallet: WalletEntry, section: WalletSection, tag?: WalletTag): WalletItem {
  return { key: wallet.id, name: wallet.name, section, tag, imageUrl: wallet.imageUrl, wallet }
}

export const WALLET_CONNECT_ITEM: WalletItem = {
  key: WALLET_CONNECT_ENTRY_ID,
  name: 'WalletConnect',
  section: 'walletConnect',
  tag: 'QR Code',
}

/**
 * Keeps every wallet once: a wallet id, a connector id and an rdns are each taken by the first
 * item that shows them. A page wallet takes its rdns, so the explorer's entry of an installed
 * wallet is not shown a second time.
 */
export class Taken {
  private readonly keys = new Set<string>()
  /** The items pushed, in order, each key once. */
  readonly items: WalletItem[] = []
  push(item: WalletItem): void {
    if (this.hasKey(item.key)) return
    this.items.push(item)
    this.add(item)
  }
  has(item: { id?: string | undefined; rdns?: string | undefined; connectorId?: string | undefined }): boolean {
    return (
      (item.id !== undefined && this.keys.has(`id:${item.id}`)) ||
      (item.rdns !== undefined && this.keys.has(`rdns:${item.rdns}`)) ||
      (item.connectorId !== undefined && this.keys.has(`connector:${item.connectorId}`))
    )
  }
  add(item: WalletItem): void {
    if (item.wallet) this.keys.add(`id:${item.wallet.id}`)
    if (item.wallet?.rdns) this.keys.add(`rdns:${item.wallet.rdns}`)
    if (item.connectorId) this.keys.add(`connector:${item.connectorId}`)
    this.keys.add(`key:${item.key}`)
  }
  hasKey(key: string): boolean {
    return this.keys.has(`key:${key}`)
  }
  addConnector(connector: ListedWallet): void {
    this.keys.add(`connector:${connector.id}`)
    if (connector.rdns) this.keys.add(`rdns:${connector.rdns}`)
    if (connector.walletId) this.keys.add(`id:${connector.walletId}`)
  }
}

export interface ConnectListInput {
  /** Newest first. */
  recents: readonly RecentEntry[]
  /** The visible page wallets, in the host's order (connectors/visibility.ts applied). */
  connectors: readonly ListedWallet[]
  /** The dapp's featured wallets as fetched (include=featuredWalletIds); undefined when it set none. */
  featured: readonly WalletEntry[] | undefined
  /** The explorer's first page: the default featured wallets and the recommended ones come from it. */
  firstPage: readonly WalletEntry[]
  custom: readonly WalletEntry[]
  excludeWalletIds: readonly string[]
  featuredCount?: number | undefined
  recommendedCount?: number | undefined
}

/**
 * The Connect view's wallet section (SPEC section 2, AppKit's w3m-connect-view): recent wallets,
 * installed page wallets, the WalletConnect QR entry, featured, recommended, then the dapp's
 * custom wallets; each wallet once. An explorer wallet whose rdns is a page wallet is that page
 * wallet. Featured: the dapp's (up to their count) or the first page's top 4; recommended: the
 * next 4 of the first page not shown yet.
 */
export function buildConnectList(input: ConnectListInput): WalletItem[] {
  const exclude = new Set(input.excludeWalletIds)
  const taken = new Taken()
  const push = (item: WalletItem) => taken.push(item)
  const byId = new Map(input.connectors.map((c) => [c.id, c]))
  const byRdns = new Map(input.connectors.flatMap((c) => (c.rdns ? [[c.rdns, c] as const] : [])))

  let recents = 0
  for (const recent of input.recents) {
    if (recents === RECENT_WALLETS_SHOWN) break
    if (isExcluded(recent, exclude)) continue
    const connector = recent.connectorId !== undefined ? byId.get(recent.connectorId) : recent.rdns ? byRdns.get(recent.rdns) : undefined
    // A page wallet that is no longer in the page cannot be asked.
    if (recent.connectorId !== undefined && !connector) continue
    if (connector) {
      if (taken.has({ connectorId: connector.id })) continue
      push(connectorItem(connector, 'recent', 'Recent'))
      taken.addConnector(connector)
    } else {
      if (taken.has(recent)) continue
      push(walletItem(stripConnector(recent), 'recent', 'Recent'))
    }
    recents++
  }

  for (const connector of input.connectors) {
    if (taken.has({ connectorId: connector.id })) continue
    push(connectorItem(connector, 'installed', 'Installed'))
    taken.addConnector(connector)
  }

  push(WALLET_CONNECT_ITEM)

  const takeFrom = (source: readonly WalletEntry[], count: number, section: WalletSection) => {
    let added = 0
    for (const wallet of source) {
      if (added === count) break
      if (isExcluded(wallet, exclude) || taken.has(wallet)) continue
      push(walletItem(wallet, section))
      added++
    }
  }
  if (input.featured) takeFrom(input.featured, input.featuredCount ?? input.featured.length, 'featured')
  else takeFrom(input.firstPage, input.featuredCount ?? FEATURED_DEFAULT_COUNT, 'featured')
  takeFrom(input.firstPage, input.recommendedCount ?? RECOMMENDED_COUNT, 'recommended')
  takeFrom(input.custom, input.custom.length, 'custom')
  return taken.items
}

/** The All Wallets badge, rounded down to tens as AppKit does: 72 -> "70+", 8 -> "8". */
export function formatWalletCount(count: number): string {
  if (count < 10) return String(count)
  const rounded = Math.floor(count / 10) * 10
  return rounded < count ? `${rounded}+` : String(rounded)
}

function stripConnector(recent: RecentEntry): WalletEntry {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- dropped on purpose
  const { connectorId, ...wallet } = recent
  return wallet
}
