import type { ConnectorDescription } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { connectorsAtom, connectorsLoadedAtom, registryNamesAtom } from './atoms'
import { injectedRef, namesFromRegistry } from './registryNames'
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

/** A registry lookup waits no longer than this: a wallet the registry did not name is listed by its key. */
export const REGISTRY_LOOKUP_TIMEOUT_MS = 3000

const asked = new WeakMap<WidgetContext, Set<string>>()

/**
 * Asks the wallet registry for the names of the page's connectors that carry only a key (Polkadot
 * extensions), each key once: those connectors are listed once it answers (registryNames.ts).
 */
export async function nameFromRegistry(ctx: WidgetContext): Promise<void> {
  const seen = asked.get(ctx) ?? new Set<string>()
  asked.set(ctx, seen)
  const refs = [...new Set(ctx.store.get(connectorsAtom).flatMap((c) => injectedRef(c) ?? []))].filter((ref) => !seen.has(ref))
  if (refs.length === 0) return
  for (const ref of refs) seen.add(ref)
  const wallets = await ctx.explorer
    .getWallets({ page: 1, entries: 100, injected: refs }, AbortSignal.timeout(REGISTRY_LOOKUP_TIMEOUT_MS))
    .then((page) => page.data)
    .catch(() => [])
  const found = namesFromRegistry(refs, wallets, ctx.explorer.imageUrl)
  ctx.store.set(registryNamesAtom, (names) => new Map([...names, ...found]))
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
