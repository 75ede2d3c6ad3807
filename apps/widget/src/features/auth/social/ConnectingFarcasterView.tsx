import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { connectFarcaster } from './farcaster'
import { copyText } from '../../../ui/copy'
import { Button } from '../../../ui/Button'
import { Spinner } from '../../../ui/Spinner'
import { farcasterLoginAtom } from '../../../connectors/embedded/atoms'
import { useWidget } from '../../../core/react'
import { QrCode } from '../../../ui/QrCode'
import '../../../ui/qr.css'
import './social.css'
import './connecting-social.css'
import { AuthenticatingStatus } from '../../../connectors/embedded/AuthenticatingStatus'
import { isMobileAtom } from '../../../core/platform'
import { connectionAtom } from '../../../core/session/active'

/** Farcaster's arch on its purple, in the middle of the QR code (a data: URI, which the widget's CSP allows). */
const FARCASTER_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="4" fill="#855DCD"/>' +
    '<path d="M4 3.5h8M5 3.5v9M11 3.5v9M4 12.5h2M10 12.5h2M5 9.5c0-1.7 1.3-3 3-3s3 1.3 3 3" stroke="#fff" stroke-width="1.3" fill="none" stroke-linecap="round"/></svg>',
)}`

/**
 * SPEC section 2 ConnectingFarcaster: the QR code of the Farcaster sign-in channel (on a phone, a
 * button that opens it), waiting for the approval in the Farcaster app; the error with 'Try again'.
 */
export default function ConnectingFarcasterView() {
  const ctx = useWidget()
  const login = useAtomValue(farcasterLoginAtom)
  const isMobile = useAtomValue(isMobileAtom)

  // Shown without a login under way (the click navigated here): start one.
  useEffect(() => {
    const current = ctx.store.get(farcasterLoginAtom)
    const running = current.attempt === ctx.session.attempt && (current.status === 'loading' || current.status === 'waiting')
    if (!running && ctx.store.get(connectionAtom).status !== 'connected') void connectFarcaster(ctx)
  }, [ctx])

  const open = () => {
    if (login.url) ctx.host.api?.openUrl({ url: login.url, target: '_blank' }).catch(() => {})
  }
  const copy = async () => {
    if (!login.url) return
    const copied = await copyText(login.url)
    ctx.toasts.show(copied ? 'Link copied' : 'Could not copy the link', copied ? 'success' : 'error')
  }
  const state = login.status ?? 'loading'

  return (
    <section className="al-connecting-social" data-testid="connecting-farcaster" data-state={state}>
      {state === 'waiting' && login.url && !isMobile && (
        <div data-testid="farcaster-qr" data-url={login.url}>
          <QrCode uri={login.url} logoUrl={FARCASTER_LOGO} />
        </div>
      )}
      {(state === 'loading' || (state === 'waiting' && !login.url)) && (
        <div className="al-qr-placeholder" aria-busy="true">
          <Spinner />
        </div>
      )}
      {state === 'waiting' && (
        <div className="al-connecting-social-text">
          <p className="al-connecting-social-title">{isMobile ? 'Continue in Farcaster' : 'Scan this QR code with your phone'}</p>
          <p className="al-muted" data-testid="social-status" role="status">
            Approve the sign-in in the Farcaster app, then come back here.
          </p>
        </div>
      )}
      {state === 'authenticating' && <AuthenticatingStatus testId="social-status" />}
      {state === 'waiting' && login.url && (
        <div className="al-wc-actions">
          <Button variant={isMobile ? 'primary' : 'secondary'} data-testid="farcaster-open" onClick={open}>
            Open Farcaster
          </Button>
          <Button variant="secondary" data-testid="farcaster-copy" onClick={() => void copy()}>
            Copy link
          </Button>
        </div>
      )}
      {state === 'error' && (
        <>
          <p className="al-connecting-social-title al-error-text" data-testid="social-status" role="alert">
            {login.error}
          </p>
          <Button variant="secondary" data-testid="social-retry" onClick={() => void connectFarcaster(ctx)}>
            Try again
          </Button>
        </>
      )}
    </section>
  )
}
