import type { ConnectorDescription, Namespace, ProviderEvent } from '@airlock/protocol'
import type { ConnectedNamespace } from '../core/session/session'

/**
 * What a chain family brings to the widget (DESIGN.md 4b): one adapter per namespace in
 * chains/<namespace>/, loaded lazily (registry.ts), so an eip155-only dapp never downloads Solana
 * code. The interface names no family: each adapter fills it in its own terms.
 */

/** Calls a wallet of the dapp page through the host (its connectorRequest). */
export type PageCall = (method: string, params?: unknown) => Promise<unknown>

/** What a page wallet's event says changed. */
export interface PageWalletChange {
  addresses?: readonly string[]
  caipNetworkId?: string
  disconnected?: true
}

/** The network facts an adapter needs from the widget. */
export interface NetworkContext {
  /** The RPC proxy's URL for a network (what wallets are given). */
  rpcUrl(caipNetworkId: string): string
  /** The networks the dapp requested (CAIP-2). */
  requested: readonly string[]
}

/** How a family's wallets living in the dapp page are spoken to (EIP-1193, the Wallet Standard, ...). */
export interface PageWallet {
  /** Asks for the accounts (the wallet may prompt). */
  connect(call: PageCall, description: ConnectorDescription, networks: NetworkContext): Promise<ConnectedNamespace>
  /** The accounts the wallet still grants without asking; undefined when none. */
  reconnect(call: PageCall, description: ConnectorDescription, networks: NetworkContext): Promise<ConnectedNamespace | undefined>
  request(call: PageCall, request: { caipNetworkId: string; address: string; method: string; params?: unknown }): Promise<unknown>
  disconnect(call: PageCall): Promise<void>
  /** Reads a wallet event the host relayed; undefined when it says nothing usable. */
  readEvent(event: ProviderEvent['event'], data: unknown, current: { caipNetworkId: string }): PageWalletChange | undefined
}

/** One namespace of a WalletConnect proposal. */
export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap: Record<string, string>
}

/** How a family takes part in a WalletConnect session. */
export interface WalletConnectFamily {
  /** The namespace to propose for the requested networks of this family; undefined when none. */
  proposal(networks: NetworkContext): ProposalNamespace | undefined
  /**
   * The accounts a settled session gives on this family: the first requested network it holds (or
   * `preferred`), else the wallet's first. Undefined when the session holds no usable account.
   */
  accounts(sessionAccounts: readonly string[], requested: readonly string[], preferred?: string): ConnectedNamespace | undefined
  /** Whether the session approved `address` on `caipNetworkId` (nothing else is sent to the wallet). */
  approves(sessionAccounts: readonly string[], caipNetworkId: string, address: string): boolean
}

/** Sends one request to a connected wallet, whatever carries it (the page, WalletConnect, the secure frame). */
export type WalletSend = (method: string, params?: unknown) => Promise<unknown>

export interface ChainAdapter {
  readonly namespace: Namespace
  isAddress(address: string): boolean
  /**
   * Asks the wallet to move to `caipNetworkId` (adding the network first where the family does);
   * throws 'Chain is not supported' (SPEC section 8) when it cannot.
   */
  switchNetwork(send: WalletSend, caipNetworkId: string, networks: NetworkContext): Promise<void>
  readonly pageWallet: PageWallet
  readonly walletConnect: WalletConnectFamily
}
