import type { WidgetContext } from '../context'
import { loadPersisted, removePersisted, savePersisted } from '../storage/persisted'
import { recentConnectorIdAtom } from './atoms'

export const RECENT_CONNECTOR_KEY = 'airlock.recentConnectorId'

/** The connector of the last connection, tried first (and only) by the reconnect on load. */
export async function loadRecentConnectorId(ctx: WidgetContext): Promise<string | undefined> {
  const id = await loadPersisted(ctx, RECENT_CONNECTOR_KEY)
  if (id !== undefined) ctx.store.set(recentConnectorIdAtom, id)
  return id
}

export function setRecentConnectorId(ctx: WidgetContext, connectorId: string): void {
  savePersisted(ctx, RECENT_CONNECTOR_KEY, connectorId)
  ctx.store.set(recentConnectorIdAtom, connectorId)
}

export function clearRecentConnectorId(ctx: WidgetContext): void {
  removePersisted(ctx, RECENT_CONNECTOR_KEY)
  ctx.store.set(recentConnectorIdAtom, undefined)
}
