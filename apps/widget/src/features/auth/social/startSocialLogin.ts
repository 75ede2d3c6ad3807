import type { FrameSocialProvider } from '@airlock/protocol'
import type { WidgetContext } from '../../../core/context'
import { openSocialPopup } from '../../../connectors/embedded/socials'
import { LOAD_FAILED_TEXT } from '../../../connectors/embedded/texts'
import { socialLoginAtom } from '../../../connectors/embedded/atoms'
import { currentRouteAtom, navigateAtom } from '../../../core/router/atoms'

/**
 * A click on a social button (or on 'Try again'). The popup opens here, synchronously, while the
 * click's user activation lasts; the login code loads after. A blocked popup is shown at once, and
 * the next click is a fresh activation that can open it.
 */
export function startSocialLogin(ctx: WidgetContext, provider: FrameSocialProvider, win: Pick<Window, 'open'> = window): void {
  const popup = openSocialPopup(win, ctx.config.secureFrameUrl, provider)
  const current = ctx.store.get(currentRouteAtom).name
  ctx.store.set(navigateAtom, {
    type: current === 'ConnectingSocial' ? 'replace' : 'push',
    route: { name: 'ConnectingSocial', params: { provider } },
  })
  if (!popup) {
    ctx.store.set(socialLoginAtom, { provider, status: 'blocked' })
    return
  }
  ctx.store.set(socialLoginAtom, { provider, status: 'waiting' })
  void import('./actions').then(
    (social) => social.connectSocial(ctx, provider, popup),
    () => {
      popup.close()
      ctx.store.set(socialLoginAtom, { provider, status: 'error', error: LOAD_FAILED_TEXT })
    },
  )
}
