import type { ConnectorDescription } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { connectorsAtom, connectorsLoadedAtom } from './atoms'
import { loadRecentWallets } from '../../core/session/recentWallets'
import { retryReconnectLookup, startReconnect } from '../reconnect'

/** The host announced a new list (connectorsChanged). */
export function updateConnectors(ctx: WidgetContext, connectors: ConnectorDescription[]): void {
  ctx.session.connectorsVersion++
  ctx.store.set(connectorsAtom, connectors)
  ctx.store.set(connectorsLoadedAtom, true)
  retryReconnectLookup(ctx)
}

/** The first list after the handshake, then the silent reconnect to the recent wallet. */
export async function loadConnectors(ctx: WidgetContext): Promise<void> {
  const host = ctx.host.api
  if (!host) return
  const version = ctx.session.connectorsVersion
  try {
    const connectors = await host.listConnectors()
    // A connectorsChanged that arrived meanwhile is newer than this answer.
    if (ctx.session.connectorsVersion === version) ctx.store.set(connectorsAtom, connectors)
  } catch {
    // Leave whatever connectorsChanged may bring.
  }
  ctx.store.set(connectorsLoadedAtom, true)
  startReconnect(ctx)
  void loadRecentWallets(ctx)
}
