import type { Hono } from 'hono'
import * as z from 'zod'
import { EMAIL_LOGIN_COOLDOWN_MS, emailCooldownMessage, FrameEmail, FrameOtp } from '@airlock/protocol'
import { apiError } from '../../platform/http/errors'
import { readJsonBody } from '../../platform/http/json-body'
import { CODE_THROTTLE, codeWait, deviceBucket, NEW_DEVICE_ACCOUNT_CAP, NEW_DEVICE_BUCKET } from '../../platform/security/code-throttle'
import { checkOneTimeCode } from '../../platform/security/one-time-code'
import { hashToken, randomOtp, randomToken } from '../../platform/security/tokens'
import type { SecureContext, SecureDeps, SecureEnv } from './deps'
import { SecureReason, wrongCodeMessage } from './reasons'
import {
  codeSendTimes,
  deleteOtp,
  findDevice,
  findOrInsertUser,
  findOtp,
  findUserByEmail,
  lastDeviceCodeTime,
  type OtpPurpose,
  replaceOtp,
  type StoredOtp,
  updateUserEmail,
} from './store'

/** A code lives 10 minutes and dies after 5 wrong tries. */
export const OTP_TTL_MS = 10 * 60_000
export const OTP_MAX_TRIES = 5

const EmailBody = z.object({ email: FrameEmail })
const VerifyBody = z.object({ email: FrameEmail, otp: FrameOtp })
const UpdateEmailBody = z.object({ newEmail: FrameEmail })
const OtpBody = z.object({ otp: FrameOtp })

/**
 * Email login and email change. A login code is the first factor only: it opens a session, and
 * on a device the account has not used before the wallet then needs the key service's second
 * factor (custody.ts, key-service/). Codes are per device (asking on one device never kills
 * another's) and throttled per address and device bucket (security/code-throttle.ts): a known
 * device's own, else its network's, so that an attacker asking or guessing for the address from
 * elsewhere neither waits out nor burns the owner's new device (a new dapp's frame, issue 23).
 */
export function mountEmailLogin(app: Hono<SecureEnv>, deps: SecureDeps): void {
  const { db, now, keys } = deps

  /**
   * 429 with the SPEC's 'Please try again after {n} seconds' while this address and bucket wait
   * (back-off and cap), within SPEC section 5's 30 s of this device's last code for the address
   * (it changes buckets once its login makes it known), or while the address's new devices are at
   * their cap together. No wait spans devices and buckets: one would let a code asked every 30 s
   * from anywhere hold every other device off.
   */
  const throttled = async (c: SecureContext, email: string, bucket: string, deviceHash?: string) => {
    const time = now()
    const since = new Date(time - CODE_THROTTLE.windowMs)
    const last = deviceHash ? await lastDeviceCodeTime(db, email, deviceHash) : undefined
    const ownWait = Math.max(
      codeWait(await codeSendTimes(db, email, { bucket }, since), time),
      last === undefined ? 0 : last + EMAIL_LOGIN_COOLDOWN_MS - time,
    )
    const newDevices = bucket.startsWith(NEW_DEVICE_BUCKET) ? await codeSendTimes(db, email, { prefix: NEW_DEVICE_BUCKET }, since) : []
    const wait = Math.max(ownWait, codeWait(newDevices, time, { ...CODE_THROTTLE, baseMs: 0, dailyCap: NEW_DEVICE_ACCOUNT_CAP }))
    if (wait <= 0) return undefined
    c.header('Retry-After', String(Math.ceil(wait / 1000)))
    return apiError(c, 429, emailCooldownMessage(wait))
  }

  /** Stores a fresh code and mails it; the 502/503 to answer when it cannot be sent. */
  const sendCode = async (
    c: SecureContext,
    code: { purpose: OtpPurpose; to: string; bucket: string; deviceHash?: string; userId?: string; newEmail?: string },
  ) => {
    if (!deps.mailer) return apiError(c, 503, SecureReason.emailUnavailable)
    const otp = randomOtp()
    const email = code.to.toLowerCase()
    const createdAt = new Date(now())
    const id = await replaceOtp(
      db,
      {
        email,
        purpose: code.purpose,
        codeHash: keys.otpHash(code.purpose, email, otp),
        deviceHash: code.deviceHash ?? null,
        userId: code.userId ?? null,
        newEmail: code.newEmail ?? null,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + OTP_TTL_MS),
      },
      code.bucket,
    )
    try {
      await deps.mailer.send({ to: code.to, ...mailText(code.purpose, otp) })
    } catch (error) {
      console.error(`[secure origin] mail to ${email} failed:`, error)
      await deleteOtp(db, id)
      return apiError(c, 502, SecureReason.mailFailed)
    }
    return undefined
  }

  /** The matching live code, consumed; else the refusal (a wrong code counts as a try). */
  const checkCode = async (
    c: SecureContext,
    filter: { purpose: OtpPurpose; email?: string; userId: string | null; deviceHash?: string },
    otp: string,
  ): Promise<StoredOtp | Response> => {
    const refuse = (reason: string) => apiError(c, 400, reason, [{ description: reason, field: 'otp' }])
    const email = filter.email?.toLowerCase()
    const stored = await findOtp(db, { ...filter, ...(email ? { email } : {}) })
    const typed = (code: StoredOtp) => keys.otpHash(code.purpose, code.email, otp)
    const check = await checkOneTimeCode(db, 'secure_otp_codes', stored, typed, { maxTries: OTP_MAX_TRIES, now: now() })
    if (!check.ok) return refuse(check.reason === 'wrong' ? wrongCodeMessage(check.triesLeft) : SecureReason[check.reason])
    return check.code
  }

  app.post('/email/start', deps.bodyLimit, deps.mailLimit, async (c) => {
    const parsed = await readJsonBody(c, EmailBody)
    if (!parsed.success) return parsed.response
    const { email } = parsed.data
    const session = await deps.currentSession(c)
    if (session && session.user.email?.toLowerCase() === email.toLowerCase()) return c.json({ action: 'CONNECT' as const })
    if (!deps.mailer) return apiError(c, 503, SecureReason.emailUnavailable)

    let device = deps.deviceToken(c)
    const issued = device === undefined
    device ??= randomToken()
    const deviceHash = hashToken(device)
    const user = await findUserByEmail(db, email)
    const known = user ? (await findDevice(db, user.id, deviceHash)) !== undefined : false
    const bucket = deviceBucket(deviceHash, known, deps.client(c))
    const wait = await throttled(c, email.toLowerCase(), bucket, deviceHash)
    if (wait) return wait
    const failed = await sendCode(c, { purpose: 'login', to: user?.email ?? email, deviceHash, bucket })
    if (failed) return failed
    if (issued) deps.issueDevice(c, device)
    return c.json({ action: 'VERIFY_OTP' as const, ...(issued ? { deviceToken: device } : {}) })
  })

  app.post('/email/verify', deps.bodyLimit, async (c) => {
    const parsed = await readJsonBody(c, VerifyBody)
    if (!parsed.success) return parsed.response
    const device = deps.deviceToken(c)
    if (!device) return apiError(c, 400, SecureReason.noDevice)
    const deviceHash = hashToken(device)
    // Per account and device bucket, as codes are sent: guesses from elsewhere cannot lock out the
    // account's devices, known or new (and a guess only ever tries the guesser's own code).
    const user = await findUserByEmail(db, parsed.data.email)
    const known = user ? (await findDevice(db, user.id, deviceHash)) !== undefined : false
    const refused = await deps.loginLimit(c, `${parsed.data.email.toLowerCase()}|${deviceBucket(deviceHash, known, deps.client(c))}`)
    if (refused) return refused
    const checked = await checkCode(c, { purpose: 'login', email: parsed.data.email, userId: null, deviceHash }, parsed.data.otp)
    if (checked instanceof Response) return checked
    return deps.openSession(c, device, (tx, at) => findOrInsertUser(tx, parsed.data.email, deviceHash, at))
  })

  app.post('/email/update', deps.bodyLimit, deps.requireSession, deps.mailLimit, async (c) => {
    const parsed = await readJsonBody(c, UpdateEmailBody)
    if (!parsed.success) return parsed.response
    const { user } = c.var.session
    const { newEmail } = parsed.data
    // A Farcaster-only account has no address to confirm the change from.
    if (!user.email) return apiError(c, 400, SecureReason.noEmail)
    if (newEmail.toLowerCase() === user.email.toLowerCase()) return apiError(c, 400, SecureReason.sameEmail)
    if (await findUserByEmail(db, newEmail)) return apiError(c, 409, SecureReason.emailTaken)
    const bucket = `update:${user.id}`
    const wait = await throttled(c, user.email.toLowerCase(), bucket)
    if (wait) return wait
    const failed = await sendCode(c, { purpose: 'update-primary', to: user.email, userId: user.id, newEmail, bucket })
    if (failed) return failed
    return c.json({ action: 'VERIFY_PRIMARY_OTP' as const })
  })

  app.post('/email/update/primary', deps.bodyLimit, deps.requireSession, async (c) => {
    const parsed = await readJsonBody(c, OtpBody)
    if (!parsed.success) return parsed.response
    const { user } = c.var.session
    if (!user.email) return apiError(c, 400, SecureReason.noEmail)
    const checked = await checkCode(c, { purpose: 'update-primary', email: user.email, userId: user.id }, parsed.data.otp)
    if (checked instanceof Response) return checked
    const newEmail = checked.newEmail!
    const failed = await sendCode(c, { purpose: 'update-secondary', to: newEmail, userId: user.id, newEmail, bucket: `update:${user.id}` })
    if (failed) return failed
    return c.json({ action: 'VERIFY_SECONDARY_OTP' as const })
  })

  app.post('/email/update/secondary', deps.bodyLimit, deps.requireSession, async (c) => {
    const parsed = await readJsonBody(c, OtpBody)
    if (!parsed.success) return parsed.response
    const { user } = c.var.session
    const checked = await checkCode(c, { purpose: 'update-secondary', userId: user.id }, parsed.data.otp)
    if (checked instanceof Response) return checked
    const newEmail = checked.newEmail!
    if (!(await updateUserEmail(db, user.id, newEmail, new Date(now())))) return apiError(c, 409, SecureReason.emailTaken)
    return c.json({ newEmail })
  })
}

function mailText(purpose: OtpPurpose, code: string): { subject: string; text: string } {
  const expiry =
    `It expires in ${OTP_TTL_MS / 60_000} minutes. Enter it only in the Airlock window where you asked for it: ` +
    `Airlock never asks for it anywhere else. If you did not ask for it, ignore this mail.`
  switch (purpose) {
    case 'login':
      return { subject: 'Your Airlock login code', text: `Your Airlock login code is ${code}.\n\n${expiry}\n` }
    case 'update-primary':
      return { subject: 'Confirm your Airlock email change', text: `To change your Airlock email, enter ${code}.\n\n${expiry}\n` }
    case 'update-secondary':
      return { subject: 'Confirm your new Airlock email', text: `To make this your Airlock email, enter ${code}.\n\n${expiry}\n` }
  }
}
