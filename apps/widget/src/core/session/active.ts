import type { ConnectionStatus, Namespace } from '@airlock/protocol'
import { parseChainId } from '@airlock/chains'
import { atom } from 'jotai'
import { activeNamespaceAtom } from '../network/atoms'
import { connectionsAtom, pendingConnectionAtom } from './atoms'

/** The connection of the active namespace, as the views and the public state read it. */
export interface Connection {
  status: ConnectionStatus
  namespace?: Namespace | undefined
  address?: string | undefined
  /** eip155 only: the chain id. */
  chainId?: number | undefined
  caipNetworkId?: string | undefined
  connectorId?: string | undefined
  connectorName?: string | undefined
}

export const DISCONNECTED: Connection = { status: 'disconnected' }

/**
 * The active namespace's connection; without one, a connect in progress shows as such whatever it
 * will connect (a connected namespace stays connected while another one connects: the dapp keeps
 * its account).
 */
export const connectionAtom = atom<Connection>((get) => {
  const connection = get(connectionsAtom)[get(activeNamespaceAtom)]
  if (!connection) {
    const pending = get(pendingConnectionAtom)
    return pending ? { status: pending.status, connectorId: pending.connectorId, connectorName: pending.connectorName } : DISCONNECTED
  }
  const [namespace, reference] = connection.caipNetworkId.split(':') as [Namespace, string]
  return {
    status: 'connected',
    namespace,
    address: connection.addresses[0],
    ...(namespace === 'eip155' ? { chainId: parseChainId(reference) } : {}),
    caipNetworkId: connection.caipNetworkId,
    connectorId: connection.connectorId,
    connectorName: connection.connectorName,
  }
})

/** Whether any namespace is connected. */
export const anyConnectedAtom = atom((get) => Object.keys(get(connectionsAtom)).length > 0)
