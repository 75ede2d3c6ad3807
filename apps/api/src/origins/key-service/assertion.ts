import { createPublicKey, randomUUID, sign, verify, type KeyObject } from 'node:crypto'
import * as z from 'zod'

/**
 * What the secure-origin server (SOS) tells the key service about a user, signed with Ed25519: who
 * the user is, which of the SOS's devices the session is on, and what the frame wants to do. The
 * key service holds only the public key. An assertion proves the FIRST factor (an SOS session);
 * the key service checks the second factor itself, so a forged assertion (an SOS operator's) opens
 * nothing alone. Each one is single-use and lives ASSERTION_TTL_MS.
 *
 * Format: `base64url(JSON claims).base64url(signature over that first part)`.
 */

export const ASSERTION_TTL_MS = 2 * 60_000
export const ASSERTION_ISSUER = 'airlock-secure-origin'
export const ASSERTION_AUDIENCE = 'airlock-key-service'

/**
 * - enrol: the user has no wallet yet; the key service makes (another) recovery key material;
 * - recover: a new device asks for the second-factor code and then the material;
 * - device-key: the key of this browser's cookie vault (when the frame has no storage of its own);
 * - recoveries: a device with the wallet open lists (and cancels) the email recoveries under way.
 */
export const AssertionPurpose = z.enum(['enrol', 'recover', 'device-key', 'recoveries'])
export type AssertionPurpose = z.infer<typeof AssertionPurpose>

export const AssertionClaims = z.object({
  iss: z.literal(ASSERTION_ISSUER),
  aud: z.literal(ASSERTION_AUDIENCE),
  /** The SOS user id. */
  sub: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
  /** SHA-256 (hex) of the SOS device token the session is on. */
  dev: z.string().regex(/^[0-9a-f]{64}$/),
  pur: AssertionPurpose,
  /** The account's email at enrolment (absent for Farcaster-only accounts). */
  email: z.email().max(320).optional(),
  /** The account holds a passkey (recover): email-only recovery then waits (the key service remembers it). */
  pk: z.literal(true).optional(),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.uuid(),
})
export type AssertionClaims = z.infer<typeof AssertionClaims>

export const AssertionReason = {
  malformed: 'The assertion is malformed',
  badSignature: 'The assertion is not signed by the secure origin',
  expired: 'The assertion has expired: try again',
  wrongPurpose: 'The assertion is for something else',
} as const

/** A public key as configured: base64 of its SPKI DER. */
export function exportPublicKey(key: KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).toString('base64')
}

export function importPublicKey(text: string): KeyObject {
  const key = createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' })
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the secure origin public key must be an Ed25519 key')
  return key
}

export function signAssertion(
  privateKey: KeyObject,
  claims: { sub: string; dev: string; pur: AssertionPurpose; email?: string | undefined; pk?: boolean | undefined },
  now: number,
): string {
  const full: AssertionClaims = {
    iss: ASSERTION_ISSUER,
    aud: ASSERTION_AUDIENCE,
    sub: claims.sub,
    dev: claims.dev,
    pur: claims.pur,
    ...(claims.email ? { email: claims.email } : {}),
    ...(claims.pk ? { pk: true as const } : {}),
    iat: Math.floor(now / 1000),
    exp: Math.floor((now + ASSERTION_TTL_MS) / 1000),
    jti: randomUUID(),
  }
  const body = Buffer.from(JSON.stringify(full), 'utf8').toString('base64url')
  return `${body}.${sign(null, Buffer.from(body, 'utf8'), privateKey).toString('base64url')}`
}

/** The claims of a valid, unexpired assertion for `purpose`, or why it is refused. */
export function verifyAssertion(
  token: string,
  publicKey: KeyObject,
  purpose: AssertionPurpose,
  now: number,
): { ok: true; claims: AssertionClaims } | { ok: false; reason: string } {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined || !/^[A-Za-z0-9_-]+$/.test(body + signature))
    return { ok: false, reason: AssertionReason.malformed }
  if (!verify(null, Buffer.from(body, 'utf8'), publicKey, Buffer.from(signature, 'base64url')))
    return { ok: false, reason: AssertionReason.badSignature }
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: AssertionReason.malformed }
  }
  const parsed = AssertionClaims.safeParse(json)
  if (!parsed.success) return { ok: false, reason: AssertionReason.malformed }
  const seconds = now / 1000
  if (parsed.data.exp <= seconds || parsed.data.iat > seconds + 60) return { ok: false, reason: AssertionReason.expired }
  if (parsed.data.pur !== purpose) return { ok: false, reason: AssertionReason.wrongPurpose }
  return { ok: true, claims: parsed.data }
}
