import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { copyText } from '../../../ui/copy'
import { connect } from '../../../connectors/connect'
import { openWalletLink } from '../../../connectors/walletconnect/connector'
import { Button } from '../../../ui/Button'
import { ConnectorIcon } from '../../../ui/ConnectorIcon'
import { Spinner } from '../../../ui/Spinner'
import { ErrorIcon } from '../../../ui/icons'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../../connectors/walletconnect/client'
import { formatNativeLink, formatUniversalLink } from '../../../connectors/walletconnect/links'
import { isPairingExpired, wcPairingAtom } from '../../../connectors/walletconnect/atoms'
import type { WalletEntry } from '../../../core/session/walletEntry'
import { useWidget } from '../../../core/react'
import { QrCode } from '../../../ui/QrCode'
import '../../../ui/qr.css'
import { isMobileAtom } from '../../../core/platform'
import { pendingConnectionAtom, type PendingConnection } from '../../../core/session/atoms'

/** How often the view checks the pairing's expiry. */
const EXPIRY_CHECK_MS = 1000

const isPairing = (pending: PendingConnection | undefined) =>
  pending?.status === 'connecting' && pending.connectorId === WALLET_CONNECT_CONNECTOR_ID

export default function ConnectingWalletConnectView({ wallet }: { wallet?: WalletEntry | undefined }) {
  const ctx = useWidget()
  const pairing = useAtomValue(wcPairingAtom)
  const pairingInProgress = isPairing(useAtomValue(pendingConnectionAtom))
  const isMobile = useAtomValue(isMobileAtom)

  // Shown without a selection action (the dapp opened this view, or a list pushed it): start one.
  useEffect(() => {
    const { error } = ctx.store.get(wcPairingAtom)
    if (!isPairing(ctx.store.get(pendingConnectionAtom)) && !error) void connect(ctx, WALLET_CONNECT_CONNECTOR_ID, { wallet })
  }, [ctx, wallet])

  // SPEC section 4: a pairing with under 10 s left is replaced by a new URI.
  useEffect(() => {
    const timer = setInterval(() => {
      const { uri, expiry, error } = ctx.store.get(wcPairingAtom)
      if (uri && !error && isPairing(ctx.store.get(pendingConnectionAtom)) && isPairingExpired(expiry, Date.now())) {
        void connect(ctx, WALLET_CONNECT_CONNECTOR_ID, { wallet })
      }
    }, EXPIRY_CHECK_MS)
    return () => clearInterval(timer)
  }, [ctx, wallet])

  const mobileLink = pairing.uri && wallet?.mobileLink ? formatNativeLink(wallet.mobileLink, pairing.uri) : undefined
  const desktopLink = pairing.uri && wallet?.desktopLink ? formatNativeLink(wallet.desktopLink, pairing.uri) : undefined
  const webLink = pairing.uri && wallet?.webappLink ? formatUniversalLink(wallet.webappLink, pairing.uri) : undefined

  // On a phone the wallet app is opened once the URI exists (from the top window: an iframe may not navigate it).
  const opened = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!isMobile || !mobileLink || opened.current === mobileLink.href) return
    opened.current = mobileLink.href
    openWalletLink(ctx, mobileLink.href, mobileLink.target)
  }, [ctx, isMobile, mobileLink])

  const name = wallet?.name ?? 'your wallet'
  if (pairing.error) {
    return (
      <section className="al-connecting" data-testid="connecting-walletconnect" data-state="error">
        <div className="al-connecting-icon">
          <ConnectorIcon icon={wallet?.imageUrl} size={72} />
          <ErrorIcon className="al-connecting-badge" width={20} height={20} />
        </div>
        <div className="al-connecting-text" data-testid="connecting-error" role="alert">
          <p className="al-connecting-title al-error-text">{pairing.error.title}</p>
          <p className="al-connecting-detail">{pairing.error.detail}</p>
        </div>
        <Button variant="secondary" data-testid="retry-button" onClick={() => void connect(ctx, WALLET_CONNECT_CONNECTOR_ID, { wallet })}>
          Retry
        </Button>
      </section>
    )
  }

  return (
    <section className="al-connecting al-wc" data-testid="connecting-walletconnect" data-state={pairing.uri ? 'waiting' : 'pairing'}>
      {isMobile && mobileLink ? (
        <div className="al-connecting-icon" data-waiting={pairingInProgress}>
          <ConnectorIcon icon={wallet?.imageUrl} size={72} />
        </div>
      ) : pairing.uri ? (
        <QrCode uri={pairing.uri} logoUrl={wallet?.imageUrl} />
      ) : (
        <div className="al-qr-placeholder" aria-busy="true">
          <Spinner />
        </div>
      )}
      <div className="al-connecting-text">
        <p className="al-connecting-title">{isMobile && mobileLink ? `Continue in ${name}` : `Scan this QR code with ${name}`}</p>
        <p className="al-connecting-detail">
          {isMobile && mobileLink
            ? 'Accept the connection request in the wallet'
            : 'Use the camera of your phone or the scanner of the wallet'}
        </p>
      </div>
      <div className="al-wc-actions">
        {mobileLink && (
          <Button data-testid="wc-open-mobile" onClick={() => openWalletLink(ctx, mobileLink.href, mobileLink.target)}>
            Open {wallet?.name}
          </Button>
        )}
        {!isMobile && desktopLink && (
          <Button
            variant="secondary"
            data-testid="wc-open-desktop"
            onClick={() => openWalletLink(ctx, desktopLink.href, desktopLink.target)}
          >
            Open desktop app
          </Button>
        )}
        {webLink && (
          <Button variant="secondary" data-testid="wc-open-web" onClick={() => openWalletLink(ctx, webLink.href, webLink.target)}>
            Open web app
          </Button>
        )}
        <Button
          variant="secondary"
          data-testid="wc-copy-link"
          disabled={!pairing.uri}
          onClick={async () => {
            if (!pairing.uri) return
            const copied = await copyText(pairing.uri)
            ctx.toasts.show(copied ? 'Link copied' : 'Could not copy the link', copied ? 'success' : 'error')
          }}
        >
          Copy link
        </Button>
      </div>
    </section>
  )
}
