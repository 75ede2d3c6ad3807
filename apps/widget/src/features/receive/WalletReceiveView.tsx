import { receiveUri } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { copyText } from '../../ui/copy'
import { networkImageUrl } from '../../core/http/networkImages'
import { compatibleNetworks } from './networks'
import { Button } from '../../ui/Button'
import { CopyIcon } from '../../ui/icons'
import { activeCaipNetworkIdAtom, activeNetworkAtom } from '../../core/network/atoms'
import { networksAtom } from '../../core/options/atoms'
import { useWidget } from '../../core/react'
import { QrCode } from '../../ui/QrCode'
import { NetworkIcon } from '../../ui/NetworkIcon'
import '../../ui/qr.css'
import './wallet-receive.css'
import { connectionAtom } from '../../core/session/active'

/** SPEC section 2 Receive: the account's address as text and QR code, and the networks it receives on. */
export default function WalletReceiveView() {
  const ctx = useWidget()
  const { address } = useAtomValue(connectionAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)
  const network = useAtomValue(activeNetworkAtom)
  const compatible = compatibleNetworks(useAtomValue(networksAtom), caipNetworkId)
  if (!address) return <section className="al-centered-view" data-testid="receive-view" />

  const networkName = network?.name ?? caipNetworkId
  const onCopy = async () => {
    if (await copyText(address)) ctx.toasts.show('Address copied', 'success')
    else ctx.toasts.show('Failed to copy', 'error')
  }

  return (
    <section className="al-centered-view" data-testid="receive-view">
      <QrCode
        uri={receiveUri(caipNetworkId, address)}
        logoUrl={network ? networkImageUrl(ctx.config.apiUrl, ctx.project(), network) : undefined}
        size={240}
      />
      <p className="al-receive-network" data-testid="receive-network">
        Receive on <strong>{networkName}</strong>
      </p>
      <p className="al-receive-address" data-testid="receive-address">
        {address}
      </p>
      <Button variant="secondary" data-testid="receive-copy" onClick={() => void onCopy()}>
        <CopyIcon />
        Copy address
      </Button>
      {compatible.length > 0 && (
        <div className="al-receive-compatible" data-testid="receive-networks">
          <span className="al-muted">Only send assets on these networks to this address</span>
          <ul className="al-receive-network-list">
            {compatible.map((item) => (
              <li key={item.caipNetworkId} className="al-receive-network-item" data-testid="receive-network-item" title={item.name}>
                <NetworkIcon network={item} label={item.name} size={20} />
                <span>{item.name}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
