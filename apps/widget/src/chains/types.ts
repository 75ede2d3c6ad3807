import type { ConnectorDescription, FrameAccountType, FrameChainId, Namespace, ProviderEvent } from '@airlock/protocol'
import type { NodeBuild, NodeRest } from '../core/http/client'
import type { DataApi } from '../core/http/dataApi'
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
  /** The dapp as it introduces itself to wallets (its metadata's name, else its host): a Polkadot extension's `enable` shows it. */
  dappName?: string
}

/** How a family's wallets living in the dapp page are spoken to (EIP-1193, the Wallet Standard, ...). */
export interface PageWallet {
  /** Asks for the accounts (the wallet may prompt). */
  connect(call: PageCall, description: ConnectorDescription, networks: NetworkContext): Promise<ConnectedNamespace>
  /** The accounts the wallet still grants without asking; undefined when none. */
  reconnect(call: PageCall, description: ConnectorDescription, networks: NetworkContext): Promise<ConnectedNamespace | undefined>
  /** `description`: which of the family's shapes the wallet is (bip122: Wallet Standard or sats-connect). */
  request(
    call: PageCall,
    request: { caipNetworkId: string; address: string; method: string; params?: unknown; description: ConnectorDescription },
  ): Promise<unknown>
  disconnect(call: PageCall, description: ConnectorDescription): Promise<void>
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
  /**
   * A request of the widget's RPC for the family in the namespace's WalletConnect methods, each sent
   * with `send`; `address` is the connection's account. Absent where the widget speaks WalletConnect's
   * own methods (eip155, solana).
   */
  request?(send: WalletSend, request: { caipNetworkId: string; address: string; method: string; params?: unknown }): Promise<unknown>
  /**
   * The addresses a family's own address event names (bip122: `bip122_addressesChanged`), the
   * account first; undefined for an event that is not one. Absent where `accountsChanged` (CAIP-10
   * accounts) is the only one (eip155, solana).
   */
  addressesChanged?(event: string, data: unknown): string[] | undefined
}

/** Sends one request to a connected wallet, whatever carries it (the page, WalletConnect, the secure frame). */
export type WalletSend = (method: string, params?: unknown) => Promise<unknown>

/**
 * A read of a network's node through the data API's RPC proxy; `rest`, its REST pass-through, for a
 * family whose node API is REST paths (bip122: esplora); `build`, the API's transaction builders,
 * for a family whose transactions need the runtime's metadata (polkadot). The widget's API client gives all.
 */
export type NodeRpc = ((caipNetworkId: string, method: string, params: unknown) => Promise<unknown>) & {
  rest?: NodeRest
  build?: NodeBuild
}

/** The token a transfer moves: absent for the network's native token. */
export interface TransferToken {
  /** The token as the data API names it: CAIP-10 (`eip155:1:0x…`, `solana:…:<mint>`) or the plain address. */
  address: string
  decimals: number
}

/** What the Send form moves: `amount` smallest units of the native token or of `token`. */
export interface Transfer {
  caipNetworkId: string
  from: string
  to: string
  amount: bigint
  token?: TransferToken | undefined
}

/** A network fee quoted for a transfer, passed back to sendTransfer so that it pays what was shown. */
export interface FeeQuote {
  /** In the native token's smallest units. */
  amount: bigint
  /** The family's own figures behind it (eip155: gas and gas price). */
  detail?: unknown
}

/**
 * A call built elsewhere (the data API's swap and its approval), sent as it is: `data` in the
 * family's encoding, `value` in the native token's smallest units, `fee` the builder's figures
 * (eip155: gas and gasPrice, each optional; absent, the wallet prices it).
 */
export interface WalletCall {
  from: string
  to: string
  data?: string | undefined
  value?: bigint | undefined
  fee?: unknown
}

/**
 * How a receiver the user typed reads: the address to send to, or why it cannot be one (`typo`:
 * it is an address of the family, mistyped, e.g. a wrong checksum).
 */
export type ParsedAddress = { ok: true; address: string } | { ok: false; error: string; typo?: true }

/** A dapp's request to the embedded wallet, on its connection's account and network. */
export interface EmbeddedRequest {
  caipNetworkId: string
  address: string
  method: string
  params?: unknown
}

/**
 * The secure frame's turn: it shows `params` once its slot is on screen and signs them only on the
 * user's click in its own origin; `chainId` is the network as the frame names it (default: the CAIP-2 id).
 */
export type FrameSign = (params: unknown, chainId?: FrameChainId) => Promise<unknown>

/** What the embedded wallet (connectors/embedded) lends a family's signing rules. */
export interface EmbeddedWallet {
  /** A read of the request's network through the RPC proxy. */
  rpc(method: string, params: unknown): Promise<unknown>
  /** The API's access to the nodes, REST included (bip122's esplora: its reads and its broadcast). */
  node: NodeRpc
  networks: NetworkContext
  /** Moves the embedded wallet to another network of the family. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** A method the embedded wallet never serves: 'Action not allowed' on screen; the error to throw. */
  notAllowed(): Error
  /**
   * A request the user confirms: 4200 unless the frame signs the method (EmbeddedSigning.signingMethods),
   * then `check` (a request bound to fail is not shown), then the queue of the ApproveTransaction
   * view; in the request's turn, `sign` has the frame sign and answers the dapp.
   */
  confirm<T>(check: () => T, sign: (checked: T, frame: FrameSign) => Promise<unknown>): Promise<unknown>
  /** The account's smart accounts (eip155): what the frame named, the batches they sent. */
  smartAccounts: EmbeddedSmartAccounts
}

/** The embedded account's smart accounts: the EOA delegated with EIP-7702, same address (eip155). */
export interface EmbeddedSmartAccounts {
  /** The chains the frame has smart accounts on (empty: none, or its answer failed), and the type the user prefers. */
  state(): { networks: readonly number[]; preferred: FrameAccountType }
  /** Whether the account is delegated on the request's chain, as the frame reads it now (false when it cannot tell). */
  deployed(): Promise<boolean>
  /** The wallet_sendCalls batches of this session, by the id the dapp was given (EIP-5792). */
  batches: {
    get(id: string): EmbeddedBatch | undefined
    add(id: string, batch: EmbeddedBatch): void
  }
  /** One JSON-RPC call to the API's ERC-4337 relay of `chainId` (its answer unchecked). */
  relay(chainId: number, method: string, params: unknown): Promise<unknown>
  /** ERC-7715 grants: behind the dapp's `features.smartSessions`, kept at the data API's /v1/sessions (chains/eip155/permissions.ts). */
  permissions: {
    enabled(): boolean
    dataApi: DataApi
  }
  /** Opens the modal on the account's activity (the Account view when the history is switched off). */
  showActivity(): void
}

/** A batch the frame sent: its user operation's hash, on its chain. */
export interface EmbeddedBatch {
  userOpHash: string
  chainId: number
}

/** How the embedded wallet serves a family (its keys and confirmation are in the secure frame). */
export interface EmbeddedSigning {
  /** The methods the frame signs; another confirmation method answers 4200 until it is built. */
  readonly signingMethods: ReadonlySet<string>
  /** Answers a dapp's request: from the widget's state, a read, or a signature the user confirms. */
  request(wallet: EmbeddedWallet, request: EmbeddedRequest): Promise<unknown>
}

/** A dapp's request through getProvider(namespace). */
export interface DappRequest {
  method: string
  params?: unknown
}

/** What the widget lends a family's dapp-facing provider (host/rpc routes to it). */
export interface DappProviderDeps {
  /** The family's connection, if any. */
  connection(): { addresses: readonly string[]; caipNetworkId: string } | undefined
  /** The network the widget shows and the dapp's networks (CAIP-2): where a read goes without a wallet. */
  networks(): { active: string; requested: readonly string[] }
  /** To the wallet connected on the family, whatever carries it. */
  walletRequest(method: string, params: unknown): Promise<unknown>
  /** A read of a network's node through the RPC proxy (and its REST pass-through, for the families whose nodes speak REST). */
  proxyRequest: NodeRpc
  /** Opens the modal for the dapp's account request; the addresses connected. */
  requestAccounts(): Promise<string[]>
  /** Resolves once the family is connected, waiting for a connect in progress; else rejects 4100 (4001: the user said no). */
  awaitConnection(): Promise<unknown>
}

/** A family's provider as the dapp sees it (EIP-1193 for eip155, solana_* JSON-RPC for solana). */
export type DappProvider = (request: DappRequest) => Promise<unknown>

export interface ChainAdapter {
  readonly namespace: Namespace
  isAddress(address: string): boolean
  /**
   * A receiver as typed, normalised (eip155: the checksummed address; a wrong checksum refused); on
   * `caipNetworkId`, where a family's addresses name their network (bip122), that network's only.
   */
  parseAddress(input: string, caipNetworkId?: string): ParsedAddress
  /** SPEC section 8: the send form's texts of this family. */
  readonly sendTexts: { invalid: string; failed: string }
  /**
   * Why the transfer cannot go, said before the wallet is asked (Solana: a new account must receive
   * at least the rent-exempt minimum); undefined when it can.
   */
  checkTransfer(rpc: NodeRpc, transfer: Transfer): Promise<string | undefined>
  /** The network fee the transfer will cost; undefined when the node does not say. */
  quoteTransferFee(rpc: NodeRpc, transfer: Transfer): Promise<FeeQuote | undefined>
  /** Builds the transfer and has the wallet sign and send it; answers the transaction id. */
  sendTransfer(rpc: NodeRpc, send: WalletSend, transfer: Transfer, fee: FeeQuote | undefined): Promise<string>
  /** Has the wallet sign and send a call built elsewhere; answers the transaction id. */
  sendCall(send: WalletSend, call: WalletCall): Promise<string>
  /** Resolves once the transaction is final: 'success', or 'failed' when the network refused or reverted it. */
  waitForTransaction(rpc: NodeRpc, caipNetworkId: string, id: string, options?: { timeoutMs?: number }): Promise<'success' | 'failed'>
  /** The native token balance of `address`, in its smallest units. */
  nativeBalance(rpc: NodeRpc, caipNetworkId: string, address: string): Promise<bigint>
  /** Signs a UTF-8 message with `address`; the signature as the family writes it (hex, base58). */
  signMessage(send: WalletSend, address: string, message: string): Promise<string>
  /**
   * Asks the wallet to move to `caipNetworkId` (adding the network first where the family does);
   * throws 'Chain is not supported' (SPEC section 8) when it cannot.
   */
  switchNetwork(send: WalletSend, caipNetworkId: string, networks: NetworkContext): Promise<void>
  /**
   * The account's address as `caipNetworkId` writes it, for a family whose address text names the
   * network while the account is the same on every one (polkadot's SS58 prefix); absent where a
   * network switch keeps the address (eip155, solana) or changes the account (bip122's wallets move it).
   */
  addressOn?(address: string, caipNetworkId: string): string
  readonly pageWallet: PageWallet
  readonly walletConnect: WalletConnectFamily
  /**
   * The embedded wallet's rules for the family, a chunk of their own: fetched with the embedded
   * wallet's first request, so that a page wallet's user never downloads them.
   */
  embedded(): Promise<EmbeddedSigning>
  /**
   * Atomic batches of calls where the family has them (eip155: EIP-5792), a chunk of their own:
   * fetched when a flow (the swap) asks whether the wallet can run its calls as one.
   */
  batches?(): Promise<CallBatches>
}

/** A wallet's atomic batches: several calls in one confirmation, all landing or none. */
export interface CallBatches {
  /** Whether the wallet runs calls atomically for `address` on the network now; false when it does not say so (or not in time). */
  atomic(send: WalletSend, address: string, caipNetworkId: string): Promise<boolean>
  /** Has the wallet send `calls` from `from` as one atomic batch; answers the batch id. */
  send(
    send: WalletSend,
    batch: { from: string; caipNetworkId: string; calls: readonly Omit<WalletCall, 'from' | 'fee'>[] },
  ): Promise<string>
  /** Resolves once the batch is final: 'success', or 'failed' when it reverted (nothing of it landed). */
  wait(send: WalletSend, id: string, options?: { timeoutMs?: number; intervalMs?: number }): Promise<'success' | 'failed'>
}
