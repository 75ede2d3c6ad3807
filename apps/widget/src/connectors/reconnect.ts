import { withTimeout } from '../core/async'
import type { WidgetContext } from '../core/context'
import { connectorRequest, parseAccounts, requestChainId } from './relayed/request'
import { clearRecentConnectorId, loadRecentConnectorId } from '../core/session/recentConnector'
import { connectionAtom, DISCONNECTED } from '../core/session/atoms'
import { connectorsAtom } from './relayed/atoms'
import { openAtom } from '../core/modal/atoms'
import { currentRouteAtom, navigateAtom } from '../core/router/atoms'
import { clearCachedLoginData } from './disconnect'
import { establishSession } from '../core/session/session'
import { reconnectWalletConnect } from './walletconnect/connector'
import { WALLET_CONNECT_CONNECTOR_ID, WALLET_CONNECT_NAME } from './walletconnect/client'
import { AUTH_CONNECTOR_ID } from './embedded/id'

/** The connector name while the embedded wallet's session is checked (actions/auth.ts has the real one). */
const EMBEDDED_WALLET_NAME = 'Embedded Wallet'
/** The secure frame may take its whole ready time-out (10 s) before the session check even starts. */
export const AUTH_RECONNECT_TIMEOUT_MS = 20_000

/** The host may announce wallets a little after load: keep looking for the recent one this long. */
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

/** Called on connectorsChanged: the recent connector may have just arrived. */
export function retryReconnectLookup(ctx: WidgetContext): void {
  if (Date.now() <= ctx.session.reconnectLookupUntil) void tryReconnect(ctx)
}

/**
 * Silently restores the recent wallet with eth_accounts (never a prompt). One attempt at a time;
 * a user's own connection attempt in between wins.
 */
export function tryReconnect(ctx: WidgetContext): Promise<void> {
  if (ctx.session.reconnecting) return ctx.session.reconnecting
  if (ctx.store.get(connectionAtom).status !== 'disconnected') return Promise.resolve()
  const reconnecting = reconnect(ctx).finally(() => {
    ctx.session.reconnecting = undefined
  })
  ctx.session.reconnecting = reconnecting
  return reconnecting
}

async function reconnect(ctx: WidgetContext): Promise<void> {
  const connectorId = await loadRecentConnectorId(ctx)
  if (connectorId === WALLET_CONNECT_CONNECTOR_ID) return reconnectOverWalletConnect(ctx)
  if (connectorId === AUTH_CONNECTOR_ID) return reconnectOverAuth(ctx)
  const connector = connectorId ? ctx.store.get(connectorsAtom).find((c) => c.id === connectorId) : undefined
  if (!connector || ctx.store.get(connectionAtom).status !== 'disconnected') return
  ctx.session.reconnectLookupUntil = 0

  const attempt = ++ctx.session.attempt
  const isCurrent = () => ctx.session.attempt === attempt
  ctx.store.set(connectionAtom, { status: 'reconnecting', connectorId: connector.id, connectorName: connector.name })
  try {
    const accounts = parseAccounts(
      await withTimeout(connectorRequest(ctx, connector.id, 'eth_accounts'), RECONNECT_TIMEOUT_MS, reconnectTimeout),
    )
    if (!isCurrent()) return
    if (accounts.length === 0) throw new Error('Not authorized any more')
    const chainId = await withTimeout(requestChainId(ctx, connector.id), RECONNECT_TIMEOUT_MS, reconnectTimeout)
    if (!isCurrent()) return
    establishSession(ctx, { connector, accounts, chainId })
    showAccountIfOnConnect(ctx)
  } catch (error) {
    if (!isCurrent()) return
    ctx.store.set(connectionAtom, DISCONNECTED)
    // A slow wallet keeps its place for the next load; a refusal or an error does not.
    if (!(error instanceof ReconnectTimeout)) forgetLogin(ctx)
  }
}

/** A stored WalletConnect session is restored from storage; no wallet round trip is needed. */
async function reconnectOverWalletConnect(ctx: WidgetContext): Promise<void> {
  if (ctx.store.get(connectionAtom).status !== 'disconnected') return
  ctx.session.reconnectLookupUntil = 0
  const attempt = ++ctx.session.attempt
  const isCurrent = () => ctx.session.attempt === attempt
  ctx.store.set(connectionAtom, { status: 'reconnecting', connectorId: WALLET_CONNECT_CONNECTOR_ID, connectorName: WALLET_CONNECT_NAME })
  try {
    if (await reconnectWalletConnect(ctx, isCurrent)) return showAccountIfOnConnect(ctx)
    if (isCurrent()) {
      ctx.store.set(connectionAtom, DISCONNECTED)
      forgetLogin(ctx)
    }
  } catch {
    // The code did not load or the stored session is unreadable: keep it for the next load.
    if (isCurrent()) ctx.store.set(connectionAtom, DISCONNECTED)
  }
}

/**
 * The embedded wallet: the secure frame says whether its session is still alive (isConnected with
 * the token it pushed), and gives the user back. Its code loads only here, for an AUTH login.
 */
async function reconnectOverAuth(ctx: WidgetContext): Promise<void> {
  if (ctx.store.get(connectionAtom).status !== 'disconnected') return
  ctx.session.reconnectLookupUntil = 0
  const attempt = ++ctx.session.attempt
  const isCurrent = () => ctx.session.attempt === attempt
  ctx.store.set(connectionAtom, { status: 'reconnecting', connectorId: AUTH_CONNECTOR_ID, connectorName: EMBEDDED_WALLET_NAME })
  try {
    const { reconnectAuth } = await import('./embedded/auth')
    if (await withTimeout(reconnectAuth(ctx, isCurrent), AUTH_RECONNECT_TIMEOUT_MS, reconnectTimeout)) return showAccountIfOnConnect(ctx)
    if (isCurrent()) {
      ctx.store.set(connectionAtom, DISCONNECTED)
      forgetLogin(ctx)
    }
  } catch {
    // The frame did not load or answer in time: keep the login for the next load.
    if (isCurrent()) ctx.store.set(connectionAtom, DISCONNECTED)
  }
}

/** Opened while we were checking: the wallet list is stale now. */
function showAccountIfOnConnect(ctx: WidgetContext): void {
  if (ctx.store.get(openAtom) && ctx.store.get(currentRouteAtom).name === 'Connect') {
    ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Account' } })
  }
}

/** SPEC section 4: a failed connection check forgets the connector and the cached login data. */
function forgetLogin(ctx: WidgetContext): void {
  clearRecentConnectorId(ctx)
  clearCachedLoginData(ctx)
}
