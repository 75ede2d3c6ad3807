import { FrameErrorMessage, frameErrorMessage, type FrameSocialLoginStep, type FrameSocialProvider } from '@airlock/protocol'
import type { WidgetContext } from '../../../core/context'
import { AUTH_CONNECTOR_ID } from '../../../connectors/embedded/id'
import { loadAuthFrame, type AuthFrame } from '../../../connectors/embedded/frame'
import { SOCIAL_LABELS } from '../../../connectors/embedded/socials'
import { socialLoginAtom } from '../../../connectors/embedded/atoms'
import { checkDevice, finishLogin } from '../../../connectors/embedded/auth'
import { track } from '../../../core/events'
import { beginPending, endPending } from '../../../core/session/session'

/**
 * Social login (SPEC sections 4 and 7): the popup was opened on the click, on the secure origin's
 * loading page (views/connecting-social/startSocialLogin.ts); here the frame starts the login and
 * gives its start page on the secure origin (which binds the login to this browser, then sends the
 * popup on to the provider), the popup goes there, and connectSocial is asked until the frame has
 * its session (the popup's callback page hands the frame its proof through this window).
 */

/** How often the popup is checked for a close. */
export const SOCIAL_POPUP_POLL_MS = 500
/**
 * After the popup closed, how long the call in flight (or one last call) may take: a callback that
 * finished just before the close still counts.
 */
export const SOCIAL_CLOSED_GRACE_MS = 2000
/** How often the popup is checked for its first page (see waitForFirstPage). */
export const SOCIAL_FIRST_PAGE_POLL_MS = 50

export async function connectSocial(ctx: WidgetContext, provider: FrameSocialProvider, popup: Window): Promise<void> {
  const attempt = ++ctx.session.attempt
  const isCurrent = () => ctx.session.attempt === attempt
  ctx.store.set(socialLoginAtom, { provider, attempt, status: 'waiting' })
  beginPending(ctx, { status: 'connecting', connectorId: AUTH_CONNECTOR_ID, connectorName: SOCIAL_LABELS[provider] })
  const fail = (message: string) => {
    closePopup(popup)
    if (!isCurrent()) return
    // A closed sign-in window is the user's no.
    endPending(ctx, { rejected: message === FrameErrorMessage.SocialCancelled })
    ctx.store.set(socialLoginAtom, { provider, attempt, status: 'error', error: message })
    track(ctx, 'CONNECT_ERROR', { message })
  }
  try {
    const frame = await loadAuthFrame(ctx)
    if (!isCurrent()) return closePopup(popup)
    if (popup.closed) return fail(FrameErrorMessage.SocialCancelled)
    const { uri } = await frame.api.getSocialRedirectUri({ provider })
    if (!isCurrent()) return closePopup(popup)
    if (popup.closed) return fail(FrameErrorMessage.SocialCancelled)
    const ready = await waitForFirstPage(popup, isCurrent)
    if (!isCurrent()) return closePopup(popup)
    if (!ready) return fail(FrameErrorMessage.SocialCancelled)
    popup.location.href = uri
    const step = await waitForSocialLogin(frame, uri, popup, isCurrent)
    if (!isCurrent()) return closePopup(popup)
    if (!step) return fail(FrameErrorMessage.SocialCancelled)
    closePopup(popup)
    if (step.action === 'VERIFY_DEVICE') return checkDevice(ctx, attempt, { method: 'social', provider }, step)
    ctx.store.set(socialLoginAtom, { provider, attempt, status: 'authenticating' })
    await finishLogin(ctx, frame, attempt, { method: 'social', provider, user: step.user })
  } catch (error) {
    fail(frameErrorMessage(error))
  }
}

/**
 * Waits until the popup has left its initial about:blank for its first page (the loading page, or
 * an error page) as this window sees it: true; false when it was closed, or the attempt abandoned,
 * first. Sending the popup on before that may be lost: until this window sees the first page, it
 * still holds the popup's initial about:blank document (same origin, same process), and Chromium
 * drops a navigation started there while the loading page (the secure origin, another process)
 * commits in its place. The popup then stays on 'Connecting…' for good, open, with nothing said in
 * the modal (an e2e run waited 60 s for the provider; reproduced in Chromium: a popup sent on 20-60
 * ms after its first page's response stayed there 5 times in 60, and 0 in 60 with this wait). Once
 * this window reads the popup as another origin's page, the navigation goes to the page that is there.
 */
export async function waitForFirstPage(popup: Window, isCurrent: () => boolean): Promise<boolean> {
  for (;;) {
    if (popup.closed || !isCurrent()) return false
    if (!onInitialBlank(popup)) return true
    await delay(SOCIAL_FIRST_PAGE_POLL_MS, undefined)
  }
}

function onInitialBlank(popup: Window): boolean {
  try {
    return popup.location.href === 'about:blank'
  } catch {
    // Another origin's page: the first navigation has committed.
    return false
  }
}

type Outcome = { ok: true; step: FrameSocialLoginStep } | { ok: false; error: unknown }
const CLOSED = Symbol('closed')
const GRACE_OVER = Symbol('grace over')

const settle = (call: Promise<FrameSocialLoginStep>): Promise<Outcome> =>
  call.then(
    (step) => ({ ok: true, step }),
    (error: unknown) => ({ ok: false, error }),
  )

const isPending = (error: unknown) => frameErrorMessage(error) === FrameErrorMessage.SocialPending

/**
 * Asks connectSocial until it answers (the user, or the second factor this device needs), again
 * after each 'still pending' while the popup is open. Once the popup is closed (or the attempt
 * abandoned), the call in flight, or one last call, gets SOCIAL_CLOSED_GRACE_MS; still nothing
 * means cancelled (undefined).
 */
export async function waitForSocialLogin(
  frame: AuthFrame,
  uri: string,
  popup: Window,
  isCurrent: () => boolean,
): Promise<FrameSocialLoginStep | undefined> {
  let call = settle(frame.api.connectSocial({ uri }))
  let closed = false
  for (;;) {
    const watcher = closed ? undefined : watchPopup(popup, isCurrent)
    const outcome = await Promise.race([call, watcher ? watcher.closed : delay(SOCIAL_CLOSED_GRACE_MS, GRACE_OVER)])
    watcher?.stop()
    if (outcome === CLOSED) {
      closed = true
      continue
    }
    if (outcome === GRACE_OVER) return undefined
    if (outcome.ok) return outcome.step
    if (!isPending(outcome.error)) throw outcome.error
    if (closed || !isCurrent()) return undefined
    closed = popup.closed
    call = settle(frame.api.connectSocial({ uri }))
  }
}

function watchPopup(popup: Window, isCurrent: () => boolean): { closed: Promise<typeof CLOSED>; stop(): void } {
  let timer: ReturnType<typeof setInterval> | undefined
  const closed = new Promise<typeof CLOSED>((resolve) => {
    const check = () => {
      if (popup.closed || !isCurrent()) resolve(CLOSED)
    }
    timer = setInterval(check, SOCIAL_POPUP_POLL_MS)
  })
  return { closed, stop: () => clearInterval(timer) }
}

function delay<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms))
}

function closePopup(popup: Window): void {
  try {
    if (!popup.closed) popup.close()
  } catch {
    // A popup we can no longer reach is already gone.
  }
}
