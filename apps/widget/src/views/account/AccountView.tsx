import { formatBalance, shortAddress } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { useState, type CSSProperties } from 'react'
import { copyText } from '../../actions/copy'
import { disconnect } from '../../actions/disconnect'
import { closeModal } from '../../actions/modal'
import { Button, IconButton } from '../../components/Button'
import { CopyIcon, DisconnectIcon } from '../../components/icons'
import { Spinner } from '../../components/Spinner'
import { connectionAtom } from '../../stores/connection'
import { activeCaipNetworkIdAtom, activeNetworkAtom } from '../../stores/network'
import { useWidget } from '../../WidgetProvider'
import { useBalance } from './useBalance'
import './account.css'

/** A stable two-colour gradient from the address, instead of fetching an avatar. */
function avatarColors(address: string): CSSProperties {
  const a = Number.parseInt(address.slice(2, 8), 16) % 360
  const b = Number.parseInt(address.slice(-6), 16) % 360
  return { '--al-avatar-a': `hsl(${a} 70% 55%)`, '--al-avatar-b': `hsl(${b} 70% 45%)` } as CSSProperties
}

export default function AccountView() {
  const ctx = useWidget()
  const { address } = useAtomValue(connectionAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)
  const network = useAtomValue(activeNetworkAtom)
  const balance = useBalance(caipNetworkId, address)
  const [disconnecting, setDisconnecting] = useState(false)

  if (!address) return <section className="al-account" data-testid="account-view" />

  const onCopy = async () => {
    if (await copyText(address)) ctx.toasts.show('Address copied', 'success')
    else ctx.toasts.show('Failed to copy', 'error')
  }

  const onDisconnect = async () => {
    setDisconnecting(true)
    try {
      await disconnect(ctx)
      closeModal(ctx)
    } catch {
      // disconnect() already showed 'Failed to disconnect'.
    } finally {
      setDisconnecting(false)
    }
  }

  return (
    <section className="al-account" data-testid="account-view">
      <span className="al-avatar" style={avatarColors(address)} aria-hidden="true" />
      <div className="al-account-address-row">
        <span className="al-account-address" data-testid="account-address" title={address}>
          {shortAddress(address)}
        </span>
        <IconButton aria-label="Copy address" data-testid="copy-address" onClick={() => void onCopy()}>
          <CopyIcon />
        </IconButton>
      </div>
      <div className="al-account-balance" data-testid="account-balance" data-state={balance.status}>
        {balance.status === 'loading' && <Spinner size={14} label="Loading balance" />}
        {balance.status === 'success' &&
          formatBalance(balance.value, network?.nativeCurrency.decimals ?? 18, network?.nativeCurrency.symbol ?? 'ETH')}
        {balance.status === 'error' && <span className="al-muted">Token Balance Unavailable</span>}
      </div>
      <span className="al-network-pill" data-testid="account-network">
        {network?.name ?? caipNetworkId}
      </span>
      <Button
        variant="secondary"
        className="al-disconnect"
        data-testid="disconnect-button"
        disabled={disconnecting}
        onClick={() => void onDisconnect()}
      >
        <DisconnectIcon />
        Disconnect
      </Button>
    </section>
  )
}
