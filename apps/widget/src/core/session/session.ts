import type { Namespace } from '@airlock/protocol'
import type { WidgetContext } from '../context'
import { activeNamespaceAtom } from '../network/atoms'
import type { PendingEnd } from './pendingEnds'
import { updateRecentConnectorIds } from './recentConnector'
import { sessionAtom, type ConnectAttempt, type NamespaceConnection, type PendingConnection, type SessionState } from './atoms'

/**
 * The session: one connection per namespace, changed only through these functions, each in one
 * write of sessionAtom (so the dapp's state, its eth_accounts and its provider events never see
 * half a change). The dapp's providers hear of each change from host/providerEvents.ts, which
 * follows the public state; nothing here knows a chain family.
 */

/** What a connector connected: per namespace, the accounts (the active one first) and the wallet's network. */
export interface ConnectedNamespace {
  namespace: Namespace
  addresses: readonly string[]
  caipNetworkId: string
  /** The connector that holds this namespace, when not the one connecting (a multi-family wallet's member). */
  connectorId?: string | undefined
}

export interface SessionStart {
  connector: { id: string; name?: string | undefined }
  accounts: readonly ConnectedNamespace[]
}

/**
 * Writes the session in one step; an attempt that ends here tells the requests waiting on it, after
 * the state that says so has reached the dapp (the store's listeners run inside `set`).
 */
function write(ctx: WidgetContext, change: (session: SessionState) => SessionState, end: PendingEnd = { rejected: false }): void {
  const before = ctx.store.get(sessionAtom)
  const after = change(before)
  if (after === before) return
  ctx.store.set(sessionAtom, after)
  if (before.pending && !after.pending) ctx.session.pendingEnds.fire(end)
}

/**
 * Marks the namespaces connected (other namespaces' connections stay), ends the attempt, remembers
 * the connector, and answers the dapp's waiting account requests. When the active namespace has no
 * connection, the first namespace connected becomes the active one.
 */
export function establishSession(ctx: WidgetContext, { connector, accounts }: SessionStart): void {
  const connected = accounts.filter((account) => account.addresses.length > 0)
  if (connected.length === 0) return
  const before = ctx.store.get(sessionAtom)
  const connections = { ...before.connections }
  for (const { namespace, addresses, caipNetworkId, connectorId = connector.id } of connected) {
    connections[namespace] = { namespace, addresses: [...addresses], caipNetworkId, connectorId, connectorName: connector.name }
  }
  const active = ctx.store.get(activeNamespaceAtom)
  const chosenNamespace = connections[active] ? before.chosenNamespace : connected[0]!.namespace
  write(ctx, () => ({ connections, chosenNamespace }))
  updateRecentConnectorIds(ctx, {
    add: connected.map((account) => account.connectorId ?? connector.id),
    remove: Object.values(before.connections)
      .map((c) => c.connectorId)
      .filter((id) => !holds(connections, id)),
  })
  for (const { namespace, addresses } of connected) ctx.session.accountWaiters.resolve(namespace, addresses)
}

/**
 * Ends the connections of `namespaces` (all when absent). An active namespace left without a
 * connection gives way to one that still has one. Late answers of pending attempts are ignored.
 */
export function endSession(ctx: WidgetContext, namespaces?: readonly Namespace[]): void {
  ctx.session.attempt++
  const before = ctx.store.get(sessionAtom)
  const connections = namespaces
    ? Object.fromEntries(Object.entries(before.connections).filter(([namespace]) => !namespaces.includes(namespace as Namespace)))
    : {}
  const remaining = Object.keys(connections) as Namespace[]
  const keepsActive = connections[ctx.store.get(activeNamespaceAtom)] || remaining.length === 0
  write(ctx, () => ({ connections, chosenNamespace: keepsActive ? before.chosenNamespace : remaining[0] }))
  const ended = Object.values(before.connections).map((c) => c.connectorId)
  updateRecentConnectorIds(ctx, { remove: ended.filter((id) => !holds(connections, id)) })
}

const holds = (connections: SessionState['connections'], connectorId: string) =>
  Object.values(connections).some((c) => c.connectorId === connectorId)

/** The namespaces `connectorId` holds a connection on. */
export function namespacesOf(ctx: WidgetContext, connectorId: string): Namespace[] {
  return Object.values(ctx.store.get(sessionAtom).connections)
    .filter((connection) => connection.connectorId === connectorId)
    .map((connection) => connection.namespace)
}

/**
 * The wallet moved on a namespace it serves: other accounts (the first is the active one), another
 * network, or both at once (one change, so that no request goes out on the new account and the old
 * network).
 */
export function updateConnection(
  ctx: WidgetContext,
  namespace: Namespace,
  { addresses, caipNetworkId }: { addresses?: readonly string[] | undefined; caipNetworkId?: string | undefined },
): void {
  write(ctx, (session) => {
    const connection = session.connections[namespace]
    if (!connection) return session
    const movedAccounts = addresses !== undefined && addresses.length > 0 && addresses.join() !== connection.addresses.join()
    const movedNetwork = caipNetworkId !== undefined && caipNetworkId !== connection.caipNetworkId
    if (!movedAccounts && !movedNetwork) return session
    const next: NamespaceConnection = {
      ...connection,
      ...(movedAccounts ? { addresses: [...addresses] } : {}),
      ...(movedNetwork ? { caipNetworkId } : {}),
    }
    return { ...session, connections: { ...session.connections, [namespace]: next } }
  })
}

/** The namespace the user looks at from now on (a network switch, open({ namespace })). */
export function chooseNamespace(ctx: WidgetContext, namespace: Namespace): void {
  write(ctx, (session) => (session.chosenNamespace === namespace ? session : { ...session, chosenNamespace: namespace }))
}

/**
 * A connect or reconnect starts (status 'connecting' / 'reconnecting' until it ends); `attempt` is
 * what the ConnectingExternal view shows of it.
 */
export function beginPending(ctx: WidgetContext, pending: PendingConnection, attempt?: ConnectAttempt): void {
  write(ctx, (session) => ({ ...session, pending, ...(attempt ? { attempt } : {}) }))
}

/**
 * The attempt in progress ended without a connection: `error` is what the ConnectingExternal view
 * shows (and the public state's error); a rejection by the user (4001) is told to the dapp's
 * waiting requests as such.
 */
export function endPending(ctx: WidgetContext, failure?: { attempt?: ConnectAttempt; rejected?: boolean }): void {
  const rejected = failure?.rejected ?? failure?.attempt?.error?.code === 4001
  write(ctx, (session) => ({ ...session, pending: undefined, attempt: failure?.attempt }), { rejected })
}

/**
 * Abandons a pending connection attempt (back, close): the wallet's late answer is ignored,
 * unless the attempt's connector keeps it alive (ctx.session.keepsAttemptOnLeave).
 */
export function cancelConnect(ctx: WidgetContext): void {
  const { pending } = ctx.store.get(sessionAtom)
  if (pending?.status !== 'connecting') {
    write(ctx, (session) => (session.attempt ? { ...session, attempt: undefined } : session))
    return
  }
  const keepsAttempt = ctx.session.keepsAttemptOnLeave?.() === true
  ctx.session.keepsAttemptOnLeave = undefined
  if (!keepsAttempt) ctx.session.attempt++
  write(ctx, (session) => ({ ...session, pending: undefined, attempt: undefined }), { rejected: true })
}
