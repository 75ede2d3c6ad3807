/** The parts of a Wallet Standard wallet that combining two of them touches. */
export interface StandardWalletLike {
  version: string
  name: string
  icon: string
  chains: readonly string[]
  readonly accounts: readonly unknown[]
  features: Record<string, unknown>
}

type Events = { on(event: 'change', listener: (change: { accounts: readonly unknown[] }) => void): () => void }
type Disconnect = { disconnect(): Promise<void> }

/**
 * One Wallet Standard object over several families' wallets (as Phantom registers Solana and
 * Bitcoin in one): the first one's name and icon, every chain, account and feature, one change
 * event carrying all accounts, and a disconnect of all.
 */
export function combineStandardWallets(wallets: readonly StandardWalletLike[]): StandardWalletLike {
  const [first] = wallets
  if (!first) throw new Error('No wallet to combine')
  const version = first.version
  const all = () => wallets.flatMap((wallet) => wallet.accounts)
  const combined: StandardWalletLike = {
    version,
    name: first.name,
    icon: first.icon,
    chains: wallets.flatMap((wallet) => wallet.chains),
    get accounts() {
      return all()
    },
    features: {
      ...Object.assign({}, ...wallets.map((wallet) => wallet.features)),
      'standard:events': {
        version,
        on(event: 'change', listener: (change: { accounts: readonly unknown[] }) => void) {
          const offs = wallets.map((wallet) =>
            (wallet.features['standard:events'] as Events | undefined)?.on(event, () => listener({ accounts: all() })),
          )
          return () => offs.forEach((off) => off?.())
        },
      },
      'standard:disconnect': {
        version,
        disconnect: async () => {
          for (const wallet of wallets) await (wallet.features['standard:disconnect'] as Disconnect | undefined)?.disconnect()
        },
      },
    },
  }
  return combined
}

/** Where a devnet wallet remembers that this site is connected, as an extension does across reloads. */
export interface SitePermission {
  load(): boolean
  save(connected: boolean): void
}

/**
 * A devnet Standard wallet's connection to the site: whether it is connected (remembered by
 * `sitePermission`), its accounts while it is, and the standard:disconnect and standard:events
 * features that end it and tell every change.
 */
export function siteConnection<A>(version: string, sitePermission: SitePermission | undefined, connectedAccounts: () => readonly A[]) {
  let connected = sitePermission?.load() ?? false
  const listeners = new Set<(change: { accounts: readonly A[] }) => void>()
  const accounts = () => (connected ? connectedAccounts() : [])
  const changed = () => {
    for (const listener of [...listeners]) listener({ accounts: accounts() })
  }
  const set = (next: boolean) => {
    if (next === connected) return
    connected = next
    sitePermission?.save(next)
    changed()
  }
  return {
    isConnected: () => connected,
    set,
    /** Tells the listeners of accounts that changed while connected (the user picked another one). */
    changed: () => connected && changed(),
    accounts,
    features: {
      'standard:disconnect': { version, disconnect: async () => set(false) },
      'standard:events': {
        version,
        on(event: 'change', listener: (change: { accounts: readonly A[] }) => void) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
    },
  }
}
