import { Suspense } from 'react'
import { preloadRoute } from '../../core/router/registry'
import { formatBalance, shortAddress } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { copyText } from '../../ui/copy'
import { IconButton } from '../../ui/Button'
import { CopyIcon, ExternalIcon } from '../../ui/icons'
import { Spinner } from '../../ui/Spinner'
import { activeCaipNetworkIdAtom, activeNetworkAtom } from '../../core/network/atoms'
import { navigateAtom } from '../../core/router/atoms'
import { useWidget } from '../../core/react'
import { NetworkIcon } from '../../ui/NetworkIcon'
import { Avatar } from '../../ui/Avatar'
import { DisconnectButton } from '../../ui/DisconnectButton'
import { disconnectAndClose } from '../../connectors/disconnect'
import { useBalance } from './useBalance'
import { useIdentity } from '../../core/http/useIdentity'
import { AccountPortfolio } from './tabs/AccountPortfolio'
import { useAccountSlots } from './slots'
import { WalletFeatureButtons } from './WalletFeatureButtons'
import './account.css'
import { connectionAtom } from '../../core/session/active'

export default function AccountView() {
  const ctx = useWidget()
  const { address } = useAtomValue(connectionAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)
  const network = useAtomValue(activeNetworkAtom)
  const balance = useBalance(caipNetworkId, address)
  const identity = useIdentity(address)
  const { details } = useAccountSlots()

  if (!address) return <section className="al-account" data-testid="account-view" />

  const onCopy = async () => {
    if (await copyText(address)) ctx.toasts.show('Address copied', 'success')
    else ctx.toasts.show('Failed to copy', 'error')
  }
  const networkName = network?.name ?? caipNetworkId
  const explorer = network?.blockExplorers?.default.url

  return (
    <section className="al-account" data-testid="account-view">
      <Avatar address={address} image={identity?.avatar} />
      <div className="al-account-address-row">
        <span className="al-account-address" data-testid="account-address" data-name={identity?.name ? 'true' : undefined} title={address}>
          {identity?.name ?? shortAddress(address)}
        </span>
        <IconButton aria-label="Copy address" data-testid="copy-address" onClick={() => void onCopy()}>
          <CopyIcon />
        </IconButton>
      </div>
      {details.map((Detail, index) => (
        <Suspense key={index} fallback={null}>
          <Detail />
        </Suspense>
      ))}
      <div className="al-account-balance" data-testid="account-balance" data-state={balance.status}>
        {balance.status === 'loading' && <Spinner size={14} label="Loading balance" />}
        {balance.status === 'success' &&
          formatBalance(balance.value, network?.nativeCurrency.decimals ?? 18, network?.nativeCurrency.symbol ?? 'ETH')}
        {balance.status === 'error' && <span className="al-muted">Token Balance Unavailable</span>}
      </div>
      <button
        type="button"
        className="al-network-pill"
        data-testid="account-network"
        title="Choose network"
        onClick={() => ctx.store.set(navigateAtom, { type: 'push', route: { name: 'Networks' } })}
        onPointerEnter={() => preloadRoute('Networks')}
        onFocus={() => preloadRoute('Networks')}
      >
        <NetworkIcon network={network} label={networkName} size={20} />
        {networkName}
      </button>
      {explorer && (
        <a
          className="al-explorer-link"
          href={`${explorer.replace(/\/+$/, '')}/address/${address}`}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="account-explorer"
        >
          Block Explorer
          <ExternalIcon />
        </a>
      )}
      <WalletFeatureButtons />
      <AccountPortfolio />
      <DisconnectButton onDisconnect={() => disconnectAndClose(ctx)} />
    </section>
  )
}
