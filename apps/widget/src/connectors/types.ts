import type { Namespace } from '@airlock/protocol'
import type { WidgetContext } from '../core/context'
import type { PresignedSignIn } from '../core/session/atoms'
import type { ConnectedNamespace } from '../core/session/session'
import type { RecentWallet } from '../core/session/recentWalletsAtoms'
import type { WalletEntry } from '../core/session/walletEntry'

/** A request for the wallet of one namespace's connection, on its account and network. */
export interface WalletRequest {
  namespace: Namespace
  caipNetworkId: string
  address: string
  method: string
  params?: unknown
}

/** A plain account, or a smart account (a contract that another pays the gas of). */
export type AccountType = 'eoa' | 'smartAccount'

/** A connection made: what it connected, and how the widget reports and remembers it. */
export interface ConnectResult {
  accounts: ConnectedNamespace[]
  /** The wallet's name as the session shows it. */
  name: string
  /** CONNECT_SUCCESS's method (SPEC section 4: mobile or qrcode for WalletConnect). */
  method: string
  /** The entry of the Connect view's recent wallets. */
  recent: RecentWallet
  /** A sign-in the wallet signed with the connection (WalletConnect one-click auth), used instead of asking again. */
  signIn?: PresignedSignIn | undefined
}

export interface ConnectOptions {
  /** The namespaces to connect; absent: every namespace the connector serves. */
  namespaces?: readonly Namespace[] | undefined
  /** The wallet picked in a list (WalletConnect: its deep links and name). */
  wallet?: WalletEntry | undefined
  /** How long the wallet may take to be reachable at all (WalletConnect: the pairing URI). */
  reachTimeoutMs?: number | undefined
  /** False once the user has moved on (cancel, close, another attempt): a late answer is dropped. */
  isCurrent: () => boolean
}

/** A connection restored on load, and the wallet's name as the session shows it. */
export interface ReconnectResult {
  accounts: ConnectedNamespace[]
  name: string
}

/**
 * One way of reaching wallets (DESIGN.md 4b): the host page's wallets (relayed/), WalletConnect
 * (walletconnect/), the embedded wallet (embedded/), or one wallet of several families
 * (multichain.ts). Actions look a connector up by its id (registry.ts) and never branch on which
 * one they have. Account and network changes the wallet reports go to the session
 * (core/session/session.ts: updateConnection, endSession).
 */
export interface Connector {
  readonly id: string
  /** The wallet's name while it connects (the Connecting view's title, the pending state). */
  name(ctx: WidgetContext): string
  /** The namespaces this connector can connect. */
  namespaces(ctx: WidgetContext): readonly Namespace[]
  /** Asks the wallet for its accounts (it may prompt); at least one namespace, else it throws. */
  connect(ctx: WidgetContext, options: ConnectOptions): Promise<ConnectResult>
  /**
   * Shows an attempt of this connector that is still in progress instead of starting another
   * (WalletConnect on iOS Safari and Telegram, SPEC section 4); false when there is none.
   */
  resume?(ctx: WidgetContext, options: Omit<ConnectOptions, 'isCurrent'>): boolean
  /** How long its reconnect may take before it counts as slow (kept for the next load); default RECONNECT_TIMEOUT_MS. */
  readonly reconnectTimeoutMs?: number
  /**
   * Restores the connection silently on load: undefined when the wallet no longer grants it (it is
   * forgotten); a throw is a failure to ask (it is tried again next load).
   */
  reconnect(ctx: WidgetContext, isCurrent: () => boolean): Promise<ReconnectResult | undefined>
  request(ctx: WidgetContext, request: WalletRequest): Promise<unknown>
  /** The kind of account it holds (a smart account pays no gas of its own, SPEC section 5); absent: a plain one. */
  accountType?(ctx: WidgetContext): AccountType
  /** Moves the wallet to another network of a namespace it is connected on. */
  switchNetwork(ctx: WidgetContext, namespace: Namespace, caipNetworkId: string): Promise<void>
  /**
   * Ends the wallet's session on `namespaces`, all of them it holds being disconnected at once (the
   * session itself is cleared by the caller); a wallet of several namespaces keeps its session for
   * those it still holds.
   */
  disconnect(ctx: WidgetContext, namespaces: readonly Namespace[]): Promise<void>
}
