import { FrameErrorMessage, frameErrorMessage } from '@airlock/protocol'
import type { WidgetContext } from '../../../core/context'
import { AUTH_CONNECTOR_ID } from '../../../connectors/embedded/id'
import { loadAuthFrame } from '../../../connectors/embedded/frame'
import { SOCIAL_LABELS } from '../../../connectors/embedded/socials'
import { farcasterLoginAtom } from '../../../connectors/embedded/atoms'
import { checkDevice, finishLogin } from '../../../connectors/embedded/auth'
import { track } from '../../../core/events'
import { beginPending, endPending } from '../../../core/session/session'

/**
 * Sign In With Farcaster (SPEC section 2 ConnectingFarcaster, section 7 "get/connect Farcaster"):
 * the frame opens a channel and gives its URL, drawn as a QR code (and a link on a phone); then
 * connectFarcaster is asked until the user approves in the Farcaster app. Each call waits up to
 * SOCIAL_CLAIM_WAIT_MS and answers 'still pending'; the widget asks again while the view is shown.
 * Leaving the view (back, close) abandons the attempt; 'Try again' asks for a new channel.
 */
export async function connectFarcaster(ctx: WidgetContext): Promise<void> {
  const attempt = ++ctx.session.attempt
  const isCurrent = () => ctx.session.attempt === attempt
  ctx.store.set(farcasterLoginAtom, { attempt, status: 'loading' })
  beginPending(ctx, { status: 'connecting', connectorId: AUTH_CONNECTOR_ID, connectorName: SOCIAL_LABELS.farcaster })
  try {
    const frame = await loadAuthFrame(ctx)
    if (!isCurrent()) return
    const { url } = await frame.api.getFarcasterUri()
    if (!isCurrent()) return
    ctx.store.set(farcasterLoginAtom, { attempt, status: 'waiting', url })
    for (;;) {
      try {
        const step = await frame.api.connectFarcaster()
        if (!isCurrent()) return
        if (step.action === 'VERIFY_DEVICE') return checkDevice(ctx, attempt, { method: 'social', provider: 'farcaster' }, step)
        ctx.store.set(farcasterLoginAtom, { attempt, status: 'authenticating', url })
        await finishLogin(ctx, frame, attempt, { method: 'social', provider: 'farcaster', user: step.user })
        return
      } catch (error) {
        if (!isCurrent()) return
        if (frameErrorMessage(error) !== FrameErrorMessage.SocialPending) throw error
      }
    }
  } catch (error) {
    if (!isCurrent()) return
    const message = frameErrorMessage(error)
    endPending(ctx)
    // The channel is spent: 'Try again' asks for a new QR code.
    ctx.store.set(farcasterLoginAtom, { attempt, status: 'error', error: message })
    track(ctx, 'CONNECT_ERROR', { message })
  }
}
