import type { Namespace, RpcErrorObject } from '@airlock/protocol'
import { atom } from 'jotai'

export type HexAddress = `0x${string}`

/** One namespace's connected account: the session holds one per namespace (DESIGN.md 4b). */
export interface NamespaceConnection {
  namespace: Namespace
  /** The wallet's accounts on this namespace, the active one first (never empty). */
  addresses: readonly string[]
  /** The network the wallet is on (CAIP-2). */
  caipNetworkId: string
  connectorId: string
  connectorName?: string | undefined
}

export const connectionsAtom = atom<Partial<Record<Namespace, NamespaceConnection>>>({})

/** A connect or a silent reconnect in progress: one at a time, whatever it will connect. */
export interface PendingConnection {
  status: 'connecting' | 'reconnecting'
  connectorId: string
  connectorName?: string | undefined
}

export const pendingConnectionAtom = atom<PendingConnection | undefined>(undefined)

/**
 * The namespace the user looks at, when a connection or a network switch chose it; otherwise the
 * namespace of the active network (core/network/atoms.ts).
 */
export const chosenNamespaceAtom = atom<Namespace | undefined>(undefined)

/** The ConnectingExternal view's state: the connector being asked and how that went. */
export interface ConnectAttempt {
  connectorId: string
  phase: 'waiting' | 'error'
  error?: RpcErrorObject
}

export const connectAttemptAtom = atom<ConnectAttempt | undefined>(undefined)

/** Where the recent connectors are persisted (comma-separated ids). */
export const RECENT_CONNECTOR_KEY = 'airlock.recentConnectorId'

/** The connectors of the last connections, persisted under RECENT_CONNECTOR_KEY; tried by the reconnect on load. */
export const recentConnectorIdsAtom = atom<readonly string[]>([])
