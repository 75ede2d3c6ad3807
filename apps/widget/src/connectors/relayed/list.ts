import type { ConnectorDescription } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { connectorsAtom, connectorsLoadedAtom } from './atoms'
import { injectedRef } from './registryNames'
import { loadRecentWallets } from '../../core/session/recentWallets'
import { retryReconnectLookup, startReconnect } from '../reconnect'

/** The host announced a new list (connectorsChanged). */
export function updateConnectors(ctx: WidgetContext, connectors: ConnectorDescription[]): void {
  ctx.session.connectorsVersion++
  ctx.store.set(connectorsAtom, connectors)
  ctx.store.set(connectorsLoadedAtom, true)
  void nameFromRegistry(ctx)
  retryReconnectLookup(ctx)
}

/**
 * Names the page's connectors that carry only a key (Polkadot extensions) from the wallet registry;
 * the lookup's code loads only on a page that has one.
 */
function nameFromRegistry(ctx: WidgetContext): void {
  if (!ctx.store.get(connectorsAtom).some((connector) => injectedRef(connector) !== undefined)) return
  void import('./registryLookup').then(({ lookUpRegistryNames }) => lookUpRegistryNames(ctx))
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
    void nameFromRegistry(ctx)
  } catch {
    // Leave whatever connectorsChanged may bring.
  }
  ctx.store.set(connectorsLoadedAtom, true)
  startReconnect(ctx)
  void loadRecentWallets(ctx)
}
