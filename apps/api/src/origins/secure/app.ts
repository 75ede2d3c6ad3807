import { Hono, type MiddlewareHandler } from 'hono'
import type { SmartAccountNetwork } from '../../capabilities/relay/config'
import { emailCooldownMessage } from '@airlock/protocol'
import { getCookie } from 'hono/cookie'
import type { Database } from '../../platform/db/database'
import { rateLimitClientOf } from '../../platform/http/client-address'
import { API_CSP } from '../../platform/http/csp'
import { apiError } from '../../platform/http/errors'
import { jsonBodyLimit } from '../../platform/http/json-body'
import { isSecureContextOrigin } from '../../platform/http/origin'
import { bucketStoreFor } from '../../platform/http/bucket-store'
import { rateLimit, tokenBuckets, tooManyRequests } from '../../platform/http/rate-limit'
import { securityHeaders } from '../../platform/http/security-headers'
import type { Mailer } from '../../platform/mail/mailer'
import { hashToken, randomToken, sameDigest, TOKEN_PATTERN } from '../../platform/security/tokens'
import { mountCustody } from './custody'
import type { SecureContext, SecureDeps, SecureEnv } from './deps'
import { mountEmailLogin } from './email'
import { type FarcasterLoginOptions, mountFarcasterLogin } from './farcaster'
import { SecureReason } from './reasons'
import type { ServerKeys } from './secrets'
import { mountSocialLogin, type SocialLoginOptions } from './social'
import { deleteSession, findDevice, findPasskeys, findSession, insertSession, type SecureUser, upsertVerifiedDevice } from './store'

/** Where the secure-frame server's API lives on the secure origin (the rest is the frame's static files). */
export const SECURE_API_PREFIX = '/api'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000
export const DEVICE_TTL_MS = 400 * 24 * 60 * 60_000
export const SESSION_COOKIE = 'airlock_session'
export const DEVICE_COOKIE = 'airlock_device'
/** The device token when the frame's cookies are dropped (it keeps the token in its own storage). */
export const DEVICE_HEADER = 'X-Airlock-Device'
const MAX_BODY_BYTES = 8 * 1024

type RateLimit = { capacity: number; refillPerSecond: number }

export interface SecureOriginAppOptions {
  /** The secure origin as browsers see it (`http://secure.localhost:4402`): the only origin allowed to call. */
  origin: string
  /** The widget origin: the only parent the frame page talks to (GET /api/frame-config tells the page). */
  widgetOrigin: string
  db: Database
  /** How codes are mailed; without one the email endpoints answer 503. */
  mailer?: Mailer
  /** Code hashing and the key that signs the key service's assertions. */
  keys: ServerKeys
  /** The key service's origin: the frame calls it directly (GET /api/frame-config tells the page). */
  keyServiceOrigin: string
  /** The data API's origin: the frame sends signed Solana transactions to its RPC proxy (GET /api/frame-config tells the page). */
  apiOrigin: string
  /**
   * Where the embedded wallet's account may be a smart account (GET /api/frame-config tells the page):
   * this server names the delegator, never the widget. Absent: an EOA everywhere.
   */
  smartAccounts?: readonly SmartAccountNetwork[]
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
  /** The calls that send mail, per client address (on top of the per-account back-off); `false` turns it off. */
  mailRateLimit?: { capacity: number; refillPerSecond: number } | false
  /**
   * Per account, on top of the per-address limits, so that rotating addresses gains nothing:
   * `session`, every signed-in call per user (key shares, passkeys, assertions, email change);
   * `login`, the login code checks per email and device bucket. `false` turns both off.
   */
  accountRateLimit?: { session: RateLimit; login: RateLimit } | false
  /** The proxies in front of the origin (IPs, CIDR ranges): the per-address limits read the client from their X-Forwarded-For. */
  trustedProxies?: readonly string[]
  /** Social login (OpenID Connect) providers; without it every provider answers 404. */
  social?: SocialLoginOptions
  /** Sign In With Farcaster (the relay, the IdRegistry read); without it /api/farcaster/* answers 404. */
  farcaster?: FarcasterLoginOptions
  /** Runs around every call first (the process's metrics). */
  measure?: MiddlewareHandler
}

export const DEFAULT_SECURE_RATE_LIMIT = { capacity: 120, refillPerSecond: 2 }
/** 20 mails in a burst, then one every 3 minutes, per client address. */
export const DEFAULT_MAIL_RATE_LIMIT = { capacity: 20, refillPerSecond: 1 / 180 }
/**
 * A frame makes a few signed-in calls per load or unlock: 60 in a burst, then 12 a minute, per
 * account. A person mistypes a code a few times: 10 checks, then one a minute, per email and bucket.
 */
export const DEFAULT_ACCOUNT_RATE_LIMIT = {
  session: { capacity: 60, refillPerSecond: 1 / 5 },
  login: { capacity: 10, refillPerSecond: 1 / 60 },
}

/**
 * The secure-frame server's API (issue 5 items 2 and 3), mounted under `/api` on the secure
 * origin, same-origin only (no CORS). See apps/api/README.md "Secure origin" for every call.
 */
export function createSecureOriginApp(options: SecureOriginAppOptions): Hono<SecureEnv> {
  const { db, keys, mailer } = options
  const now = options.now ?? Date.now
  const origin = new URL(options.origin).origin
  const widgetOrigin = new URL(options.widgetOrigin).origin
  const keyServiceOrigin = new URL(options.keyServiceOrigin).origin
  const apiOrigin = new URL(options.apiOrigin).origin
  const secureCookies = options.secureCookies ?? isSecureContextOrigin(origin)
  // The social login callback is a top-level page outside /api: it goes on `root` (same router).
  const root = new Hono<SecureEnv>()
  const app = root.basePath(SECURE_API_PREFIX)
  const headers = { ...securityHeaders(API_CSP, 'no-referrer', { publicOrigin: origin }), 'Cross-Origin-Resource-Policy': 'same-origin' }

  if (options.measure) app.use('*', options.measure)
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

  const client = rateLimitClientOf(options.trustedProxies)
  // Every secure-origin process on one Postgres server spends from the same buckets.
  const store = bucketStoreFor(db)
  if (options.rateLimit !== false) {
    app.use('*', rateLimit({ ...(options.rateLimit ?? DEFAULT_SECURE_RATE_LIMIT), scope: 'secure', store, key: client, now }))
  }
  const mailLimit: MiddlewareHandler<SecureEnv> =
    options.mailRateLimit === false
      ? (_c, next) => next()
      : rateLimit({ ...(options.mailRateLimit ?? DEFAULT_MAIL_RATE_LIMIT), scope: 'secure-mail', store, key: client, now })

  const accountLimits = options.accountRateLimit ?? DEFAULT_ACCOUNT_RATE_LIMIT
  const sessionBuckets = accountLimits ? tokenBuckets({ ...accountLimits.session, scope: 'secure-session', store, now }) : undefined
  const loginBuckets = accountLimits ? tokenBuckets({ ...accountLimits.login, scope: 'secure-login', store, now }) : undefined
  /** The SPEC's 'Please try again after {n} seconds' (its email login text) once the bucket of `key` is empty. */
  const limited = async (c: SecureContext, buckets: typeof sessionBuckets, key: string) => {
    const wait = (await buckets?.take(key)) ?? 0
    return wait > 0 ? tooManyRequests(c, wait, (seconds) => emailCooldownMessage(seconds * 1000)) : undefined
  }

  const setCookie = (c: SecureContext, name: string, value: string, maxAgeMs: number) => {
    const attributes = secureCookies ? ['Secure', 'SameSite=None', 'Partitioned'] : ['SameSite=Strict']
    const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000))
    c.header('Set-Cookie', [`${name}=${value}`, 'Path=/', `Max-Age=${maxAge}`, 'HttpOnly', ...attributes].join('; '), { append: true })
  }
  const tokenOf = (value: string | undefined) => (value !== undefined && TOKEN_PATTERN.test(value) ? value : undefined)
  const bearerToken = (c: SecureContext) => tokenOf(c.req.header('Authorization')?.match(/^Bearer ([^\s]+)$/)?.[1])
  const sessionToken = (c: SecureContext) => bearerToken(c) ?? tokenOf(getCookie(c, SESSION_COOKIE))
  const deviceToken = (c: SecureContext) => tokenOf(c.req.header(DEVICE_HEADER)) ?? tokenOf(getCookie(c, DEVICE_COOKIE))
  /**
   * The live session the request carries. Its cookie is the frame's own (HttpOnly, partitioned);
   * a token shown as a Bearer counts only beside the device token it was opened on, as the frame
   * also pushes it to the widget (sessionUpdate, kept 30 days to restore a session): that copy
   * alone reads nothing of the user's, not even who they are (issue 23).
   */
  const currentSession = async (c: SecureContext) => {
    const token = sessionToken(c)
    const session = token ? await findSession(db, hashToken(token), new Date(now())) : undefined
    if (!session || bearerToken(c) === undefined) return session
    const device = deviceToken(c)
    return device && sameDigest(hashToken(device), session.deviceHash) ? session : undefined
  }

  const requireSession: MiddlewareHandler<SecureEnv> = async (c, next) => {
    const session = await currentSession(c)
    if (!session) return apiError(c, 401, SecureReason.notSignedIn)
    const refused = await limited(c, sessionBuckets, session.user.id)
    if (refused) return refused
    c.set('session', session)
    await next()
  }

  /**
   * Key material goes to a session only together with the device token it was opened on: the
   * session cookie alone opens nothing either (a Bearer session has proven its device already).
   */
  const requireDeviceSession: MiddlewareHandler<SecureEnv> = async (c, next) => {
    const session = c.var.session
    const device = deviceToken(c)
    const known = device ? await findDevice(db, session.user.id, hashToken(device)) : undefined
    if (!known || known.id !== session.deviceId) return apiError(c, 403, SecureReason.otherDeviceSession)
    await next()
  }

  /** A new session for `user` on this device: its cookie set, `{ token, expiresAt, user }` answered. */
  const openSession = async (c: SecureContext, device: string, findUser: (tx: Database, at: Date) => Promise<SecureUser>) => {
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

  const deps: SecureDeps = {
    db,
    now,
    keys,
    mailer,
    bodyLimit: jsonBodyLimit(MAX_BODY_BYTES),
    mailLimit,
    client,
    loginLimit: (c, key) => limited(c, loginBuckets, key),
    deviceToken,
    issueDevice: (c, token) => setCookie(c, DEVICE_COOKIE, token, DEVICE_TTL_MS),
    currentSession,
    requireSession,
    requireDeviceSession,
    openSession,
  }

  const smartAccounts = options.smartAccounts?.length ? { smartAccounts: options.smartAccounts } : {}
  app.get('/frame-config', (c) => c.json({ widgetOrigin, keyServiceOrigin, apiUrl: apiOrigin, ...smartAccounts }))

  app.get('/session', async (c) => {
    const session = await currentSession(c)
    if (!session) return c.json({ isConnected: false })
    const passkeys = (await findPasskeys(db, session.user.id)).length
    return c.json({ isConnected: true, user: session.user, expiresAt: session.expiresAt.toISOString(), passkeys })
  })

  app.post('/session/sign-out', async (c) => {
    const token = sessionToken(c)
    if (token) await deleteSession(db, hashToken(token))
    setCookie(c, SESSION_COOKIE, '', 0)
    return c.json({ isConnected: false })
  })

  mountEmailLogin(app, deps)
  mountCustody(app, deps)
  mountSocialLogin(app, root, { ...deps, origin, secureCookies, social: options.social ?? { providers: {} } })
  mountFarcasterLogin(app, { ...deps, origin, farcaster: options.farcaster })

  app.notFound((c) => apiError(c, 404, 'Not Found'))
  app.onError((error, c) => {
    console.error(`[secure origin] ${c.req.method} ${c.req.path}:`, error)
    return apiError(c, 500, 'Internal Server Error')
  })
  return app
}
