import type { Hono, MiddlewareHandler } from 'hono'
import * as z from 'zod'
import { apiError } from '../../platform/http/errors'
import { readJsonBody } from '../../platform/http/json-body'
import { AssertionPurpose, signAssertion } from '../key-service/assertion'
import type { SecureDeps, SecureEnv } from './deps'
import { SecureReason } from './reasons'
import { findPasskeys, findShares, insertPasskey, insertShares } from './store'

/** A share or a sealed share: Shamir shares of a 32-byte seed are 33 bytes; the sealed envelopes a little more. */
const MAX_SHARE_BYTES = 1024
/** Recovery (the sealed recovery share, the passkey-sealed shares, a recover assertion) goes only to a session this young. */
export const RECOVERY_WINDOW_MS = 10 * 60_000
/** Passkeys one account may hold. */
export const MAX_PASSKEYS = 10

const Bytes = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, message)
    .max(Math.ceil(max / 3) * 4, message)
    .transform((text, ctx) => {
      const bytes = Buffer.from(text, 'base64')
      if (bytes.length < min || bytes.length > max || bytes.toString('base64') !== text) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return new Uint8Array(bytes)
    })
const ShareBytes = Bytes(1, MAX_SHARE_BYTES, SecureReason.badShare)
const SharesBody = z.object({ authShare: ShareBytes, sealedRecoveryShare: ShareBytes })
const PasskeyBody = z.object({
  /** WebAuthn credential ids are at most 1023 bytes; base64url as allowCredentials takes them. */
  credentialId: z.string().regex(/^[A-Za-z0-9_-]{16,1364}$/, 'must be a base64url credential id'),
  prfSalt: Bytes(32, 32, 'must be base64 of 32 bytes'),
  sealedShare: ShareBytes,
})
const AssertionBody = z.object({ purpose: AssertionPurpose })

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/**
 * The key material this server keeps for the frame: the auth share, the sealed recovery share and
 * the passkey-sealed shares (ciphertexts under keys it never sees), and the assertions the frame
 * takes to the key service. Every call needs the session AND the device token it was opened on.
 */
export function mountCustody(app: Hono<SecureEnv>, deps: SecureDeps): void {
  const { db, now, keys } = deps
  const signedIn = [deps.requireSession, deps.requireDeviceSession] as const
  const requireFreshLogin: MiddlewareHandler<SecureEnv> = async (c, next) => {
    if (now() - c.var.session.createdAt.getTime() > RECOVERY_WINDOW_MS) return apiError(c, 403, SecureReason.recoveryNeedsFreshLogin)
    await next()
  }

  app.put('/shares', deps.bodyLimit, ...signedIn, async (c) => {
    const parsed = await readJsonBody(c, SharesBody)
    if (!parsed.success) return parsed.response
    if (!(await insertShares(db, c.var.session.user.id, parsed.data, new Date(now())))) return apiError(c, 409, SecureReason.sharesExist)
    return c.json({ stored: true }, 201)
  })

  app.get('/shares/auth', ...signedIn, async (c) => {
    const shares = await findShares(db, c.var.session.user.id)
    if (!shares) return apiError(c, 404, SecureReason.noShares)
    return c.json({ authShare: b64(shares.authShare) })
  })

  // A new device's recovery: only right after its login (the key material comes from the key service).
  app.get('/shares/recovery', ...signedIn, requireFreshLogin, async (c) => {
    const shares = await findShares(db, c.var.session.user.id)
    if (!shares) return apiError(c, 404, SecureReason.noShares)
    return c.json({ sealedRecoveryShare: b64(shares.sealedRecoveryShare) })
  })

  app.get('/passkeys', ...signedIn, requireFreshLogin, async (c) =>
    c.json({
      passkeys: (await findPasskeys(db, c.var.session.user.id)).map((passkey) => ({
        credentialId: passkey.credentialId,
        prfSalt: b64(passkey.prfSalt),
        sealedShare: b64(passkey.sealedShare),
      })),
    }),
  )

  app.put('/passkeys', deps.bodyLimit, ...signedIn, async (c) => {
    const parsed = await readJsonBody(c, PasskeyBody)
    if (!parsed.success) return parsed.response
    const user = c.var.session.user
    if (!(await findShares(db, user.id))) return apiError(c, 404, SecureReason.noShares)
    if (!(await insertPasskey(db, user.id, parsed.data, MAX_PASSKEYS, new Date(now())))) return apiError(c, 409, SecureReason.passkeyExists)
    return c.json({ passkeys: (await findPasskeys(db, user.id)).length }, 201)
  })

  // What the key service accepts from this session: creating the wallet's recovery material (only
  // while the account has no wallet), recovering it on a new device (only right after a login),
  // this browser's cookie-vault key, or the email recoveries under way (to show and cancel).
  app.post('/key-service/assertion', deps.bodyLimit, ...signedIn, async (c) => {
    const parsed = await readJsonBody(c, AssertionBody)
    if (!parsed.success) return parsed.response
    const { purpose } = parsed.data
    const session = c.var.session
    const hasWallet = (await findShares(db, session.user.id)) !== undefined
    if (purpose === 'enrol' && hasWallet) return apiError(c, 409, SecureReason.sharesExist)
    if (purpose === 'recover' && !hasWallet) return apiError(c, 404, SecureReason.noShares)
    if (purpose === 'recover' && now() - session.createdAt.getTime() > RECOVERY_WINDOW_MS)
      return apiError(c, 403, SecureReason.recoveryNeedsFreshLogin)
    if (purpose === 'recoveries' && !hasWallet) return apiError(c, 404, SecureReason.noShares)
    // The key service makes an account with a passkey wait before it recovers by email alone.
    const pk = purpose === 'recover' && (await findPasskeys(db, session.user.id)).length > 0
    const assertion = signAssertion(
      keys.assertionKey,
      {
        sub: session.user.id,
        dev: session.deviceHash,
        pur: purpose,
        ...(purpose === 'enrol' ? { email: session.user.email } : {}),
        ...(pk ? { pk } : {}),
      },
      now(),
    )
    return c.json({ assertion })
  })
}
