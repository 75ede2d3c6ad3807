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

/** A connect or a silent reconnect in progress: one at a time, whatever it will connect. */
export interface PendingConnection {
  status: 'connecting' | 'reconnecting'
  connectorId: string
  connectorName?: string | undefined
}

/** The ConnectingExternal view's state: the connector being asked and how that went. */
export interface ConnectAttempt {
  connectorId: string
  phase: 'waiting' | 'error'
  error?: RpcErrorObject
}

/**
 * The one truth of the connection (issue 22): every namespace's connection, the attempt in progress,
 * and the namespace the user looks at. The dapp's `eth_accounts`, `getState()`, provider events and
 * the views all derive from it, and it changes in one step (core/session/session.ts), so that no
 * reader ever sees half a change: a connect never passes through `disconnected`, an account never
 * shows before it can be used.
 */
export interface SessionState {
  connections: Partial<Record<Namespace, NamespaceConnection>>
  pending?: PendingConnection | undefined
  attempt?: ConnectAttempt | undefined
  /**
   * The namespace the user looks at, when a connection or a network switch chose it; otherwise the
   * namespace of the active network (core/network/atoms.ts).
   */
  chosenNamespace?: Namespace | undefined
}

export const sessionAtom = atom<SessionState>({ connections: {} })

/** Read-only views of the session; they change only when their part of it does. */
export const connectionsAtom = atom((get) => get(sessionAtom).connections)
export const pendingConnectionAtom = atom((get) => get(sessionAtom).pending)
export const connectAttemptAtom = atom((get) => get(sessionAtom).attempt)
export const chosenNamespaceAtom = atom((get) => get(sessionAtom).chosenNamespace)

/** Where the recent connectors are persisted (comma-separated ids). */
export const RECENT_CONNECTOR_KEY = 'airlock.recentConnectorId'

/** The connectors of the last connections, persisted under RECENT_CONNECTOR_KEY; tried by the reconnect on load. */
export const recentConnectorIdsAtom = atom<readonly string[]>([])

/**
 * A sign-in the wallet signed as it connected (WalletConnect's one-click auth): the connect
 * (connectors/connect.ts) leaves it here before the session is established, and the sign-in of
 * that account (features/siwx) sends it to the API instead of asking the wallet again.
 */
export interface PresignedSignIn {
  /** CAIP-10: the network and address the message signs in. */
  account: string
  /** The message text as the wallet signed it (our template's), and the signature. */
  message: string
  signature: string
}

export const presignedSignInAtom = atom<PresignedSignIn | undefined>(undefined)
