import type { ConnectionStatus, RpcErrorObject } from '@airlock/protocol'
import { atom } from 'jotai'

export type HexAddress = `0x${string}`

export interface Connection {
  status: ConnectionStatus
  address?: HexAddress
  chainId?: number
  connectorId?: string
  connectorName?: string
}

export const DISCONNECTED: Connection = { status: 'disconnected' }

export const connectionAtom = atom<Connection>(DISCONNECTED)

/** The ConnectingExternal view's state: the connector being asked and how that went. */
export interface ConnectAttempt {
  connectorId: string
  phase: 'waiting' | 'error'
  error?: RpcErrorObject
}

export const connectAttemptAtom = atom<ConnectAttempt | undefined>(undefined)

/** The connector of the last connection (persisted under RECENT_CONNECTOR_KEY). */
export const recentConnectorIdAtom = atom<string | undefined>(undefined)
