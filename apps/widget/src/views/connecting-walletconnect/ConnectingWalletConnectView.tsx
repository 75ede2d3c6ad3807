import type { WalletEntry } from '../../wallets/entry'

export default function ConnectingWalletConnectView({ wallet }: { wallet?: WalletEntry | undefined }) {
  return (
    <section className="al-connecting" data-testid="connecting-walletconnect">
      <p>{wallet?.name ?? 'WalletConnect'}</p>
    </section>
  )
}
