import type { WalletKit, WalletKitTypes } from '@reown/walletkit'
import type { Address, Hex } from 'viem'
import type { WalletConnectCore } from './core'

/** The reference wallet's public shapes (wallet.ts builds it). */

/** How proposals or requests are answered: at once (approve / reject with 4001), or left pending for `approve…` / the page ('manual'; unanswered = a hanging wallet). */
export type ReferenceWalletMode = 'approve' | 'reject' | 'manual'

export interface ReferenceWalletOptions {
  relayUrl: string
  projectId: string
  /** JSON-RPC url per eip155 chain id, e.g. `{ 31337: devnet.chains[0].rpcUrl, 31338: … }`. */
  rpcUrls: Readonly<Record<number, string>>
  /**
   * JSON-RPC url per Solana cluster (CAIP-2), e.g. `{ [solanaDevnet.caipNetworkId]: solanaDevnet.url }`: a
   * proposal's `solana` namespace is approved on these with the Solana devnet's account 0.
   */
  solanaRpcUrls?: Readonly<Record<string, string>>
  /**
   * esplora API per Bitcoin chain (CAIP-2), e.g. `{ [bitcoinRegtest.caipNetworkId]: bitcoinDevnet.url }`:
   * a proposal's `bip122` namespace is approved on these with the Bitcoin devnet's second accounts.
   */
  bitcoinEsploraUrls?: Readonly<Record<string, string>>
  /**
   * Node url per Polkadot chain (CAIP-2), e.g. `{ [polkadotDevnet.caipNetworkId]: polkadotDevnet.url }`:
   * a proposal's `polkadot` namespace is approved on these with the Polkadot devnet's account 1.
   */
  polkadotRpcUrls?: Readonly<Record<string, string>>
  /** Devnet account exposed by default (0-9). The wallet holds all ten keys, so `approve(…, { accounts })` may expose others. */
  accountIndex?: number
  /** For proposals and requests alike (default 'approve'). */
  mode?: ReferenceWalletMode
  proposalMode?: ReferenceWalletMode
  requestMode?: ReferenceWalletMode
  /**
   * Answers WalletConnect one-click auth (wc_sessionAuthenticate) by signing its SIWE message
   * (default false: the wallet does not support it, and the dapp's fallback session proposal is
   * answered as any proposal). Refused in the 'reject' proposal mode, signed at once otherwise.
   */
  oneClickAuth?: boolean
  metadata?: Partial<WalletKitTypes.Metadata>
  log?: (line: string) => void
}

export interface DappInfo {
  name: string
  url: string
  description: string
  icons: string[]
}

export interface ReferenceProposal {
  id: number
  pairingTopic: string
  dapp: DappInfo
  /** CAIP-2 chains asked for (required and optional), every namespace (eip155, solana, bip122 and polkadot ones are served). */
  requestedChains: string[]
  requestedMethods: string[]
  /** ms since the epoch. */
  expiresAt: number
  raw: WalletKitTypes.SessionProposal
}

export interface ReferenceRequest {
  id: number
  topic: string
  /** CAIP-2, e.g. eip155:31337. */
  chainId: string
  method: string
  params: unknown
  dapp: DappInfo
  raw: WalletKitTypes.SessionRequest
}

export interface ReferenceSession {
  topic: string
  dapp: DappInfo
  /** Every namespace's (eip155 first, then solana, bip122, polkadot). */
  chains: string[]
  /** CAIP-10, every namespace's. */
  accounts: string[]
  methods: string[]
  /** The eip155 chain last switched to (the first approved one at first); undefined for a Solana-only session. */
  chainId: number | undefined
  /** ms since the epoch. */
  expiresAt: number
}

export interface ApproveOptions {
  /** eip155 chain ids (numbers or CAIP-2); default: the requested ones this wallet has an rpc url for. */
  chains?: readonly (number | string)[]
  /** Devnet addresses to expose; default the `accountIndex` one. */
  accounts?: readonly Address[]
}

/** A one-click auth the wallet signed (oneClickAuth). */
export interface ReferenceAuthentication {
  id: number
  dapp: DappInfo
  /** CAIP-2: the chain of the CACAO's issuer. */
  chainId: string
  /** The SIWE text signed (formatAuthMessage), and its personal_sign signature. */
  message: string
  signature: Hex
}

export type ReferenceWalletEvent = 'proposal' | 'request' | 'session' | 'sessionDeleted' | 'authenticate' | 'change' | 'error'

export interface ReferenceWallet {
  /** The default account's address. */
  readonly address: Address
  /** The Solana account it approves `solana` namespaces with (the Solana devnet's account 0). */
  readonly solanaAddress: string
  /** The Bitcoin payment address it approves `bip122` namespaces with (the session's account). */
  readonly bitcoinAddress: string
  /** The Polkadot account (the devnet's account 1) it approves `polkadot` namespaces with, in the devnet's SS58 format; each chain's account is in its own. */
  readonly polkadotAddress: string
  /** The WalletKit client, for what this API does not cover. */
  readonly walletKit: InstanceType<typeof WalletKit>
  readonly core: WalletConnectCore
  /** Chain ids the wallet has an rpc url for (wallet_addEthereumChain adds to them). */
  knownChains(): number[]
  /** The Solana clusters (CAIP-2) it has an rpc url for. */
  knownSolanaChains(): string[]
  modes(): { proposals: ReferenceWalletMode; requests: ReferenceWalletMode }
  /** The one-click auths signed so far (oneClickAuth), oldest first. */
  authentications(): ReferenceAuthentication[]
  setMode(mode: ReferenceWalletMode, which?: 'proposals' | 'requests' | 'both'): void
  /** Pairs with a `wc:` URI from a dapp; the proposal follows (see nextProposal / mode). */
  pair(uri: string): Promise<void>
  /** The next proposal left pending ('manual' proposal mode). */
  nextProposal(options?: { timeoutMs?: number }): Promise<ReferenceProposal>
  pendingProposals(): ReferenceProposal[]
  approve(proposal: ReferenceProposal | number, options?: ApproveOptions): Promise<ReferenceSession>
  reject(proposal: ReferenceProposal | number): Promise<void>
  /** The next request left pending ('manual' request mode). */
  nextRequest(options?: { timeoutMs?: number }): Promise<ReferenceRequest>
  pendingRequests(): ReferenceRequest[]
  /** Executes a pending request and sends the result (or the error it raised); returns the result. */
  approveRequest(request: ReferenceRequest | number): Promise<unknown>
  /** Answers a pending request with 4001 User rejected the request. */
  rejectRequest(request: ReferenceRequest | number): Promise<void>
  sessions(): ReferenceSession[]
  /** Switches the chain of one session (or all) and emits chainChanged over it; adds the chain to the session when needed. */
  switchChain(chainId: number, topic?: string): Promise<void>
  /** Deletes one session (or all) from the wallet side. */
  disconnect(topic?: string): Promise<void>
  on(event: ReferenceWalletEvent, listener: (payload?: unknown) => void): () => void
  stop(): Promise<void>
}
