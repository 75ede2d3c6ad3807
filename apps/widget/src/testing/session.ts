import type { Store } from '../core/store'
import { sessionAtom, type PendingConnection, type SessionState } from '../core/session/atoms'

const change = (store: Store, next: (session: SessionState) => SessionState) => store.set(sessionAtom, next(store.get(sessionAtom)))

/** Puts an eip155 wallet in the session, as a connector would (tests that start from a connected state). */
export function connectEvm(
  store: Store,
  { address, chainId, connectorId, connectorName }: { address: string; chainId: number; connectorId: string; connectorName?: string },
): void {
  change(store, (session) => ({
    ...session,
    connections: {
      ...session.connections,
      eip155: { namespace: 'eip155', addresses: [address], caipNetworkId: `eip155:${chainId}`, connectorId, connectorName },
    },
  }))
}

/** The connected eip155 wallet moves to `chainId` (as its chainChanged would). */
export function moveEvmChain(store: Store, chainId: number): void {
  change(store, (session) => {
    const connection = session.connections.eip155
    return connection
      ? { ...session, connections: { ...session.connections, eip155: { ...connection, caipNetworkId: `eip155:${chainId}` } } }
      : session
  })
}

/** Every connection gone, without asking any wallet. */
export function clearSession(store: Store): void {
  change(store, (session) => ({ ...session, connections: {} }))
}

export function setPending(store: Store, pending: PendingConnection | undefined): void {
  change(store, (session) => ({ ...session, pending }))
}

/** Adds a connection of another namespace as it stands (tests of several namespaces at once). */
export function addConnection(store: Store, connection: NonNullable<SessionState['connections']['solana']>): void {
  change(store, (session) => ({ ...session, connections: { ...session.connections, [connection.namespace]: connection } }))
}
