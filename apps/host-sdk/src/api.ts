import type {
  AirlockEvent,
  AirlockState,
  DropReason,
  Namespace,
  OpenableView,
  SiwxDappSession,
  ThemeMode,
  ThemeVariables,
} from '@airlock/protocol'
import type { AirlockProvider } from './provider'

/** What a dapp holds: an Airlock instance (airlock.ts makes it), apart so that the parts it lends itself to need not import its making. */
export interface Diagnostics {
  /** Messages dropped because of their origin, sender, shape or parameters. */
  dropped: Record<DropReason | 'invalid', number>
}

export interface Airlock {
  open(options?: { view?: OpenableView; namespace?: Namespace }): Promise<void>
  close(): Promise<void>
  /**
   * eip155: EIP-1193; solana: the `solana_*` JSON-RPC (SOLANA_METHODS); bip122: sats-connect's
   * names (BITCOIN_METHODS); polkadot: WalletConnect's `polkadot_*` (POLKADOT_METHODS); each over
   * the same request/on/removeListener.
   */
  getProvider(namespace: ProviderNamespace): AirlockProvider
  getState(): AirlockState
  subscribeState(listener: (state: AirlockState) => void): () => void
  subscribeAccount(listener: (account: Pick<AirlockState, 'status' | 'address' | 'caipAddress'>) => void): () => void
  subscribeNetwork(listener: (network: Pick<AirlockState, 'caipNetworkId' | 'chainId'>) => void): () => void
  subscribeEvents(listener: (event: AirlockEvent) => void): () => void
  /** The sign-in (SIWX) session of the active account on the active network: its `token` is what a backend checks. */
  getSession(): SiwxDappSession | undefined
  /** Called with the new session (undefined when signed out) each time it changes. */
  subscribeSession(listener: (session: SiwxDappSession | undefined) => void): () => void
  /** Ends the session ('SIWX is not enabled' without the `siwx` option); with a required sign-in, disconnects too. */
  signOut(): Promise<void>
  setThemeMode(themeMode: ThemeMode): Promise<void>
  setThemeVariables(themeVariables: ThemeVariables): Promise<void>
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Adds a network (CAIP-2 id, e.g. `eip155:8453`) to the requested networks. */
  addNetwork(caipNetworkId: string): Promise<void>
  /** Removes a requested network; the last one of its chain cannot be removed. */
  removeNetwork(caipNetworkId: string): Promise<void>
  /** Disconnects one namespace's connection, or all of them. */
  disconnect(options?: { namespace?: Namespace }): Promise<void>
  getDiagnostics(): Diagnostics
  destroy(): void
}

export type ProviderNamespace = 'eip155' | 'solana' | 'bip122' | 'polkadot'
