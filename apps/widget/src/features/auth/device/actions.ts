import { FRAME_OTP, frameErrorMessage } from '@airlock/protocol'
import type { WidgetContext } from '../../../core/context'
import { loadAuthFrame, type AuthFrame } from '../../../connectors/embedded/frame'
import { authUserAtom, deviceCheckAtom, type DeviceCheck } from '../../../connectors/embedded/atoms'
import { finishLogin, INVALID_OTP_MESSAGE, LOGIN_EXPIRED_MESSAGE } from '../../../connectors/embedded/auth'

/**
 * The second factor of a device new to the wallet (VerifyDevice), whatever the login was: the code
 * the key service mailed, or a passkey whose button the secure frame itself shows (the click must
 * be in its document). And adding a passkey from the Account view. The frame does the custody; the
 * widget only asks, shows the outcome and finishes the login.
 */

export const PASSKEY_ADDED_MESSAGE = 'Passkey added: it opens this wallet on a new device'
export const recoveryRequestedMessage = (sentTo: string) => `Email recovery requested: we told ${sentTo} and your other devices`

const patch = (ctx: WidgetContext, update: Partial<DeviceCheck>) =>
  ctx.store.set(deviceCheckAtom, { ...ctx.store.get(deviceCheckAtom), ...update })

/** The key service's code, typed in VerifyDevice. A wrong code leaves the step open. */
export function submitDeviceCode(ctx: WidgetContext, otp: string): Promise<void> {
  if (!FRAME_OTP.test(otp)) {
    patch(ctx, { error: INVALID_OTP_MESSAGE })
    return Promise.resolve()
  }
  return withDeviceCheck(ctx, 'verifying', async (frame) => {
    await frame.api.connectDevice({ otp })
    return true
  })
}

/**
 * "Send a new code": the key service mails again, within its back-off ('Please try again after
 * {n} seconds'). For an account with a passkey this asks for an email recovery, which opens only
 * after its waiting period (`opensAt`); once that is over, the same button sends the code.
 */
export function resendDeviceCode(ctx: WidgetContext): Promise<void> {
  return withDeviceCheck(ctx, 'sending', async (frame) => {
    const { sentTo, match, opensAt } = await frame.api.sendDeviceCode()
    patch(ctx, { sentTo, match, opensAt })
    ctx.toasts.show(opensAt === undefined ? `A new code was sent to ${sentTo}` : recoveryRequestedMessage(sentTo), 'success')
    return false
  })
}

/** The frame shows its passkey button on the secure slot; resolves once the passkey opened the wallet. */
export function unlockWithPasskey(ctx: WidgetContext): Promise<void> {
  return withDeviceCheck(ctx, 'passkey', async (frame) => {
    await frame.api.unlockWithPasskey()
    return true
  })
}

/**
 * "Use my wallet from another site": the frame shows its own button and, in its click, asks the
 * browser for its unpartitioned storage; the wallet opens if this browser holds it from another
 * dapp site, else the step stays, saying why where the browser refused.
 */
export function unlockWithStorageAccess(ctx: WidgetContext): Promise<void> {
  return withDeviceCheck(ctx, 'storage', async (frame) => {
    const step = await frame.api.unlockWithStorageAccess()
    if (step.action === 'CONNECT') return true
    patch(ctx, { partitioned: step.partitioned, passkeys: step.passkeys })
    return false
  })
}

/** Runs one step of the check for the login it belongs to; a step that opened the wallet finishes the login. */
async function withDeviceCheck(
  ctx: WidgetContext,
  busy: NonNullable<DeviceCheck['busy']>,
  run: (frame: AuthFrame) => Promise<boolean>,
): Promise<void> {
  const check = ctx.store.get(deviceCheckAtom)
  if (check.busy && check.busy !== 'passkey' && check.busy !== 'storage') return
  const { attempt, login } = check
  if (attempt === undefined || !login || attempt !== ctx.session.attempt) {
    patch(ctx, { error: LOGIN_EXPIRED_MESSAGE })
    return
  }
  const isCurrent = () => ctx.session.attempt === attempt
  patch(ctx, { busy, error: undefined })
  try {
    const frame = await loadAuthFrame(ctx)
    const opened = await run(frame)
    if (!isCurrent()) return
    if (!opened) return patch(ctx, { busy: undefined })
    patch(ctx, { busy: 'authenticating' })
    await finishLogin(ctx, frame, attempt, login)
  } catch (error) {
    if (isCurrent()) patch(ctx, { busy: undefined, error: frameErrorMessage(error) })
  }
}

/** The Account view's "Add a passkey": the frame shows its own button; the user's count follows. */
export async function addPasskey(ctx: WidgetContext): Promise<void> {
  const frame = await loadAuthFrame(ctx)
  const { passkeys } = await frame.api.addPasskey()
  const user = ctx.store.get(authUserAtom)
  if (user) ctx.store.set(authUserAtom, { ...user, passkeys })
  ctx.toasts.show(PASSKEY_ADDED_MESSAGE, 'success')
}
