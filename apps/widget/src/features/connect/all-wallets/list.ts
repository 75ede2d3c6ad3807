import type { ListedWallet } from '../../../connectors/multichain'
import type { WalletEntry } from '../../../core/session/walletEntry'
import { connectorItem, isExcluded, Taken, walletItem, type WalletItem, type WalletSection } from '../wallets/lists'

/** AllWallets' list (its lazy chunk); the Connect view's is in ./lists. */

/** Case-insensitive substring of the name, as the explorer's `search` matches. */
export function matchesSearch(name: string, search: string): boolean {
  const needle = search.trim().toLowerCase()
  return needle === '' || name.toLowerCase().includes(needle)
}

export interface AllWalletsInput {
  connectors: readonly ListedWallet[]
  /** The dapp's featured wallets (shown first); undefined or empty when it set none. */
  featured?: readonly WalletEntry[] | undefined
  custom: readonly WalletEntry[]
  /** The explorer's loaded pages, or its search results. */
  explorer: readonly WalletEntry[]
  excludeWalletIds: readonly string[]
  /** While searching, page wallets and custom wallets are matched by name here, the explorer's on the server. */
  search?: string | undefined
  /** Match the explorer's wallets by name here too: they are the loaded pages, not the server's answer yet. */
  matchExplorer?: boolean | undefined
}

/**
 * The AllWallets grid: installed page wallets first, then the dapp's featured and custom wallets,
 * then the explorer's, each once. An explorer wallet whose rdns is a page wallet is marked
 * Installed and picks that page wallet.
 */
export function buildAllWalletsList(input: AllWalletsInput): WalletItem[] {
  const exclude = new Set(input.excludeWalletIds)
  const search = input.search?.trim() ?? ''
  const taken = new Taken()
  const push = (item: WalletItem) => taken.push(item)
  const byRdns = new Map(input.connectors.flatMap((c) => (c.rdns ? [[c.rdns, c] as const] : [])))

  for (const connector of input.connectors) {
    if (!matchesSearch(connector.name, search)) continue
    push(connectorItem(connector, 'installed', 'Installed'))
    taken.addConnector(connector)
  }
  const add = (wallets: readonly WalletEntry[], section: WalletSection, filterByName: boolean) => {
    for (const wallet of wallets) {
      if (isExcluded(wallet, exclude) || taken.has(wallet)) continue
      if (filterByName && !matchesSearch(wallet.name, search)) continue
      const connector = wallet.rdns ? byRdns.get(wallet.rdns) : undefined
      if (connector) {
        if (taken.has({ connectorId: connector.id })) continue
        push({ ...walletItem(wallet, 'installed', 'Installed'), connectorId: connector.id })
        taken.addConnector(connector)
      } else {
        push(walletItem(wallet, section))
      }
    }
  }
  if (!search) add(input.featured ?? [], 'featured', false)
  add(input.custom, 'custom', true)
  add(input.explorer, 'explorer', input.matchExplorer === true)
  return taken.items
}
