import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** Random tokens, hashes and per-purpose keys of the secure-frame server. */

/** A fresh opaque token: 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps of a session or device token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

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

/** The server secret must carry at least 256 bits. */
export const MIN_SECRET_BYTES = 32

/**
 * Keys derived from the one server secret, one per purpose (HMAC-SHA256(secret, label)):
 * - codes are kept as HMAC(codeKey, purpose | email | code), so a database dump does not give
 *   away live codes by trying all 10^6 of them (a plain hash would);
 * - the recovery key material of a user is HMAC(recoveryKey, userId), see recoveryMaterial.
 */
export interface ServerKeys {
  otpHash(purpose: string, email: string, code: string): string
  /** 32 bytes per user: the input of the frame's HKDF (apps/secure-frame custody/recovery.ts). */
  recoveryMaterial(userId: string): Buffer
  /**
   * 32 bytes per user and device: the key the frame seals its device share with when the browser
   * denies it storage of its own (the sealed share then lives in the widget's storage, this key
   * never does). Released only to a session of that same device.
   */
  deviceVaultKey(userId: string, deviceHash: string): Buffer
}

export function serverKeys(secret: Uint8Array): ServerKeys {
  if (secret.length < MIN_SECRET_BYTES) throw new RangeError(`the secure-origin secret must be at least ${MIN_SECRET_BYTES} bytes`)
  const derive = (label: string) => createHmac('sha256', secret).update(label, 'utf8').digest()
  const codeKey = derive('airlock:secure-origin:otp:v1')
  const recoveryKey = derive('airlock:secure-origin:recovery-material:v1')
  const vaultKey = derive('airlock:secure-origin:device-vault:v1')
  return {
    otpHash: (purpose, email, code) => createHmac('sha256', codeKey).update(`${purpose}\n${email}\n${code}`, 'utf8').digest('hex'),
    recoveryMaterial: (userId) => createHmac('sha256', recoveryKey).update(userId, 'utf8').digest(),
    deviceVaultKey: (userId, deviceHash) => createHmac('sha256', vaultKey).update(`${userId}\n${deviceHash}`, 'utf8').digest(),
  }
}

/**
 * The secret as configured: base64/base64url or hex text of at least 32 bytes. Undefined when the
 * text decodes to fewer bytes.
 */
export function decodeSecret(text: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]+$/.test(text) && text.length % 2 === 0 ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url')
  return bytes.length >= MIN_SECRET_BYTES ? bytes : undefined
}
