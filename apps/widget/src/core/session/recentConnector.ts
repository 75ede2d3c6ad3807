import type { WidgetContext } from '../context'
import { loadPersisted, removePersisted, savePersisted } from '../storage/persisted'
import { RECENT_CONNECTOR_KEY, recentConnectorIdsAtom } from './atoms'
import { currentConnectorId } from './connectorIds'

export { RECENT_CONNECTOR_KEY }

/** The connectors of the last connections (one per namespace at most), tried by the reconnect on load. */
export async function loadRecentConnectorIds(ctx: WidgetContext): Promise<readonly string[]> {
  const stored = await loadPersisted(ctx, RECENT_CONNECTOR_KEY)
  const ids = stored ? [...new Set(stored.split(',').filter(Boolean).map(currentConnectorId))] : []
  ctx.store.set(recentConnectorIdsAtom, ids)
  return ids
}

/** Adds and removes recent connectors (the list empty: the key goes). */
export function updateRecentConnectorIds(
  ctx: WidgetContext,
  { add = [], remove = [] }: { add?: readonly string[]; remove?: readonly string[] },
): void {
  const ids = [...add, ...ctx.store.get(recentConnectorIdsAtom)].filter((id) => !remove.includes(id) || add.includes(id))
  saveRecentConnectorIds(ctx, ids)
}

function saveRecentConnectorIds(ctx: WidgetContext, ids: readonly string[]): void {
  const distinct = [...new Set(ids)]
  if (distinct.length > 0) savePersisted(ctx, RECENT_CONNECTOR_KEY, distinct.join(','))
  else removePersisted(ctx, RECENT_CONNECTOR_KEY)
  ctx.store.set(recentConnectorIdsAtom, distinct)
}
