import { withTimeout } from '../core/async'
import type { WidgetContext } from '../core/context'
import { openAtom } from '../core/modal/atoms'
import { currentRouteAtom, navigateAtom } from '../core/router/atoms'
import { connectionsAtom, pendingConnectionAtom } from '../core/session/atoms'
import { loadRecentConnectorIds, updateRecentConnectorIds } from '../core/session/recentConnector'
import { beginPending, endPending, establishSession } from '../core/session/session'
import { clearCachedLoginData } from './disconnect'
import { connectorFor } from './registry'
import type { Connector } from './types'

/** The host may announce wallets a little after load: keep looking for a recent one this long. */
export const RECONNECT_LOOKUP_WINDOW_MS = 1000
/** eth_accounts never prompts; a wallet silent this long is treated as absent (SPEC RPC timeout). */
export const RECONNECT_TIMEOUT_MS = 10_000

class ReconnectTimeout extends Error {}
const reconnectTimeout = () => new ReconnectTimeout()

/** Called once after the handshake and the first connector list. */
export function startReconnect(ctx: WidgetContext): void {
  ctx.session.reconnectLookupUntil = Date.now() + RECONNECT_LOOKUP_WINDOW_MS
  void tryReconnect(ctx)
}

/** Called on connectorsChanged: a recent wallet of the page may have just arrived. */
export function retryReconnectLookup(ctx: WidgetContext): void {
  if (Date.now() <= ctx.session.reconnectLookupUntil) void tryReconnect(ctx)
}

/**
 * SPEC section 4: silently restores the recent connectors (never a prompt), one reconnect at a
 * time; a connection the user makes meanwhile wins. Concurrent reconnects are prevented.
 */
export function tryReconnect(ctx: WidgetContext): Promise<void> {
  if (ctx.session.reconnecting) return ctx.session.reconnecting
  const reconnecting = reconnect(ctx).finally(() => {
    ctx.session.reconnecting = undefined
  })
  ctx.session.reconnecting = reconnecting
  return reconnecting
}

async function reconnect(ctx: WidgetContext): Promise<void> {
  const refused: string[] = []
  for (const id of await loadRecentConnectorIds(ctx)) {
    if (ctx.store.get(pendingConnectionAtom)?.status === 'connecting') return
    const connector = connectorFor(ctx, id)
    const namespaces = connector.namespaces(ctx)
    // A wallet of the page not listed yet: connectorsChanged tries again while the lookup lasts.
    if (namespaces.length === 0) continue
    const connections = ctx.store.get(connectionsAtom)
    if (namespaces.some((namespace) => connections[namespace])) continue
    if ((await reconnectOne(ctx, connector)) === 'refused') refused.push(id)
  }
  if (refused.length === 0) return
  // SPEC section 4: a failed connection check forgets the connector and the cached login data.
  updateRecentConnectorIds(ctx, { remove: refused })
  if (Object.keys(ctx.store.get(connectionsAtom)).length === 0) clearCachedLoginData(ctx)
}

/** 'restored'; 'refused' (the wallet no longer grants it); 'kept' (slow, failing or overtaken: tried again next load). */
async function reconnectOne(ctx: WidgetContext, connector: Connector): Promise<'restored' | 'refused' | 'kept'> {
  const attempt = ++ctx.session.attempt
  const isCurrent = () => ctx.session.attempt === attempt
  beginPending(ctx, { status: 'reconnecting', connectorId: connector.id, connectorName: connector.name(ctx) })
  try {
    const result = await withTimeout(
      connector.reconnect(ctx, isCurrent),
      connector.reconnectTimeoutMs ?? RECONNECT_TIMEOUT_MS,
      reconnectTimeout,
    )
    if (!isCurrent()) return 'kept'
    if (!result) {
      endPending(ctx)
      return 'refused'
    }
    establishSession(ctx, { connector: { id: connector.id, name: result.name }, accounts: result.accounts })
    showAccountIfOnConnect(ctx)
    return 'restored'
  } catch {
    if (isCurrent()) endPending(ctx)
    return 'kept'
  }
}

/** Opened while we were checking: the wallet list is stale now. */
function showAccountIfOnConnect(ctx: WidgetContext): void {
  if (ctx.store.get(openAtom) && ctx.store.get(currentRouteAtom).name === 'Connect') {
    ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Account' } })
  }
}
