import { preloadRoute } from '../../../core/router/registry'
import type { SocialProvider } from '@airlock/protocol'
import { isPopupProvider, SOCIAL_LABELS } from '../../../connectors/embedded/socials'
import { preloadAuthFrame } from '../../../connectors/embedded/preload'
import { useWidget } from '../../../core/react'
import { navigateAtom } from '../../../core/router/atoms'
import { SocialIcon } from './SocialIcon'
import { startSocialLogin } from './startSocialLogin'
import './social.css'

/**
 * The social logins of the Connect view (SPEC section 2): the first provider as a wide button, the
 * others as a row of icons. A click opens the popup synchronously (startSocialLogin); Farcaster
 * goes to its QR code.
 */
export function SocialSection({ providers }: { providers: readonly SocialProvider[] }) {
  const ctx = useWidget()
  const [first, ...rest] = providers
  if (!first) return null
  const handlers = (provider: SocialProvider) => {
    const preload = () => {
      preloadRoute(isPopupProvider(provider) ? 'ConnectingSocial' : 'ConnectingFarcaster')
      preloadAuthFrame(ctx)
    }
    // Farcaster has no popup: its view shows the QR code of the sign-in channel.
    const onClick = isPopupProvider(provider)
      ? () => startSocialLogin(ctx, provider)
      : () => ctx.store.set(navigateAtom, { type: 'push', route: { name: 'ConnectingFarcaster' } })
    return { onClick, onPointerEnter: preload, onFocus: preload }
  }
  return (
    <div className="al-socials" data-testid="connect-socials">
      <button type="button" className="al-wallet-item al-social-wide" data-testid={`social-${first}`} {...handlers(first)}>
        <span className="al-social-icon">
          <SocialIcon provider={first} />
        </span>
        <span className="al-wallet-name">Continue with {SOCIAL_LABELS[first]}</span>
      </button>
      {rest.length > 0 && (
        <div className="al-social-row">
          {rest.map((provider) => (
            <button
              key={provider}
              type="button"
              className="al-social-button"
              data-testid={`social-${provider}`}
              aria-label={`Continue with ${SOCIAL_LABELS[provider]}`}
              title={SOCIAL_LABELS[provider]}
              {...handlers(provider)}
            >
              <SocialIcon provider={provider} />
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
