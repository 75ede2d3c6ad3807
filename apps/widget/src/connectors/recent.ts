import type { WidgetContext } from '../context'
import { recentConnectorIdAtom } from '../stores/connectors'

export const RECENT_CONNECTOR_KEY = 'airlock.recentConnectorId'

/**
 * The widget's own storage first. Browsers that deny storage to third-party iframes leave it
 * memory-only; then the host keeps the value in the dapp page's storage.
 */
export async function loadRecentConnectorId(ctx: WidgetContext): Promise<string | undefined> {
  const local = ctx.storage.get(RECENT_CONNECTOR_KEY)
  if (local !== undefined || ctx.storage.persistent || !ctx.host.api) return local
  const remote = await ctx.host.api.storageGet({ key: RECENT_CONNECTOR_KEY }).catch(() => null)
  if (!remote) return undefined
  ctx.storage.set(RECENT_CONNECTOR_KEY, remote)
  ctx.store.set(recentConnectorIdAtom, remote)
  return remote
}

export function setRecentConnectorId(ctx: WidgetContext, connectorId: string): void {
  ctx.storage.set(RECENT_CONNECTOR_KEY, connectorId)
  ctx.store.set(recentConnectorIdAtom, connectorId)
  if (!ctx.storage.persistent) ctx.host.api?.storageSet({ key: RECENT_CONNECTOR_KEY, value: connectorId }).catch(() => {})
}

export function clearRecentConnectorId(ctx: WidgetContext): void {
  ctx.storage.remove(RECENT_CONNECTOR_KEY)
  ctx.store.set(recentConnectorIdAtom, undefined)
  if (!ctx.storage.persistent) ctx.host.api?.storageRemove({ key: RECENT_CONNECTOR_KEY }).catch(() => {})
}
