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
