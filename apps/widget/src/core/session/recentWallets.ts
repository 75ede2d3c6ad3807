import type { WidgetContext } from '../context'
import { loadPersisted, savePersisted } from '../storage/persisted'
import { currentConnectorId } from './connectorIds'
import { RECENT_WALLETS_MAX, recentWalletsAtom, type RecentWallet } from './recentWalletsAtoms'

export const RECENT_WALLETS_KEY = 'airlock.recentWallets'

/** Puts `wallet` first, keeping RECENT_WALLETS_MAX distinct wallets. */
export function withRecentWallet(list: readonly RecentWallet[], wallet: RecentWallet): RecentWallet[] {
  return [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
}

export function rememberRecentWallet(ctx: WidgetContext, wallet: RecentWallet): void {
  const list = withRecentWallet(ctx.store.get(recentWalletsAtom), wallet)
  ctx.store.set(recentWalletsAtom, list)
  savePersisted(ctx, RECENT_WALLETS_KEY, JSON.stringify(list))
}

export async function loadRecentWallets(ctx: WidgetContext): Promise<void> {
  const stored = await loadPersisted(ctx, RECENT_WALLETS_KEY)
  if (stored === undefined) return
  ctx.store.set(recentWalletsAtom, parseRecentWallets(stored))
}

/** Stored data is input like any other: anything malformed is dropped. */
export function parseRecentWallets(stored: string): RecentWallet[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  const text = (value: unknown) => (typeof value === 'string' && value.length <= 2048 ? value : undefined)
  return parsed
    .flatMap((item: Record<string, unknown>) => {
      const id = text(item?.id)
      const name = text(item?.name)
      if (!id || !name) return []
      const wallet: RecentWallet = { id, name }
      for (const key of ['imageUrl', 'rdns', 'mobileLink', 'desktopLink', 'webappLink', 'connectorId'] as const) {
        const value = text(item[key])
        if (value !== undefined) wallet[key] = value
      }
      // SDK 0.2.0's `ws:<name>` (see currentConnectorId): it can go with it.
      if (wallet.connectorId !== undefined) wallet.connectorId = currentConnectorId(wallet.connectorId)
      return [wallet]
    })
    .slice(0, RECENT_WALLETS_MAX)
}
