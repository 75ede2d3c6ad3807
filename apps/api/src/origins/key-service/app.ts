import { randomBytes, randomUUID, type KeyObject } from 'node:crypto'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import * as z from 'zod'
import { emailCooldownMessage } from '@airlock/protocol'
import type { Database } from '../../platform/db/database'
import { API_CSP } from '../../platform/http/csp'
import { clientAddressOf, rateLimitClientOf } from '../../platform/http/client-address'
import { apiError } from '../../platform/http/errors'
import { jsonBodyLimit, readJsonBody } from '../../platform/http/json-body'
import { isSecureContextOrigin } from '../../platform/http/origin'
import { bucketStoreFor } from '../../platform/http/bucket-store'
import { rateLimit } from '../../platform/http/rate-limit'
import { securityHeaders } from '../../platform/http/security-headers'
import type { Mailer } from '../../platform/mail/mailer'
import { CODE_THROTTLE, codeWait } from '../../platform/security/code-throttle'
import { checkOneTimeCode } from '../../platform/security/one-time-code'
import { hashToken, randomOtp, randomToken, TOKEN_PATTERN } from '../../platform/security/tokens'
import { AssertionReason, verifyAssertion, type AssertionClaims, type AssertionPurpose } from './assertion'
import type { KeyServiceKeys } from './secrets'
import { deviceCodeMail, recoveryRequestedMail } from './mails'
import { cancelPage, cancelledPage, CancelPageText } from './cancel-page'
import { describeDevice, describePlace, newMatchNumber, type Requester } from './requester'
import {
  audit,
  cancelRecovery,
  codeSendTimes,
  findDeviceRecovery,
  findRecoveryByCancelHash,
  insertRecovery,
  liveRecoveries,
  markPasskey,
  recoveryRequestTimes,
  type AuditEntry,
  type KsRecovery,
  deleteCode,
  enrolUser,
  findKsUser,
  findLiveCode,
  findMaterials,
  insertCode,
  insertMaterial,
  touchDevice,
  useAssertion,
} from './store'

/** A second-factor code lives 10 minutes and dies after 5 wrong tries (as the login codes). */
export const KS_CODE_TTL_MS = 10 * 60_000
export const KS_CODE_MAX_TRIES = 5
/** Codes per user and rolling day across all of its devices (each device also has CODE_THROTTLE's own cap). */
export const KS_USER_DAILY_CODES = 20
export const KS_DEVICE_COOKIE = 'airlock_ks_device'
/** How long a new device waits to recover by email when the account has a passkey (per deployment). */
export const DEFAULT_RECOVERY_WAIT_MS = 48 * 60 * 60_000
/** An email recovery, once open, stays usable this long; then the device asks again (and waits again). */
export const RECOVERY_OPEN_FOR_MS = 7 * 24 * 60 * 60_000
/** Email recoveries one account may start per rolling day (each mails the owner). */
export const KS_USER_DAILY_RECOVERIES = 3
const DEVICE_COOKIE_TTL_S = 400 * 24 * 60 * 60
const MATERIAL_BYTES = 32

export const KeyServiceReason = {
  crossOrigin: 'Only the secure frame may call the key service',
  replayed: 'This assertion was already used: try again',
  noWallet: 'This account has no wallet to recover',
  noEmail: 'This account has no email to send a device code to: use a passkey',
  mailFailed: 'The email could not be sent: try again later',
  noCode: 'No device code was sent for this device: request a new code',
  expired: 'This code has expired: request a new code',
  overTried: 'Too many wrong codes: request a new code',
  used: 'This code was already used: request a new code',
  recoveryWaiting: 'This wallet has a passkey: use it, or wait until the email recovery opens',
  recoveryCancelled: 'This email recovery was cancelled from the wallet’s email or one of its devices: use your passkey',
  tooManyRecoveries: 'Too many email recoveries were asked for this wallet today: use your passkey, or try again tomorrow',
  noRecovery: 'No such email recovery is under way',
} as const

export const wrongDeviceCodeMessage = (triesLeft: number) => `Wrong code: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`

export interface KeyServiceAppOptions {
  /** The secure origin: the only browser origin allowed to call (CORS, credentials). */
  secureOrigin: string
  /** The secure-origin server's Ed25519 public key (it signs the assertions). */
  sosPublicKey: KeyObject
  keys: KeyServiceKeys
  db: Database
  /** Sends the second-factor codes; without one, codes answer 503. */
  mailer?: Mailer
  now?: () => number
  /** `Secure; SameSite=None; Partitioned` device cookie (default: when the secure origin is a secure context). */
  secureCookies?: boolean
  /** Every call, per client address; `false` turns it off. */
  rateLimit?: { capacity: number; refillPerSecond: number } | false
  /** The key service's own public URL: https turns HSTS on. */
  publicUrl?: string
  /** The proxies in front of the service (IPs, CIDR ranges): the client is read from their X-Forwarded-For. */
  trustedProxies?: readonly string[]
  /** How long email-only recovery waits for an account with a passkey (default 48 h). */
  recoveryWaitMs?: number
  /** A header in which the trusted proxy names the client's country (e.g. `CF-IPCountry`), for the device mails. */
  countryHeader?: string
}

export const DEFAULT_KEY_SERVICE_RATE_LIMIT = { capacity: 60, refillPerSecond: 1 }

const Assertion = z.string().min(10).max(4096)
const AssertionBody = z.object({ assertion: Assertion })
const RecoverBody = z.object({ assertion: Assertion, code: z.string().regex(/^\d{6}$/, 'must be the 6-digit code') })
const CancelBody = z.object({ assertion: Assertion, id: z.uuid() })
const CancelToken = z.string().regex(TOKEN_PATTERN)
/** The cancel page: no script, its form posts only to itself, never framed. */
const CANCEL_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

type Env = { Variables: { claims: AssertionClaims; body: { assertion: string; code?: string; id?: string } } }
type C = Context<Env>

/**
 * The key service (issue 12, DESIGN.md section 5b): its own process, secret and database. It gives
 * the secure frame recovery key material at wallet creation, releases it to a new device only
 * after the code it mailed itself comes back, and gives each browser the key of its cookie vault;
 * every release is written to ks_audit. The secure frame calls it directly (CORS pinned to the
 * secure origin), with an assertion of the secure-origin server naming the user and device.
 */
export function createKeyServiceApp(options: KeyServiceAppOptions): Hono<Env> {
  const { db, keys, mailer } = options
  const now = options.now ?? Date.now
  const secureOrigin = new URL(options.secureOrigin).origin
  const secureCookies = options.secureCookies ?? isSecureContextOrigin(secureOrigin)
  const clientAddress = clientAddressOf(options.trustedProxies)
  const app = new Hono<Env>()
  const headers = {
    ...securityHeaders(API_CSP, 'no-referrer', { publicOrigin: options.publicUrl }),
    'Cross-Origin-Resource-Policy': 'cross-origin',
  }
  const cors = {
    'Access-Control-Allow-Origin': secureOrigin,
    'Access-Control-Allow-Credentials': 'true',
    Vary: 'Origin',
  }

  app.use('*', async (c, next) => {
    await next()
    // The cancel page sets its own CSP (its form must post); everything else is an API answer.
    for (const [name, value] of Object.entries({ ...headers, ...cors }))
      if (name !== 'Content-Security-Policy' || !c.res.headers.has(name)) c.res.headers.set(name, value)
    c.res.headers.set('Cache-Control', 'no-store')
  })

  app.get('/health', (c) => c.json({ ok: true }))

  // Browsers may call only from the secure frame's origin. (A script forges Origin at will: the
  // assertion and the second factor are the checks that matter; this keeps other sites' pages out.)
  app.use('/v1/*', async (c, next) => {
    if (c.req.header('Origin') !== secureOrigin) return apiError(c, 403, KeyServiceReason.crossOrigin)
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', 'POST')
      c.header('Access-Control-Allow-Headers', 'Content-Type')
      c.header('Access-Control-Max-Age', '600')
      return c.body(null, 204)
    }
    await next()
  })
  if (options.rateLimit !== false) {
    // Shared by every key service process on one Postgres server (its own database's rate_buckets).
    const limits = options.rateLimit ?? DEFAULT_KEY_SERVICE_RATE_LIMIT
    app.use(
      '/v1/*',
      rateLimit({ ...limits, scope: 'key-service', store: bucketStoreFor(db), key: rateLimitClientOf(options.trustedProxies), now }),
    )
  }
  const body = jsonBodyLimit(8 * 1024)

  /** A valid, unused assertion for `purpose` in the body; its claims in `c.var.claims`. */
  const assertion =
    (
      purpose: AssertionPurpose,
      schema: z.ZodType<{ assertion: string; code?: string; id?: string }> = AssertionBody,
    ): MiddlewareHandler<Env> =>
    async (c, next) => {
      const parsed = await readJsonBody(c, schema)
      if (!parsed.success) return parsed.response
      const verified = verifyAssertion(parsed.data.assertion, options.sosPublicKey, purpose, now())
      if (!verified.ok) return apiError(c, verified.reason === AssertionReason.expired ? 401 : 403, verified.reason)
      if (!(await useAssertion(db, verified.claims.jti, new Date(verified.claims.exp * 1000), new Date(now())))) {
        return apiError(c, 403, KeyServiceReason.replayed)
      }
      c.set('claims', verified.claims)
      c.set('body', parsed.data)
      await next()
    }

  /** An audit entry of this request, for the user and device its assertion names (the cancel link names them itself). */
  const record = (
    c: C,
    entry: { action: AuditEntry['action']; factor?: string; ksDevice?: string; keyIds?: string[] },
    subject: { userId: string; deviceHash: string } = { userId: c.var.claims.sub, deviceHash: c.var.claims.dev },
  ) =>
    audit(db, {
      at: new Date(now()),
      userId: subject.userId,
      action: entry.action,
      factor: entry.factor ?? null,
      deviceHash: subject.deviceHash,
      ksDeviceHash: entry.ksDevice ?? null,
      keyIds: entry.keyIds ?? [],
      clientAddress: clientAddress(c),
      userAgent: c.req.header('User-Agent') ?? null,
    })

  // Wallet creation: fresh material, kept sealed; the frame seals the recovery share with it.
  app.post('/v1/enrol', body, assertion('enrol'), async (c) => {
    const { sub, email } = c.var.claims
    const at = new Date(now())
    const material = randomBytes(MATERIAL_BYTES)
    const keyId = randomUUID()
    await db.transaction(async (tx) => {
      await enrolUser(tx, sub, email ?? null, at)
      await insertMaterial(tx, { keyId, userId: sub, sealed: keys.sealMaterial(sub, keyId, material), createdAt: at })
    })
    await record(c, { action: 'enrol', keyIds: [keyId] })
    return c.json({ keyId, material: material.toString('base64') }, 201)
  })

  const recoveryWaitMs = options.recoveryWaitMs ?? DEFAULT_RECOVERY_WAIT_MS
  const requesterOf = (c: C, at: number, match = newMatchNumber()): Requester => {
    const country = options.countryHeader && options.trustedProxies?.length ? c.req.header(options.countryHeader) : undefined
    return { device: describeDevice(c.req.header('User-Agent')), place: describePlace(country, clientAddress(c)), at, match }
  }
  const publicRecovery = (recovery: KsRecovery) => ({
    id: recovery.id,
    requestedAt: recovery.requestedAt.getTime(),
    opensAt: recovery.opensAt.getTime(),
    device: recovery.device,
    place: recovery.place,
    match: recovery.match,
  })
  const cancelUrl = (c: C, token: string) =>
    `${options.publicUrl ? new URL(options.publicUrl).origin : new URL(c.req.url).origin}/recoveries/cancel?t=${token}`

  /**
   * An account with a passkey: a new device's email recovery waits (phishing the login code and
   * the device code no longer opens the wallet at once). Its first ask mails the owner a cancel
   * link and starts the wait; asked again meanwhile, it answers when it opens; once open (and not
   * cancelled), undefined: the code may go out, under the request's matching number.
   */
  const waitForRecovery = async (c: C, email: string): Promise<Response | KsRecovery> => {
    const { sub, dev } = c.var.claims
    const time = now()
    const existing = await findDeviceRecovery(db, sub, dev, new Date(time))
    if (existing?.cancelledAt) return apiError(c, 403, KeyServiceReason.recoveryCancelled)
    if (existing && existing.opensAt.getTime() <= time) return existing
    if (existing) return c.json({ sentTo: maskEmail(email), match: existing.match, opensAt: existing.opensAt.getTime() }, 202)
    const wait = codeWait(await recoveryRequestTimes(db, sub, new Date(time - CODE_THROTTLE.windowMs)), time, {
      ...CODE_THROTTLE,
      baseMs: 0,
      dailyCap: KS_USER_DAILY_RECOVERIES,
    })
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)))
      return apiError(c, 429, KeyServiceReason.tooManyRecoveries)
    }
    const requester = requesterOf(c, time)
    const token = randomToken()
    const recovery = {
      id: randomUUID(),
      userId: sub,
      deviceHash: dev,
      requestedAt: new Date(time),
      opensAt: new Date(time + recoveryWaitMs),
      expiresAt: new Date(time + recoveryWaitMs + RECOVERY_OPEN_FOR_MS),
      match: requester.match,
      device: requester.device,
      place: requester.place,
    }
    await insertRecovery(db, { ...recovery, cancelHash: hashToken(token) })
    try {
      await mailer!.send({ to: email, ...recoveryRequestedMail(requester, recovery.opensAt.getTime(), cancelUrl(c, token)) })
    } catch (error) {
      console.error('[key service] mail failed:', error)
      await cancelRecovery(db, { userId: sub, id: recovery.id }, new Date(time))
      return apiError(c, 502, KeyServiceReason.mailFailed)
    }
    await record(c, { action: 'recovery-request' })
    return c.json({ sentTo: maskEmail(email), match: recovery.match, opensAt: recovery.opensAt.getTime() }, 202)
  }

  // A new device asks for its second-factor code, mailed to the email the wallet was created with.
  app.post('/v1/codes', body, assertion('recover'), async (c) => {
    const { sub, dev, pk } = c.var.claims
    const user = await findKsUser(db, sub)
    if (!user) return apiError(c, 404, KeyServiceReason.noWallet)
    if (!user.email) return apiError(c, 409, KeyServiceReason.noEmail)
    if (!mailer) return apiError(c, 503, KeyServiceReason.mailFailed)
    const time = now()
    if (pk) await markPasskey(db, sub, new Date(time))
    let match: string | undefined
    if (pk || user.passkeyAt) {
      const recovery = await waitForRecovery(c, user.email)
      if (recovery instanceof Response) return recovery
      match = recovery.match
    }
    const since = new Date(time - CODE_THROTTLE.windowMs)
    const wait = Math.max(
      codeWait(await codeSendTimes(db, sub, dev, since), time),
      codeWait(await codeSendTimes(db, sub, undefined, since), time, { ...CODE_THROTTLE, baseMs: 0, dailyCap: KS_USER_DAILY_CODES }),
    )
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)))
      return apiError(c, 429, emailCooldownMessage(wait))
    }
    const code = randomOtp()
    const createdAt = new Date(time)
    const id = await insertCode(db, {
      userId: sub,
      deviceHash: dev,
      codeHash: keys.codeHash(sub, dev, code),
      createdAt,
      expiresAt: new Date(time + KS_CODE_TTL_MS),
    })
    const requester = requesterOf(c, time, match)
    try {
      await mailer.send({ to: user.email, ...deviceCodeMail(code, requester, KS_CODE_TTL_MS / 60_000) })
    } catch (error) {
      console.error('[key service] mail failed:', error)
      await deleteCode(db, id)
      return apiError(c, 502, KeyServiceReason.mailFailed)
    }
    return c.json({ sentTo: maskEmail(user.email), match: requester.match })
  })

  // The code comes back from the same device: the material of every wallet creation is released.
  app.post('/v1/recover', body, assertion('recover', RecoverBody), async (c) => {
    const { sub, dev, pk } = c.var.claims
    const code = c.var.body.code!
    const refuse = (reason: string) => apiError(c, 400, reason, [{ description: reason, field: 'code' }])
    const time = now()
    // A code mailed before the account got its passkey opens nothing now: the recovery must have waited.
    if (pk || (await findKsUser(db, sub))?.passkeyAt) {
      const recovery = await findDeviceRecovery(db, sub, dev, new Date(time))
      if (recovery?.cancelledAt) return apiError(c, 403, KeyServiceReason.recoveryCancelled)
      if (!recovery || recovery.opensAt.getTime() > time) return apiError(c, 403, KeyServiceReason.recoveryWaiting)
    }
    const stored = await findLiveCode(db, sub, dev)
    const check = await checkOneTimeCode(db, 'ks_codes', stored, () => keys.codeHash(sub, dev, code), {
      maxTries: KS_CODE_MAX_TRIES,
      now: time,
    })
    if (!check.ok) return refuse(check.reason === 'wrong' ? wrongDeviceCodeMessage(check.triesLeft) : KeyServiceReason[check.reason])
    const materials = (await findMaterials(db, sub)).map(({ keyId, sealed }) => ({
      keyId,
      material: Buffer.from(keys.openMaterial(sub, keyId, sealed)).toString('base64'),
    }))
    if (materials.length === 0) return apiError(c, 404, KeyServiceReason.noWallet)
    await record(c, { action: 'recover', factor: 'email-code', keyIds: materials.map((m) => m.keyId) })
    return c.json({ materials })
  })

  // A device with the wallet open: the email recoveries under way, to show and to cancel.
  app.post('/v1/recoveries', body, assertion('recoveries'), async (c) =>
    c.json({ recoveries: (await liveRecoveries(db, c.var.claims.sub, new Date(now()))).map(publicRecovery) }),
  )
  app.post('/v1/recoveries/cancel', body, assertion('recoveries', CancelBody), async (c) => {
    const { sub } = c.var.claims
    const at = new Date(now())
    if (!(await cancelRecovery(db, { userId: sub, id: c.var.body.id! }, at))) return apiError(c, 404, KeyServiceReason.noRecovery)
    await record(c, { action: 'recovery-cancel', factor: 'known-device' })
    return c.json({ recoveries: (await liveRecoveries(db, sub, at)).map(publicRecovery) })
  })

  // The cancel link of the owner's mail: a page whose button cancels (a GET alone never does, as
  // mail scanners open links), outside /v1 since it is the key service's own page.
  app.get('/recoveries/cancel', async (c) => {
    const token = CancelToken.safeParse(c.req.query('t'))
    const recovery = token.success ? await findRecoveryByCancelHash(db, hashToken(token.data)) : undefined
    c.header('Content-Security-Policy', CANCEL_PAGE_CSP)
    if (!recovery || recovery.expiresAt.getTime() <= now()) return c.html(cancelledPage(CancelPageText.unknown), 404)
    if (recovery.cancelledAt) return c.html(cancelledPage(CancelPageText.already))
    return c.html(cancelPage(publicRecovery(recovery), token.data!))
  })
  app.post('/recoveries/cancel', async (c) => {
    c.header('Content-Security-Policy', CANCEL_PAGE_CSP)
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const token = CancelToken.safeParse(form.t)
    const recovery = token.success ? await cancelRecovery(db, { cancelHash: hashToken(token.data) }, new Date(now())) : undefined
    if (!recovery) return c.html(cancelledPage(CancelPageText.unknown), 404)
    await record(c, { action: 'recovery-cancel', factor: 'email-link' }, recovery)
    return c.html(cancelledPage(CancelPageText.done))
  })

  // The key of this browser's cookie vault, bound to the key service's own partitioned cookie:
  // the secure origin sees the sealed vault (its cookie) but never this key, and cannot ask for it.
  app.post('/v1/device-key', body, assertion('device-key'), async (c) => {
    const { sub } = c.var.claims
    let token = getCookie(c, KS_DEVICE_COOKIE)
    if (!token || !TOKEN_PATTERN.test(token)) {
      token = randomToken()
      const attributes = secureCookies ? ['Secure', 'SameSite=None', 'Partitioned'] : ['SameSite=Strict']
      c.header(
        'Set-Cookie',
        [`${KS_DEVICE_COOKIE}=${token}`, 'Path=/', `Max-Age=${DEVICE_COOKIE_TTL_S}`, 'HttpOnly', ...attributes].join('; '),
      )
    }
    await enrolUser(db, sub, null, new Date(now()))
    // The key derives from the raw cookie; the store keeps only a salted verifier of it.
    const ksDevice = await touchDevice(db, sub, token, new Date(now()))
    if (ksDevice.created) await record(c, { action: 'device-key', ksDevice: ksDevice.id })
    const base64 = (key: Uint8Array) => Buffer.from(key).toString('base64')
    return c.json({
      deviceKey: base64(keys.deviceKey(sub, token)),
      // A browser known from before migration 003 has its vault sealed under the old key: once, to reseal it.
      ...(ksDevice.legacyKey ? { legacyDeviceKey: base64(keys.legacyDeviceKey(sub, hashToken(token))) } : {}),
    })
  })

  app.notFound((c) => apiError(c, 404, 'Not Found'))
  app.onError((error, c) => {
    console.error(`[key service] ${c.req.method} ${c.req.path}:`, error)
    return apiError(c, 500, 'Internal Server Error')
  })
  return app
}

/** `j***@example.com`: enough for the user to recognise the address, not to read it off the screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***'
}
