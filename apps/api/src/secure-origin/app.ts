import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import * as z from 'zod'
import { EMAIL_LOGIN_COOLDOWN_MS, emailCooldownMessage, emailLoginCooldownRemaining, FrameEmail, FrameOtp } from '@airlock/protocol'
import type { Database } from '../db/database'
import { API_CSP } from '../http/csp'
import { apiError } from '../http/errors'
import { jsonBodyLimit, readJsonBody } from '../http/json-body'
import { rateLimit } from '../http/rate-limit'
import { securityHeaders } from '../http/security-headers'
import { type FarcasterLoginOptions, mountFarcasterLogin } from './farcaster'
import type { Mailer } from './mailer'
import { hashToken, randomOtp, randomToken, sameDigest, type ServerKeys } from './secrets'
import { mountSocialLogin, type SocialLoginOptions } from './social'
import {
  consumeOtp,
  countWrongTry,
  deleteOtp,
  deleteSession,
  findOrInsertUser,
  findOtp,
  findSession,
  findShares,
  findUserByEmail,
  findDevice,
  insertSession,
  insertShares,
  lastOtpAt,
  type OtpPurpose,
  replaceOtp,
  type SecureSession,
  type SecureUser,
  type StoredOtp,
  updateUserEmail,
  upsertVerifiedDevice,
} from './store'

/** Where the secure-frame server's API lives on the secure origin (the rest is the frame's static files). */
export const SECURE_API_PREFIX = '/api'

/** Issue 5 item 3: a code lives 10 minutes and dies after 5 wrong tries. */
export const OTP_TTL_MS = 10 * 60_000
export const OTP_MAX_TRIES = 5
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000
export const DEVICE_TTL_MS = 400 * 24 * 60 * 60_000
/** The recovery share and its key material go only to a session this young (enrolment right after login). */
export const RECOVERY_WINDOW_MS = 10 * 60_000
export const SESSION_COOKIE = 'airlock_session'
export const DEVICE_COOKIE = 'airlock_device'
/** The device token when the frame's cookies are dropped (it keeps the token in its own storage). */
export const DEVICE_HEADER = 'X-Airlock-Device'
const TOKEN = /^[A-Za-z0-9_-]{43}$/
const MAX_BODY_BYTES = 8 * 1024
/** Past this many browsers in the cooldown map, the ones whose cooldown is over are forgotten. */
const MAX_COOLDOWN_ENTRIES = 10_000
/** A share or a sealed share: Shamir shares of a 32-byte seed are 33 bytes; the sealed envelope a little more. */
const MAX_SHARE_BYTES = 1024

export const SecureReason = {
  crossOrigin: 'Cross-origin requests are not allowed',
  notSignedIn: 'Not signed in',
  emailUnavailable: 'Email login is not available: no mail server is configured',
  mailFailed: 'The email could not be sent: try again later',
  noCode: 'No code was sent for this request: request a new code',
  expired: 'This code has expired: request a new code',
  overTried: 'Too many wrong codes: request a new code',
  used: 'This code was already used: request a new code',
  otherDevice: 'This code was sent for another device: request a new code',
  noDevice: 'This device is unknown: start the login again',
  sameEmail: 'The new email is the same as the current one',
  noEmail: 'This account has no email address to change',
  emailTaken: 'This email is already used by another account',
  sharesExist: 'This wallet already has its key shares',
  noShares: 'This account has no wallet yet',
  recoveryNeedsFreshLogin: 'Recovery needs a fresh sign-in on a verified device: sign in again',
  otherDeviceSession: 'This session belongs to another device: sign in again',
  badShare: 'must be base64 of 1 to 1024 bytes',
} as const

export const wrongCodeMessage = (triesLeft: number) => `Wrong code: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`

export interface SecureOriginAppOptions {
  /** The secure origin as browsers see it (`http://secure.localhost:4402`): the only origin allowed to call. */
  origin: string
  /** The widget origin: the only parent the frame page talks to (GET /api/frame-config tells the page). */
  widgetOrigin: string
  db: Database
  /** How codes are mailed; without one the email endpoints answer 503. */
  mailer?: Mailer
  /** Code hashing and the per-user recovery key material (the key service). */
  keys: ServerKeys
  now?: () => number
  /**
   * Cookies with `Secure; SameSite=None; Partitioned` (the frame is a third-party iframe, see the
   * README). Default: on for https and for `localhost` / `*.localhost` / loopback origins, which
   * browsers treat as secure; off for other plain-http origins (first-party `SameSite=Strict`
   * cookies then, and the frame relies on the Bearer token).
   */
  secureCookies?: boolean
  /** Every API call, per client address; `false` turns it off. */
  rateLimit?: { capacity: number; refillPerSecond: number } | false
  /** The calls that send mail, per client address (on top of the 30 s cooldown); `false` turns it off. */
  mailRateLimit?: { capacity: number; refillPerSecond: number } | false
  /** Social login (OpenID Connect) providers; without it every provider answers 404. */
  social?: SocialLoginOptions
  /** Sign In With Farcaster (the relay, the IdRegistry read); without it /api/farcaster/* answers 404. */
  farcaster?: FarcasterLoginOptions
}

export const DEFAULT_SECURE_RATE_LIMIT = { capacity: 120, refillPerSecond: 2 }
/** 20 mails in a burst, then one every 3 minutes, per client address. */
export const DEFAULT_MAIL_RATE_LIMIT = { capacity: 20, refillPerSecond: 1 / 180 }

const EmailBody = z.object({ email: FrameEmail })
const VerifyBody = z.object({ email: FrameEmail, otp: FrameOtp })
const UpdateEmailBody = z.object({ newEmail: FrameEmail })
const OtpBody = z.object({ otp: FrameOtp })
const ShareBytes = z
  .string()
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, SecureReason.badShare)
  .max(Math.ceil(MAX_SHARE_BYTES / 3) * 4, SecureReason.badShare)
  .transform((text, ctx) => {
    const bytes = Buffer.from(text, 'base64')
    if (bytes.length < 1 || bytes.length > MAX_SHARE_BYTES || bytes.toString('base64') !== text) {
      ctx.addIssue({ code: 'custom', message: SecureReason.badShare })
      return z.NEVER
    }
    return new Uint8Array(bytes)
  })
const SharesBody = z.object({ authShare: ShareBytes, sealedRecoveryShare: ShareBytes })

type Env = { Variables: { session: SecureSession } }
type C = Context<Env>

/**
 * The secure-frame server's API (issue 5 items 2 and 3), mounted under `/api` on the secure
 * origin, same-origin only (no CORS). See apps/api/README.md "Secure origin" for every call.
 */
export function createSecureOriginApp(options: SecureOriginAppOptions): Hono<Env> {
  const { db, keys, mailer } = options
  const now = options.now ?? Date.now
  const origin = new URL(options.origin).origin
  const widgetOrigin = new URL(options.widgetOrigin).origin
  const secureCookies = options.secureCookies ?? isSecureContextOrigin(origin)
  // The social login callback is a top-level page outside /api: it goes on `root` (same router).
  const root = new Hono<Env>()
  const app = root.basePath(SECURE_API_PREFIX)
  const headers = { ...securityHeaders(API_CSP, 'no-referrer'), 'Cross-Origin-Resource-Policy': 'same-origin' }
  /** Per-browser cooldown (by device token; by user for email updates): when each last had a code mailed. */
  const lastMailByClient = new Map<string, number>()

  app.use('*', async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
    c.res.headers.set('Cache-Control', 'no-store')
  })

  // Only the frame page on this origin may call: no CORS headers ever, and anything with a foreign
  // Origin or a cross-site fetch is refused (non-GET calls must prove they are same-origin).
  app.use('*', async (c, next) => {
    const requestOrigin = c.req.header('Origin')
    const fetchSite = c.req.header('Sec-Fetch-Site')
    const readOnly = c.req.method === 'GET' || c.req.method === 'HEAD'
    const sameOrigin = requestOrigin === origin || (requestOrigin === undefined && fetchSite === 'same-origin')
    const foreign = (requestOrigin !== undefined && requestOrigin !== origin) || (fetchSite !== undefined && fetchSite !== 'same-origin')
    if (foreign || (!readOnly && !sameOrigin)) return apiError(c, 403, SecureReason.crossOrigin)
    await next()
  })

  if (options.rateLimit !== false) {
    app.use('*', rateLimit({ ...(options.rateLimit ?? DEFAULT_SECURE_RATE_LIMIT), key: clientAddress, now }))
  }
  const mailLimit: MiddlewareHandler =
    options.mailRateLimit === false
      ? (_c, next) => next()
      : rateLimit({ ...(options.mailRateLimit ?? DEFAULT_MAIL_RATE_LIMIT), key: clientAddress, now })
  const body = jsonBodyLimit(MAX_BODY_BYTES)

  const setCookie = (c: C, name: string, value: string, maxAgeMs: number) => {
    const attributes = secureCookies ? ['Secure', 'SameSite=None', 'Partitioned'] : ['SameSite=Strict']
    const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000))
    c.header('Set-Cookie', [`${name}=${value}`, 'Path=/', `Max-Age=${maxAge}`, 'HttpOnly', ...attributes].join('; '), { append: true })
  }
  const tokenOf = (value: string | undefined) => (value !== undefined && TOKEN.test(value) ? value : undefined)
  const sessionToken = (c: C) => {
    const auth = c.req.header('Authorization')
    const bearer = auth?.match(/^Bearer ([^\s]+)$/)?.[1]
    return tokenOf(bearer) ?? tokenOf(getCookie(c, SESSION_COOKIE))
  }
  const deviceToken = (c: C) => tokenOf(c.req.header(DEVICE_HEADER)) ?? tokenOf(getCookie(c, DEVICE_COOKIE))
  const currentSession = async (c: C) => {
    const token = sessionToken(c)
    return token ? findSession(db, hashToken(token), new Date(now())) : undefined
  }

  const requireSession: MiddlewareHandler<Env> = async (c, next) => {
    const session = await currentSession(c)
    if (!session) return apiError(c, 401, SecureReason.notSignedIn)
    c.set('session', session)
    await next()
  }

  /**
   * Key material goes to a session only together with the device token it was opened on: the
   * session token alone (which the frame also hands the widget, to restore a session) opens nothing.
   */
  const requireDeviceSession: MiddlewareHandler<Env> = async (c, next) => {
    const session = c.get('session')
    const device = deviceToken(c)
    const known = device ? await findDevice(db, session.user.id, hashToken(device)) : undefined
    if (!known || known.id !== session.deviceId) return apiError(c, 403, SecureReason.otherDeviceSession)
    await next()
  }

  /** A new session for `user` on this device (marked verified): its cookie set, `{ token, expiresAt, user }` answered. */
  const openSession = async (c: C, device: string, findUser: (tx: Database, at: Date) => Promise<SecureUser>) => {
    const createdAt = new Date(now())
    const token = randomToken()
    const expiresAt = new Date(createdAt.getTime() + SESSION_TTL_MS)
    const user = await db.transaction(async (tx) => {
      const user = await findUser(tx, createdAt)
      const verified = await upsertVerifiedDevice(tx, user.id, hashToken(device), createdAt)
      await insertSession(tx, { tokenHash: hashToken(token), userId: user.id, deviceId: verified.id, createdAt, expiresAt })
      return user
    })
    setCookie(c, SESSION_COOKIE, token, SESSION_TTL_MS)
    return c.json({ token, expiresAt: expiresAt.toISOString(), user })
  }

  /** 429 with the SPEC's message while this address or this browser is in its 30 s cooldown. */
  const cooldown = async (c: C, email: string, clientKey: string) => {
    const time = now()
    const last = Math.max((await lastOtpAt(db, email))?.getTime() ?? -Infinity, lastMailByClient.get(clientKey) ?? -Infinity)
    const remaining = emailLoginCooldownRemaining(Number.isFinite(last) ? last : undefined, time)
    if (remaining <= 0) return undefined
    c.header('Retry-After', String(Math.ceil(remaining / 1000)))
    return apiError(c, 429, emailCooldownMessage(remaining))
  }

  /** Stores a fresh code and mails it; the 502/503 to answer when it cannot be sent. */
  const sendCode = async (
    c: C,
    code: { purpose: OtpPurpose; to: string; deviceHash?: string; userId?: string; newEmail?: string; clientKey?: string },
  ) => {
    if (!mailer) return apiError(c, 503, SecureReason.emailUnavailable)
    const otp = randomOtp()
    const email = code.to.toLowerCase()
    const createdAt = new Date(now())
    const id = await replaceOtp(db, {
      email,
      purpose: code.purpose,
      codeHash: keys.otpHash(code.purpose, email, otp),
      deviceHash: code.deviceHash ?? null,
      userId: code.userId ?? null,
      newEmail: code.newEmail ?? null,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + OTP_TTL_MS),
    })
    try {
      await mailer.send({ to: code.to, ...mailText(code.purpose, otp) })
    } catch (error) {
      console.error(`[secure origin] mail to ${email} failed:`, error)
      await deleteOtp(db, id)
      return apiError(c, 502, SecureReason.mailFailed)
    }
    if (code.clientKey) {
      lastMailByClient.set(code.clientKey, createdAt.getTime())
      if (lastMailByClient.size > MAX_COOLDOWN_ENTRIES) {
        for (const [key, at] of lastMailByClient) if (at + EMAIL_LOGIN_COOLDOWN_MS <= createdAt.getTime()) lastMailByClient.delete(key)
      }
    }
    return undefined
  }

  /** The matching live code, consumed; else the refusal (a wrong code counts as a try). */
  const checkCode = async (
    c: C,
    filter: { purpose: OtpPurpose; email?: string; userId: string | null },
    otp: string,
    device?: string,
  ): Promise<StoredOtp | Response> => {
    const refuse = (reason: string) => apiError(c, 400, reason, [{ description: reason, field: 'otp' }])
    const email = filter.email?.toLowerCase()
    const stored = await findOtp(db, { ...filter, ...(email ? { email } : {}) })
    if (!stored) return refuse(SecureReason.noCode)
    if (stored.tries >= OTP_MAX_TRIES) return refuse(SecureReason.overTried)
    if (stored.expiresAt.getTime() <= now()) return refuse(SecureReason.expired)
    if (stored.deviceHash !== null && stored.deviceHash !== (device && hashToken(device))) return refuse(SecureReason.otherDevice)
    if (!sameDigest(keys.otpHash(stored.purpose, stored.email, otp), stored.codeHash)) {
      const tries = await countWrongTry(db, stored.id, OTP_MAX_TRIES)
      const left = tries === undefined ? 0 : OTP_MAX_TRIES - tries
      return refuse(left > 0 ? wrongCodeMessage(left) : SecureReason.overTried)
    }
    if (!(await consumeOtp(db, stored.id, OTP_MAX_TRIES, new Date(now())))) return refuse(SecureReason.used)
    return stored
  }

  // --- The frame page's configuration ------------------------------------------------------------

  app.get('/frame-config', (c) => c.json({ widgetOrigin }))

  // --- Email login -----------------------------------------------------------------------------

  app.post('/email/start', body, mailLimit, async (c) => {
    const parsed = await readJsonBody(c, EmailBody)
    if (!parsed.success) return parsed.response
    const { email } = parsed.data
    const session = await currentSession(c)
    if (session && session.user.email?.toLowerCase() === email.toLowerCase()) return c.json({ action: 'CONNECT' as const })
    if (!mailer) return apiError(c, 503, SecureReason.emailUnavailable)

    let device = deviceToken(c)
    const issued = device === undefined
    device ??= randomToken()
    const deviceHash = hashToken(device)
    // Per browser: a client that drops its device token gets a new one, and meets the mail rate limit per address instead.
    const clientKey = `device:${deviceHash}`
    const wait = await cooldown(c, email.toLowerCase(), clientKey)
    if (wait) return wait

    const user = await findUserByEmail(db, email)
    const known = user ? await findDevice(db, user.id, deviceHash) : undefined
    const action = user && !known?.verifiedAt ? ('VERIFY_DEVICE' as const) : ('VERIFY_OTP' as const)
    const failed = await sendCode(c, {
      purpose: action === 'VERIFY_DEVICE' ? 'device' : 'login',
      to: user?.email ?? email,
      deviceHash,
      clientKey,
    })
    if (failed) return failed
    if (issued) setCookie(c, DEVICE_COOKIE, device, DEVICE_TTL_MS)
    return c.json({ action, ...(issued ? { deviceToken: device } : {}) })
  })

  app.post('/email/verify-device', body, async (c) => {
    const parsed = await readJsonBody(c, VerifyBody)
    if (!parsed.success) return parsed.response
    const device = deviceToken(c)
    const user = await findUserByEmail(db, parsed.data.email)
    if (!device || !user) return apiError(c, 400, SecureReason.noDevice)
    const checked = await checkCode(c, { purpose: 'device', email: user.email, userId: null }, parsed.data.otp, device)
    if (checked instanceof Response) return checked
    const deviceHash = hashToken(device)
    await upsertVerifiedDevice(db, user.id, deviceHash, new Date(now()))
    const failed = await sendCode(c, { purpose: 'login', to: user.email, deviceHash })
    if (failed) return failed
    return c.json({ action: 'VERIFY_OTP' as const })
  })

  app.post('/email/verify', body, async (c) => {
    const parsed = await readJsonBody(c, VerifyBody)
    if (!parsed.success) return parsed.response
    const device = deviceToken(c)
    if (!device) return apiError(c, 400, SecureReason.noDevice)
    const checked = await checkCode(c, { purpose: 'login', email: parsed.data.email, userId: null }, parsed.data.otp, device)
    if (checked instanceof Response) return checked
    return openSession(c, device, (tx, at) => findOrInsertUser(tx, parsed.data.email, at))
  })

  // --- Session ---------------------------------------------------------------------------------

  app.get('/session', async (c) => {
    const session = await currentSession(c)
    if (!session) return c.json({ isConnected: false })
    return c.json({ isConnected: true, user: session.user, expiresAt: session.expiresAt.toISOString() })
  })

  app.post('/session/sign-out', async (c) => {
    const token = sessionToken(c)
    if (token) await deleteSession(db, hashToken(token))
    setCookie(c, SESSION_COOKIE, '', 0)
    return c.json({ isConnected: false })
  })

  // --- Email update (signed in) ------------------------------------------------------------------

  app.post('/email/update', body, requireSession, mailLimit, async (c) => {
    const parsed = await readJsonBody(c, UpdateEmailBody)
    if (!parsed.success) return parsed.response
    const { user } = c.get('session')
    const { newEmail } = parsed.data
    // A Farcaster-only account has no address to confirm the change from.
    if (!user.email) return apiError(c, 400, SecureReason.noEmail)
    if (newEmail.toLowerCase() === user.email.toLowerCase()) return apiError(c, 400, SecureReason.sameEmail)
    if (await findUserByEmail(db, newEmail)) return apiError(c, 409, SecureReason.emailTaken)
    const clientKey = `user:${user.id}`
    const wait = await cooldown(c, user.email.toLowerCase(), clientKey)
    if (wait) return wait
    const failed = await sendCode(c, { purpose: 'update-primary', to: user.email, userId: user.id, newEmail, clientKey })
    if (failed) return failed
    return c.json({ action: 'VERIFY_PRIMARY_OTP' as const })
  })

  app.post('/email/update/primary', body, requireSession, async (c) => {
    const parsed = await readJsonBody(c, OtpBody)
    if (!parsed.success) return parsed.response
    const { user } = c.get('session')
    if (!user.email) return apiError(c, 400, SecureReason.noEmail)
    const checked = await checkCode(c, { purpose: 'update-primary', email: user.email, userId: user.id }, parsed.data.otp)
    if (checked instanceof Response) return checked
    const newEmail = checked.newEmail!
    const failed = await sendCode(c, { purpose: 'update-secondary', to: newEmail, userId: user.id, newEmail })
    if (failed) return failed
    return c.json({ action: 'VERIFY_SECONDARY_OTP' as const })
  })

  app.post('/email/update/secondary', body, requireSession, async (c) => {
    const parsed = await readJsonBody(c, OtpBody)
    if (!parsed.success) return parsed.response
    const { user } = c.get('session')
    const checked = await checkCode(c, { purpose: 'update-secondary', userId: user.id }, parsed.data.otp)
    if (checked instanceof Response) return checked
    const newEmail = checked.newEmail!
    if (!(await updateUserEmail(db, user.id, newEmail))) return apiError(c, 409, SecureReason.emailTaken)
    return c.json({ newEmail })
  })

  // --- Key shares (signed in) --------------------------------------------------------------------

  app.put('/shares', body, requireSession, async (c) => {
    const parsed = await readJsonBody(c, SharesBody)
    if (!parsed.success) return parsed.response
    const { user } = c.get('session')
    if (!(await insertShares(db, user.id, parsed.data, new Date(now())))) return apiError(c, 409, SecureReason.sharesExist)
    return c.json({ stored: true }, 201)
  })

  app.get('/shares/auth', requireSession, requireDeviceSession, async (c) => {
    const shares = await findShares(db, c.get('session').user.id)
    if (!shares) return apiError(c, 404, SecureReason.noShares)
    return c.json({ authShare: Buffer.from(shares.authShare).toString('base64') })
  })

  /** The recovery material goes only to a session this young, on a verified device (enrolment right after login). */
  const requireFreshLogin: MiddlewareHandler<Env> = async (c, next) => {
    const session = c.get('session')
    if (!session.deviceVerified || now() - session.createdAt.getTime() > RECOVERY_WINDOW_MS) {
      return apiError(c, 403, SecureReason.recoveryNeedsFreshLogin)
    }
    await next()
  }

  // Wallet creation: the frame seals the new recovery share before it sends it here.
  app.get('/recovery-material', requireSession, requireDeviceSession, requireFreshLogin, (c) =>
    c.json({ recoveryMaterial: keys.recoveryMaterial(c.get('session').user.id).toString('base64') }),
  )

  app.get('/shares/recovery', requireSession, requireDeviceSession, requireFreshLogin, async (c) => {
    const session = c.get('session')
    const shares = await findShares(db, session.user.id)
    if (!shares) return apiError(c, 404, SecureReason.noShares)
    return c.json({
      sealedRecoveryShare: Buffer.from(shares.sealedRecoveryShare).toString('base64'),
      recoveryMaterial: keys.recoveryMaterial(session.user.id).toString('base64'),
    })
  })

  app.get('/device-key', requireSession, requireDeviceSession, (c) => {
    const session = c.get('session')
    return c.json({ deviceKey: keys.deviceVaultKey(session.user.id, hashToken(deviceToken(c)!)).toString('base64') })
  })

  // --- Social and Farcaster login (see social.ts, farcaster.ts) ----------------------------------

  const loginDeps = {
    db,
    now,
    origin,
    bodyLimit: body,
    deviceToken,
    issueDevice: (c: C, token: string) => setCookie(c, DEVICE_COOKIE, token, DEVICE_TTL_MS),
    openSession,
  }
  mountSocialLogin(app, root, { ...loginDeps, social: options.social ?? { providers: {} }, secureCookies, currentSession })
  mountFarcasterLogin(app, { ...loginDeps, farcaster: options.farcaster })

  app.notFound((c) => apiError(c, 404, 'Not Found'))
  app.onError((error, c) => {
    console.error(`[secure origin] ${c.req.method} ${c.req.path}:`, error)
    return apiError(c, 500, 'Internal Server Error')
  })
  return app
}

function mailText(purpose: OtpPurpose, code: string): { subject: string; text: string } {
  const expiry = `It expires in ${OTP_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this mail.`
  switch (purpose) {
    case 'login':
      return { subject: 'Your Airlock login code', text: `Your Airlock login code is ${code}.\n\n${expiry}\n` }
    case 'device':
      return {
        subject: 'Approve a new device for your Airlock wallet',
        text: `A new device is signing in to your Airlock wallet. Your device code is ${code}.\n\n${expiry}\n`,
      }
    case 'update-primary':
      return { subject: 'Confirm your Airlock email change', text: `To change your Airlock email, enter ${code}.\n\n${expiry}\n` }
    case 'update-secondary':
      return { subject: 'Confirm your new Airlock email', text: `To make this your Airlock email, enter ${code}.\n\n${expiry}\n` }
  }
}

/** https, or a host browsers treat as a secure context over http (localhost, *.localhost, loopback). */
export function isSecureContextOrigin(origin: string): boolean {
  const url = new URL(origin)
  if (url.protocol === 'https:') return true
  const host = url.hostname
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** The peer address under @hono/node-server; requests through app.request() have none. */
function clientAddress(c: { env: unknown }): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'local'
}
