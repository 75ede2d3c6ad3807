import { FrameErrorMessage, type FrameSocialProvider } from '@airlock/protocol'
import { useAtomValue } from 'jotai'
import { Button } from '../../../ui/Button'
import { ErrorIcon } from '../../../ui/icons'
import { SOCIAL_LABELS } from '../../../connectors/embedded/socials'
import { socialLoginAtom } from '../../../connectors/embedded/atoms'
import { useWidget } from '../../../core/react'
import { SocialIcon } from './SocialIcon'
import { startSocialLogin } from './startSocialLogin'
import './social.css'
import './connecting-social.css'
import { AuthenticatingStatus } from '../../../connectors/embedded/AuthenticatingStatus'

/**
 * SPEC section 2: a social login waiting on its popup. The popup was opened by the click; this
 * view waits, then shows 'Authenticating...', or the error (blocked, cancelled, the frame's
 * message) with 'Try again', a fresh click that opens a new popup.
 */
export default function ConnectingSocialView({ provider }: { provider: FrameSocialProvider }) {
  const ctx = useWidget()
  const social = useAtomValue(socialLoginAtom)
  const label = SOCIAL_LABELS[provider]
  const current = social.provider === provider ? social : undefined
  const state = current?.status === 'blocked' ? 'error' : (current?.status ?? 'error')
  const error =
    current?.status === 'blocked'
      ? FrameErrorMessage.SocialPopupBlocked
      : state === 'error'
        ? (current?.error ?? FrameErrorMessage.SocialCancelled)
        : undefined

  return (
    <section className="al-connecting-social" data-testid="connecting-social" data-state={state}>
      <div className="al-social-badge" data-waiting={state !== 'error'}>
        <SocialIcon provider={provider} width={40} height={40} />
        {error && <ErrorIcon className="al-social-badge-error" width={20} height={20} />}
      </div>
      {state === 'waiting' && (
        <div className="al-connecting-social-text">
          <p className="al-connecting-social-title">Continue in the {label} window</p>
          <p className="al-muted" data-testid="social-status" role="status">
            Sign in with {label} in the popup window, then come back here.
          </p>
        </div>
      )}
      {state === 'authenticating' && <AuthenticatingStatus testId="social-status" />}
      {error && (
        <>
          <div className="al-connecting-social-text">
            <p className="al-connecting-social-title al-error-text" data-testid="social-status" role="alert">
              {error}
            </p>
          </div>
          <Button variant="secondary" data-testid="social-retry" onClick={() => startSocialLogin(ctx, provider)}>
            Try again
          </Button>
        </>
      )}
    </section>
  )
}
