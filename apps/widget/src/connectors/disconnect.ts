import type { Namespace } from '@airlock/protocol'
import type { WidgetContext } from '../core/context'
import { track } from '../core/events'
import { closeModal } from '../core/modal/modal'
import { currentRouteAtom, navigateAtom } from '../core/router/atoms'
import { connectionsAtom, pendingConnectionAtom } from '../core/session/atoms'
import { standardWalletOf } from '../core/session/connectorIds'
import { cancelConnect, endSession } from '../core/session/session'
import { CACHED_LOGIN_KEYS, CONNECTED_SOCIAL_KEY, removePersisted } from '../core/storage/persisted'
import { connectorFor } from './registry'
import { wcPairingAtom } from './walletconnect/atoms'

/** Views that need a wallet: after a disconnect the modal starts over on Connect. */
const WALLET_VIEWS: ReadonlySet<string> = new Set(['Account', 'UnsupportedChain'])

/**
 * SPEC section 4. Every connected chain (or only `namespace`) is disconnected: its sessions
 * cleared, then its connector; the other namespaces' connections stay. Once none is left, the
 * pairing connection, the stored social provider and the cached login data are reset.
 * DISCONNECT_SUCCESS or DISCONNECT_ERROR {message} is tracked; any failure throws 'Failed to
 * disconnect' (after the toast), and the chain is disconnected here anyway.
 */
export async function disconnect(ctx: WidgetContext, namespace?: Namespace): Promise<void> {
  if (ctx.store.get(pendingConnectionAtom)?.status === 'connecting') return cancelConnect(ctx)
  const connected = Object.keys(ctx.store.get(connectionsAtom)) as Namespace[]
  const namespaces = namespace ? connected.filter((n) => n === namespace) : connected
  if (namespaces.length === 0) return
  try {
    const failures = await disconnectChains(ctx, namespaces)
    if (Object.keys(ctx.store.get(connectionsAtom)).length === 0) {
      resetAfterDisconnect(ctx)
      if (WALLET_VIEWS.has(ctx.store.get(currentRouteAtom).name)) ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Connect' } })
    }
    if (failures.length > 0) throw new Error(failures.join('; '))
    track(ctx, 'DISCONNECT_SUCCESS')
  } catch (error) {
    track(ctx, 'DISCONNECT_ERROR', { message: messageOf(error) })
    ctx.toasts.show('Failed to disconnect', 'error')
    throw new Error('Failed to disconnect')
  }
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

/**
 * Disconnects chain after chain; a failing chain does not stop the others. Each failure is
 * logged and returned as 'Failed to disconnect chain {chain}: {message}'. Every chain's account
 * (status, address, chain, connector id) is cleared whether or not its connector succeeded, all in
 * one step once every wallet was told: the dapp never sees a half-disconnected session (its eip155
 * address replaced by the Solana one for a moment). A Wallet Standard wallet still connected on a
 * namespace that stays is not told: its standard:disconnect would end that family too.
 */
export async function disconnectChains(ctx: WidgetContext, namespaces: readonly Namespace[]): Promise<string[]> {
  const connections = ctx.store.get(connectionsAtom)
  const ended = namespaces.filter((namespace) => connections[namespace])
  // Each wallet is told once, of every namespace it loses (a session of several ends as a whole).
  const byConnector = new Map<string, Namespace[]>()
  for (const namespace of ended) {
    const connectorId = connections[namespace]!.connectorId
    byConnector.set(connectorId, [...(byConnector.get(connectorId) ?? []), namespace])
  }
  // Wallet Standard wallets still connected on a namespace that stays (see standardWalletOf).
  const kept = new Set(
    (Object.keys(connections) as Namespace[])
      .filter((namespace) => !ended.includes(namespace))
      .flatMap((namespace) => standardWalletOf(connections[namespace]!.connectorId) ?? []),
  )
  const failures: string[] = []
  try {
    for (const [connectorId, held] of byConnector) {
      // standard:disconnect is the wallet's, not a family's: it would end the family that stays too.
      // That family's own disconnect tells the wallet later.
      const wallet = standardWalletOf(connectorId)
      if (wallet !== undefined && kept.has(wallet)) continue
      try {
        // Their sign-in (SIWX) sessions end with the connection (features/siwx/watch.ts).
        await connectorFor(ctx, connectorId).disconnect(ctx, held)
      } catch (error) {
        for (const namespace of held) {
          const message = `Failed to disconnect chain ${namespace}: ${messageOf(error)}`
          console.error(`[airlock] ${message}`)
          failures.push(message)
        }
      }
    }
  } finally {
    endSession(ctx, ended)
  }
  return failures
}

/** After the last chain: what the whole login had stored. */
function resetAfterDisconnect(ctx: WidgetContext): void {
  // The WalletConnect pairing: uri, expiry, the deep link opened and the wallet it was for.
  ctx.store.set(wcPairingAtom, {})
  removePersisted(ctx, CONNECTED_SOCIAL_KEY)
  clearCachedLoginData(ctx)
}

/**
 * SPEC section 4: the cached login data (email-login flag, email, last chain, social username)
 * goes on disconnect and on a failed connection check (the reconnect calls this).
 */
export function clearCachedLoginData(ctx: WidgetContext): void {
  for (const key of CACHED_LOGIN_KEYS) removePersisted(ctx, key)
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))
