import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** Random tokens, their stored hashes and one-time codes: shared by the secure origin and the key service. */

/** A fresh opaque token: 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What a database keeps of a session, device or flow token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** What `randomToken` makes: 43 base64url characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** A 6-digit one-time code, uniform over 000000-999999. */
export function randomOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** Equal hex digests, compared in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** A server secret must carry at least 256 bits. */
export const MIN_SECRET_BYTES = 32

/**
 * A secret as configured: base64/base64url or hex text of at least 32 bytes. Undefined when the
 * text decodes to fewer bytes.
 */
export function decodeSecret(text: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]+$/.test(text) && text.length % 2 === 0 ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url')
  return bytes.length >= MIN_SECRET_BYTES ? bytes : undefined
}
