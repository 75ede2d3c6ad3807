import { randomBytes, randomUUID, type KeyObject } from 'node:crypto'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import * as z from 'zod'
import { emailCooldownMessage } from '@airlock/protocol'
import type { Database } from '../db/database'
import { API_CSP } from '../http/csp'
import { clientAddressOf, rateLimitClientOf } from '../http/client-address'
import { apiError } from '../http/errors'
import { jsonBodyLimit, readJsonBody } from '../http/json-body'
import { isSecureContextOrigin } from '../http/origin'
import { bucketStoreFor } from '../http/bucket-store'
import { rateLimit } from '../http/rate-limit'
import { securityHeaders } from '../http/security-headers'
import type { Mailer } from '../mail/mailer'
import { CODE_THROTTLE, codeWait } from '../security/code-throttle'
import { checkOneTimeCode } from '../security/one-time-code'
import { hashToken, randomOtp, randomToken, TOKEN_PATTERN } from '../security/tokens'
import { AssertionReason, verifyAssertion, type AssertionClaims, type AssertionPurpose } from './assertion'
import type { KeyServiceKeys } from './secrets'
import {
  audit,
  codeSendTimes,
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
}

export const DEFAULT_KEY_SERVICE_RATE_LIMIT = { capacity: 60, refillPerSecond: 1 }

const Assertion = z.string().min(10).max(4096)
const AssertionBody = z.object({ assertion: Assertion })
const RecoverBody = z.object({ assertion: Assertion, code: z.string().regex(/^\d{6}$/, 'must be the 6-digit code') })

type Env = { Variables: { claims: AssertionClaims; body: { assertion: string; code?: string } } }
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
    for (const [name, value] of Object.entries({ ...headers, ...cors })) c.res.headers.set(name, value)
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
    (purpose: AssertionPurpose, schema: z.ZodType<{ assertion: string; code?: string }> = AssertionBody): MiddlewareHandler<Env> =>
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

  const record = (c: C, entry: { action: 'enrol' | 'recover' | 'device-key'; factor?: string; ksDevice?: string; keyIds?: string[] }) =>
    audit(db, {
      at: new Date(now()),
      userId: c.var.claims.sub,
      action: entry.action,
      factor: entry.factor ?? null,
      deviceHash: c.var.claims.dev,
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

  // A new device asks for its second-factor code, mailed to the email the wallet was created with.
  app.post('/v1/codes', body, assertion('recover'), async (c) => {
    const { sub, dev } = c.var.claims
    const user = await findKsUser(db, sub)
    if (!user) return apiError(c, 404, KeyServiceReason.noWallet)
    if (!user.email) return apiError(c, 409, KeyServiceReason.noEmail)
    if (!mailer) return apiError(c, 503, KeyServiceReason.mailFailed)
    const time = now()
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
    try {
      await mailer.send({ to: user.email, ...deviceCodeMail(code) })
    } catch (error) {
      console.error('[key service] mail failed:', error)
      await deleteCode(db, id)
      return apiError(c, 502, KeyServiceReason.mailFailed)
    }
    return c.json({ sentTo: maskEmail(user.email) })
  })

  // The code comes back from the same device: the material of every wallet creation is released.
  app.post('/v1/recover', body, assertion('recover', RecoverBody), async (c) => {
    const { sub, dev } = c.var.claims
    const code = c.var.body.code!
    const refuse = (reason: string) => apiError(c, 400, reason, [{ description: reason, field: 'code' }])
    const stored = await findLiveCode(db, sub, dev)
    const check = await checkOneTimeCode(db, 'ks_codes', stored, () => keys.codeHash(sub, dev, code), {
      maxTries: KS_CODE_MAX_TRIES,
      now: now(),
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

function deviceCodeMail(code: string): { subject: string; text: string } {
  return {
    subject: 'Approve a new device for your Airlock wallet',
    text:
      `A new device is signing in to your Airlock wallet. Your device code is ${code}.\n\n` +
      `Enter it only in the Airlock window on the device you are signing in with: Airlock never asks for it anywhere else. ` +
      `It expires in ${KS_CODE_TTL_MS / 60_000} minutes.\n\n` +
      `If you are not signing in, someone else has your login: do not share this code, and secure your email and social accounts.\n`,
  }
}

/** `j***@example.com`: enough for the user to recognise the address, not to read it off the screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***'
}
