import { aesGcmOpen, aesGcmSeal, type AesGcmEnvelope } from './aesGcm'

/**
 * The device share at rest. A per-user AES-256-GCM key is generated with `extractable: false`, so
 * its bytes never exist in JavaScript: the browser keeps them, and IndexedDB stores the CryptoKey
 * object by structured clone. Script running on the secure origin can still *use* the key (that is
 * the point), but it cannot export it, and a copy of the IndexedDB files taken off the disk holds
 * the key only in the browser's own storage format, not as a readable field beside the ciphertext.
 */
export type WrappedDeviceShare = AesGcmEnvelope

const LABEL = 'airlock:device-share:v1'

export function generateDeviceKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
}

export function wrapDeviceShare(share: Uint8Array, key: CryptoKey): Promise<WrappedDeviceShare> {
  return aesGcmSeal(key, share, LABEL)
}

export function unwrapDeviceShare(wrapped: WrappedDeviceShare, key: CryptoKey): Promise<Uint8Array> {
  return aesGcmOpen(key, wrapped, LABEL)
}
