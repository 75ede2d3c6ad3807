import type { Namespace } from '@airlock/protocol'
import type { WidgetContext } from '../core/context'
import { disconnectConnector } from './disconnectConnector'
import { clearRecentConnectorId } from '../core/session/recentConnector'
import { connectionAtom, type Connection } from '../core/session/atoms'
import { currentRouteAtom, navigateAtom } from '../core/router/atoms'
import { wcPairingAtom } from './walletconnect/atoms'
import { CACHED_LOGIN_KEYS, CONNECTED_SOCIAL_KEY, removePersisted } from '../core/storage/persisted'
import { cancelConnect } from '../core/session/session'
import { closeModal } from '../core/modal/modal'
import { track } from '../core/events'
import { endSession } from '../core/session/session'

/** Views that need a wallet: after a disconnect the modal starts over on Connect. */
const WALLET_VIEWS: ReadonlySet<string> = new Set(['Account', 'UnsupportedChain'])

/**
 * SPEC section 4. Every connected chain is disconnected (its sessions cleared, then its
 * connector); then the pairing connection, the stored social provider, the connector ids and the
 * cached login data are reset, and DISCONNECT_SUCCESS or DISCONNECT_ERROR {message} is tracked.
 * Any failure throws 'Failed to disconnect' (after the toast); the widget is disconnected anyway.
 */
export async function disconnect(ctx: WidgetContext): Promise<void> {
  const connection = ctx.store.get(connectionAtom)
  if (connection.status === 'connecting') return cancelConnect(ctx)
  if (connection.status === 'disconnected') return
  try {
    const failures = await disconnectChains(ctx, connection, connectedNamespaces(connection))
    resetAfterDisconnect(ctx)
    if (WALLET_VIEWS.has(ctx.store.get(currentRouteAtom).name)) ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Connect' } })
    if (failures.length > 0) throw new Error(failures.join('; '))
    track(ctx, 'DISCONNECT_SUCCESS')
  } catch (error) {
    track(ctx, 'DISCONNECT_ERROR', { message: messageOf(error) })
    ctx.toasts.show('Failed to disconnect', 'error')
    throw new Error('Failed to disconnect')
  }
}

/** The chain namespaces of a connection; injected and announced wallets are eip155 only. */
export function connectedNamespaces(_connection: Connection): Namespace[] {
  return ['eip155']
}

/**
 * Disconnects chain after chain; a failing chain does not stop the others. Each failure is
 * logged and returned as 'Failed to disconnect chain {chain}: {message}'. Every chain's account
 * (status, address, chain, connector id) is cleared whether or not its connector succeeded.
 */
export async function disconnectChains(ctx: WidgetContext, connection: Connection, namespaces: readonly Namespace[]): Promise<string[]> {
  const failures: string[] = []
  for (const namespace of namespaces) {
    try {
      // Sign-in (SIWX) sessions of this chain are cleared here first, once sign-in exists.
      await disconnectConnector(ctx, connection, namespace)
    } catch (error) {
      const message = `Failed to disconnect chain ${namespace}: ${messageOf(error)}`
      console.error(`[airlock] ${message}`)
      failures.push(message)
    }
  }
  // One account for all chains today (eip155); per-namespace accounts will be cleared one by one.
  endSession(ctx)
  return failures
}

/** After the chains: what the whole login had stored. */
function resetAfterDisconnect(ctx: WidgetContext): void {
  // The WalletConnect pairing: uri, expiry, the deep link opened and the wallet it was for.
  ctx.store.set(wcPairingAtom, {})
  removePersisted(ctx, CONNECTED_SOCIAL_KEY)
  clearRecentConnectorId(ctx)
  clearCachedLoginData(ctx)
}

/**
 * SPEC section 4: the cached login data (email-login flag, email, last chain, social username)
 * goes on disconnect and on a failed connection check (the reconnect calls this).
 */
export function clearCachedLoginData(ctx: WidgetContext): void {
  for (const key of CACHED_LOGIN_KEYS) removePersisted(ctx, key)
}

/** The Disconnect button: disconnects and closes the modal; a failure was shown already ('Failed to disconnect'). */
export async function disconnectAndClose(ctx: WidgetContext): Promise<void> {
  try {
    await disconnect(ctx)
    closeModal(ctx)
  } catch {
    // disconnect() showed 'Failed to disconnect'; the modal stays for the user to see.
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))
