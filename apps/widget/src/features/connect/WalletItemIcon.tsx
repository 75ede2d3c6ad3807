import { ConnectorIcon } from '../../ui/ConnectorIcon'
import { WalletImage } from '../../ui/WalletImage'
import type { WalletItem } from './wallets/lists'

/** WalletConnect's mark, inline: the QR entry needs no request. */
export function WalletConnectIcon({ size = 40 }: { size?: number }) {
  return (
    <svg className="al-wallet-image" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="#3396ff" />
      <path
        d="M12.3 15.6c4.3-4.2 11.2-4.2 15.4 0l.5.5a.5.5 0 0 1 0 .8l-1.8 1.7a.3.3 0 0 1-.4 0l-.7-.7a7.7 7.7 0 0 0-10.6 0l-.8.8a.3.3 0 0 1-.4 0l-1.8-1.7a.5.5 0 0 1 0-.8l.6-.6zm19.1 3.5 1.6 1.6a.5.5 0 0 1 0 .8l-7.2 7a.6.6 0 0 1-.8 0l-5.1-5a.1.1 0 0 0-.2 0l-5.1 5a.6.6 0 0 1-.8 0l-7.2-7a.5.5 0 0 1 0-.8l1.6-1.6a.6.6 0 0 1 .8 0l5.1 5c.1.1.2.1.2 0l5.1-5a.6.6 0 0 1 .8 0l5.1 5c.1.1.2.1.2 0l5.1-5a.6.6 0 0 1 .8 0z"
        fill="#fff"
      />
    </svg>
  )
}

/** A list item's icon: a page wallet's data: URI, WalletConnect's mark, or a preloaded remote image. */
export function WalletItemIcon({ item, size = 40 }: { item: WalletItem; size?: number }) {
  if (item.section === 'walletConnect') return <WalletConnectIcon size={size} />
  if (item.connectorIcon !== undefined || (item.connectorId !== undefined && !item.imageUrl))
    return <ConnectorIcon icon={item.connectorIcon} size={size} />
  return <WalletImage url={item.imageUrl} name={item.name} size={size} />
}
