import type { Namespace } from '@airlock/protocol'
import type { WidgetContext } from '../context'
import { activeNamespaceAtom } from '../network/atoms'
import { updateRecentConnectorIds } from './recentConnector'
import {
  chosenNamespaceAtom,
  connectAttemptAtom,
  connectionsAtom,
  pendingConnectionAtom,
  type NamespaceConnection,
  type PendingConnection,
} from './atoms'

/**
 * The session: one connection per namespace (connectionsAtom), changed only through these
 * functions. The dapp's providers hear of each change from host/providerEvents.ts, which follows
 * the connections; nothing here knows a chain family.
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
 * Marks the namespaces connected (other namespaces' connections stay), remembers the connector, and
 * answers the dapp's waiting account requests. When the active namespace has no connection, the
 * first namespace connected becomes the active one.
 */
export function establishSession(ctx: WidgetContext, { connector, accounts }: SessionStart): void {
  const connected = accounts.filter((account) => account.addresses.length > 0)
  if (connected.length === 0) return
  ctx.store.set(connectAttemptAtom, undefined)
  ctx.store.set(pendingConnectionAtom, undefined)
  const next = { ...ctx.store.get(connectionsAtom) }
  for (const { namespace, addresses, caipNetworkId, connectorId = connector.id } of connected) {
    next[namespace] = { namespace, addresses: [...addresses], caipNetworkId, connectorId, connectorName: connector.name }
  }
  const active = ctx.store.get(activeNamespaceAtom)
  if (!next[active]) ctx.store.set(chosenNamespaceAtom, connected[0]!.namespace)
  const replaced = Object.values(ctx.store.get(connectionsAtom)).map((c) => c.connectorId)
  ctx.store.set(connectionsAtom, next)
  updateRecentConnectorIds(ctx, {
    add: connected.map((account) => account.connectorId ?? connector.id),
    remove: replaced.filter((id) => !holds(next, id)),
  })
  for (const { namespace, addresses } of connected) ctx.session.accountWaiters.resolve(namespace, addresses)
}

/**
 * Ends the connections of `namespaces` (all when absent). An active namespace left without a
 * connection gives way to one that still has one. Late answers of pending attempts are ignored.
 */
export function endSession(ctx: WidgetContext, namespaces?: readonly Namespace[]): void {
  ctx.session.attempt++
  ctx.store.set(connectAttemptAtom, undefined)
  ctx.store.set(pendingConnectionAtom, undefined)
  const current = ctx.store.get(connectionsAtom)
  const next = namespaces
    ? Object.fromEntries(Object.entries(current).filter(([namespace]) => !namespaces.includes(namespace as Namespace)))
    : {}
  const remaining = Object.keys(next) as Namespace[]
  if (!next[ctx.store.get(activeNamespaceAtom)] && remaining.length > 0) ctx.store.set(chosenNamespaceAtom, remaining[0])
  ctx.store.set(connectionsAtom, next)
  const ended = Object.values(current).map((c) => c.connectorId)
  updateRecentConnectorIds(ctx, { remove: ended.filter((id) => !holds(next, id)) })
}

const holds = (connections: Partial<Record<Namespace, NamespaceConnection>>, connectorId: string) =>
  Object.values(connections).some((c) => c.connectorId === connectorId)

/** The namespaces `connectorId` holds a connection on. */
export function namespacesOf(ctx: WidgetContext, connectorId: string): Namespace[] {
  return Object.values(ctx.store.get(connectionsAtom))
    .filter((connection) => connection.connectorId === connectorId)
    .map((connection) => connection.namespace)
}

/** The wallet changed accounts on a namespace it serves (the first is the active one). */
export function setConnectedAccounts(ctx: WidgetContext, namespace: Namespace, addresses: readonly string[]): void {
  update(ctx, namespace, (connection) =>
    addresses.length > 0 && addresses.join() !== connection.addresses.join() ? { ...connection, addresses: [...addresses] } : connection,
  )
}

/** The wallet moved to another network of the namespace. */
export function setConnectedChain(ctx: WidgetContext, namespace: Namespace, caipNetworkId: string): void {
  update(ctx, namespace, (connection) => (connection.caipNetworkId === caipNetworkId ? connection : { ...connection, caipNetworkId }))
}

/** A connect or reconnect starts (status 'connecting' / 'reconnecting' until it ends). */
export function setPendingConnection(ctx: WidgetContext, pending: PendingConnection | undefined): void {
  ctx.store.set(pendingConnectionAtom, pending)
}

/**
 * Abandons a pending connection attempt (back, close): the wallet's late answer is ignored,
 * unless the attempt's connector keeps it alive (ctx.session.keepsAttemptOnLeave).
 */
export function cancelConnect(ctx: WidgetContext): void {
  ctx.store.set(connectAttemptAtom, undefined)
  if (ctx.store.get(pendingConnectionAtom)?.status !== 'connecting') return
  const keepsAttempt = ctx.session.keepsAttemptOnLeave?.() === true
  ctx.session.keepsAttemptOnLeave = undefined
  if (!keepsAttempt) ctx.session.attempt++
  ctx.store.set(pendingConnectionAtom, undefined)
}

function update(ctx: WidgetContext, namespace: Namespace, change: (connection: NamespaceConnection) => NamespaceConnection): void {
  const connections = ctx.store.get(connectionsAtom)
  const connection = connections[namespace]
  if (!connection) return
  const next = change(connection)
  if (next !== connection) ctx.store.set(connectionsAtom, { ...connections, [namespace]: next })
}
