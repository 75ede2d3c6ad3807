import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { MIN_SECRET_BYTES } from '../../platform/security/tokens'

/**
 * The key service's own secret, never the secure origin's: it seals the stored recovery key
 * material, keys the code hashes, and derives each browser's cookie-vault key with the browser's
 * cookie. Its store without this secret opens nothing; with it, still no key share (those are the
 * secure origin's) nor any vault key (those need the cookie).
 */
export interface KeyServiceKeys {
  sealMaterial(userId: string, keyId: string, material: Uint8Array): Uint8Array
  openMaterial(userId: string, keyId: string, sealed: Uint8Array): Uint8Array
  codeHash(userId: string, deviceHash: string, code: string): string
  /**
   * The key of one browser's cookie vault for one user, from the browser's raw key-service cookie,
   * which the store never holds (only a salted verifier): the store plus this secret derive no key.
   */
  deviceKey(userId: string, ksDeviceToken: string): Uint8Array
  /** The key of before (migration 003), from the cookie's unsalted hash that was stored: only to reseal an old vault. */
  legacyDeviceKey(userId: string, ksDeviceHash: string): Uint8Array
}

const IV_BYTES = 12
const TAG_BYTES = 16

export function keyServiceKeys(secret: Uint8Array): KeyServiceKeys {
  if (secret.length < MIN_SECRET_BYTES) throw new RangeError(`the key service secret must be at least ${MIN_SECRET_BYTES} bytes`)
  const derive = (label: string) => createHmac('sha256', secret).update(label, 'utf8').digest()
  const sealKey = derive('airlock:key-service:material-seal:v1')
  const codeKey = derive('airlock:key-service:code:v1')
  const legacyDeviceRoot = derive('airlock:key-service:device-vault:v1')
  const deviceRoot = derive('airlock:key-service:device-vault:v2')
  const aad = (userId: string, keyId: string) => Buffer.from(`${userId}\n${keyId}`, 'utf8')
  return {
    sealMaterial(userId, keyId, material) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv).setAAD(aad(userId, keyId))
      return Buffer.concat([iv, cipher.update(material), cipher.final(), cipher.getAuthTag()])
    },
    openMaterial(userId, keyId, sealed) {
      const bytes = Buffer.from(sealed)
      const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, IV_BYTES)).setAAD(aad(userId, keyId))
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()])
    },
    codeHash: (userId, deviceHash, code) => createHmac('sha256', codeKey).update(`${userId}\n${deviceHash}\n${code}`, 'utf8').digest('hex'),
    deviceKey: (userId, ksDeviceToken) => createHmac('sha256', deviceRoot).update(`${userId}\n${ksDeviceToken}`, 'utf8').digest(),
    legacyDeviceKey: (userId, ksDeviceHash) => createHmac('sha256', legacyDeviceRoot).update(`${userId}\n${ksDeviceHash}`, 'utf8').digest(),
  }
}
