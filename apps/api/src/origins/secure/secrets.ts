import { createHmac, type KeyObject } from 'node:crypto'
import { exportPublicKey } from '../key-service/assertion'
import { ed25519FromSeed } from '../../platform/security/ed25519'
import { decodeSecret, MIN_SECRET_BYTES } from '../../platform/security/tokens'

/**
 * Keys derived from the secure-origin server's secret, one per purpose (HMAC-SHA256(secret, label)):
 * - codes are kept as HMAC(codeKey, purpose | email | code), so a database dump does not give
 *   away live codes by trying all 10^6 of them (a plain hash would);
 * - the Ed25519 key that signs the assertions the key service accepts (it holds the public key).
 * Nothing here opens a key share: the recovery key material lives in the key service alone.
 */
export interface ServerKeys {
  otpHash(purpose: string, email: string, code: string): string
  assertionKey: KeyObject
  assertionPublicKey: KeyObject
}

export function serverKeys(secret: Uint8Array): ServerKeys {
  if (secret.length < MIN_SECRET_BYTES) throw new RangeError(`the secure-origin secret must be at least ${MIN_SECRET_BYTES} bytes`)
  const derive = (label: string) => createHmac('sha256', secret).update(label, 'utf8').digest()
  const codeKey = derive('airlock:secure-origin:otp:v1')
  const { privateKey, publicKey } = ed25519FromSeed(derive('airlock:secure-origin:assertion-key:v1'))
  return {
    otpHash: (purpose, email, code) => createHmac('sha256', codeKey).update(`${purpose}\n${email}\n${code}`, 'utf8').digest('hex'),
    assertionKey: privateKey,
    assertionPublicKey: publicKey,
  }
}

/** The public key the key service is configured with for this secret (as configured: base64 or hex): base64 SPKI DER. */
export function secureOriginPublicKey(secret: string): string {
  const bytes = decodeSecret(secret)
  if (!bytes) throw new RangeError(`the secure-origin secret must be base64 or hex of at least ${MIN_SECRET_BYTES} bytes`)
  return exportPublicKey(serverKeys(bytes).assertionPublicKey)
}
