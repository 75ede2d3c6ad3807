import type { Store } from '../core/store'
import { connectionsAtom, pendingConnectionAtom, type PendingConnection } from '../core/session/atoms'

/** Puts an eip155 wallet in the session, as a connector would (tests that start from a connected state). */
export function connectEvm(
  store: Store,
  { address, chainId, connectorId, connectorName }: { address: string; chainId: number; connectorId: string; connectorName?: string },
): void {
  store.set(connectionsAtom, {
    ...store.get(connectionsAtom),
    eip155: { namespace: 'eip155', addresses: [address], caipNetworkId: `eip155:${chainId}`, connectorId, connectorName },
  })
}

/** The connected eip155 wallet moves to `chainId` (as its chainChanged would). */
export function moveEvmChain(store: Store, chainId: number): void {
  const connection = store.get(connectionsAtom).eip155
  if (connection)
    store.set(connectionsAtom, { ...store.get(connectionsAtom), eip155: { ...connection, caipNetworkId: `eip155:${chainId}` } })
}

/** Every connection gone, without asking any wallet. */
export function clearSession(store: Store): void {
  store.set(connectionsAtom, {})
}

export function setPending(store: Store, pending: PendingConnection | undefined): void {
  store.set(pendingConnectionAtom, pending)
}
