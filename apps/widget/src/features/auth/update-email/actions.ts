import { FRAME_OTP, frameErrorMessage } from '@airlock/protocol'
import type { WidgetContext } from '../../../core/context'
import { AUTH_CONNECTOR_ID } from '../../../connectors/embedded/id'
import { loadAuthFrame } from '../../../connectors/embedded/frame'
import { EMAIL_KEY, savePersisted } from '../../../core/storage/persisted'
import { authUserAtom, emailUpdateAtom } from '../../../connectors/embedded/atoms'
import { currentRouteAtom, navigateAtom } from '../../../core/router/atoms'
import { INVALID_EMAIL_MESSAGE, INVALID_OTP_MESSAGE, isValidEmail } from '../../../connectors/embedded/auth'
import { connectionAtom } from '../../../core/session/active'

/**
 * SPEC section 4 "Email update", from the Account view of an email login: the new address, then
 * a code mailed to the current address (VERIFY_PRIMARY_OTP), then one mailed to the new address
 * (VERIFY_SECONDARY_OTP); on the second success the new email is stored.
 */

export const SAME_EMAIL_MESSAGE = 'This is already your email'
export const EMAIL_UPDATED_MESSAGE = 'Email updated'
export const NOT_EMAIL_LOGIN_MESSAGE = 'Only an email login has an email to update'

export async function startEmailUpdate(ctx: WidgetContext, input: string): Promise<void> {
  const newEmail = input.trim()
  const set = (error?: string, busy?: boolean) => ctx.store.set(emailUpdateAtom, { newEmail, error, busy })
  const current = ctx.store.get(authUserAtom)?.email
  if (!isEmailLogin(ctx) || !current) return set(NOT_EMAIL_LOGIN_MESSAGE)
  if (!isValidEmail(newEmail)) return set(INVALID_EMAIL_MESSAGE)
  if (newEmail.toLowerCase() === current.toLowerCase()) return set(SAME_EMAIL_MESSAGE)
  set(undefined, true)
  try {
    const frame = await loadAuthFrame(ctx)
    const { action } = await frame.api.updateEmail({ newEmail })
    set()
    const name = action === 'VERIFY_SECONDARY_OTP' ? 'UpdateEmailSecondaryOtp' : 'UpdateEmailPrimaryOtp'
    ctx.store.set(navigateAtom, { type: 'push', route: { name, params: { email: newEmail } } })
  } catch (error) {
    set(frameErrorMessage(error))
  }
}

/** The code mailed to the current address. */
export async function submitUpdateEmailPrimaryOtp(ctx: WidgetContext, otp: string): Promise<void> {
  await verify(ctx, otp, async (newEmail) => {
    const frame = await loadAuthFrame(ctx)
    await frame.api.updateEmailPrimaryOtp({ otp })
    ctx.store.set(emailUpdateAtom, { newEmail })
    ctx.store.set(navigateAtom, { type: 'replace', route: { name: 'UpdateEmailSecondaryOtp', params: { email: newEmail } } })
  })
}

/** The code mailed to the new address: the update is done, and the new email stored. */
export async function submitUpdateEmailSecondaryOtp(ctx: WidgetContext, otp: string): Promise<void> {
  await verify(ctx, otp, async () => {
    const frame = await loadAuthFrame(ctx)
    const { newEmail } = await frame.api.updateEmailSecondaryOtp({ otp })
    savePersisted(ctx, EMAIL_KEY, newEmail)
    const user = ctx.store.get(authUserAtom)
    if (user) ctx.store.set(authUserAtom, { ...user, email: newEmail })
    ctx.store.set(emailUpdateAtom, {})
    ctx.toasts.show(EMAIL_UPDATED_MESSAGE, 'success')
    if (ctx.store.get(currentRouteAtom).name === 'UpdateEmailSecondaryOtp')
      ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Account' } })
  })
}

async function verify(ctx: WidgetContext, otp: string, run: (newEmail: string) => Promise<void>): Promise<void> {
  const update = ctx.store.get(emailUpdateAtom)
  if (update.busy) return
  const newEmail = update.newEmail ?? routeEmail(ctx)
  if (!newEmail || !isEmailLogin(ctx)) return ctx.store.set(emailUpdateAtom, { ...update, error: NOT_EMAIL_LOGIN_MESSAGE })
  if (!FRAME_OTP.test(otp)) return ctx.store.set(emailUpdateAtom, { newEmail, error: INVALID_OTP_MESSAGE })
  ctx.store.set(emailUpdateAtom, { newEmail, busy: true })
  try {
    await run(newEmail)
  } catch (error) {
    ctx.store.set(emailUpdateAtom, { newEmail, error: frameErrorMessage(error) })
  }
}

function routeEmail(ctx: WidgetContext): string | undefined {
  const route = ctx.store.get(currentRouteAtom)
  return route.name === 'UpdateEmailPrimaryOtp' || route.name === 'UpdateEmailSecondaryOtp' ? route.params.email : undefined
}

function isEmailLogin(ctx: WidgetContext): boolean {
  const { status, connectorId } = ctx.store.get(connectionAtom)
  return status === 'connected' && connectorId === AUTH_CONNECTOR_ID && ctx.store.get(authUserAtom)?.email !== undefined
}
