import { aesGcmOpen, aesGcmSeal, view, type AesGcmEnvelope } from './aesGcm'

/**
 * The recovery share, sealed before it leaves the secure frame.
 *
 * Who holds what (2-of-3 Shamir over the seed entropy, shares.ts):
 *
 * | party                                   | holds                                               |
 * | --------------------------------------- | --------------------------------------------------- |
 * | this device (secure origin)             | its share: IndexedDB, wrapped by a non-extractable  |
 * |                                         | key; or, without storage, a partitioned cookie      |
 * |                                         | sealed under a key from the key service (vault.ts)  |
 * | secure-origin server database           | auth share, sealed recovery share, passkey-sealed   |
 * |                                         | copies of device shares (ciphertext only)           |
 * | key service (own process, secret, DB)   | the recovery key material of each wallet creation,  |
 * |                                         | released only for its own second factor (audited)   |
 * | the user's passkey (PRF)                | the key of a passkey-sealed copy (passkey.ts)       |
 * | widget origin, dapp page                | public addresses and signatures only, never a share |
 *
 * Known device: its share + the auth share. New device: the auth share + the recovery share,
 * opened with the key service's material once the user passed the key service's code check; or
 * a passkey-sealed copy of a device share, opened by the passkey. The seed exists only in the
 * secure frame's memory.
 *
 * So no single party reconstructs the seed: the secure-origin database and its secret have one
 * usable share and ciphertexts; the key service has no share; the widget and the dapp nothing.
 * Stated, not solved: whoever controls the account's email (its second factor) and one of its
 * logins can add a device; the secure-origin and key-service operators together can rebuild
 * seeds; code served on the secure origin sees the seed while it signs (pin it with CSP, review).
 */
export type SealedRecoveryShare = AesGcmEnvelope

const LABEL = 'airlock:recovery-share:v1'
const HKDF_SALT = new TextEncoder().encode('airlock:recovery-key:salt:v1')
const MIN_MATERIAL_BYTES = 32

/**
 * AES-256-GCM key (non-extractable) = HKDF-SHA256(ikm = recoveryKeyMaterial, salt = fixed label,
 * info = label + userId). Binding the user id means a sealed share and the material of one user do
 * not open another user's share, even if the key service hands out the wrong record.
 */
export async function deriveRecoveryKey(recoveryKeyMaterial: Uint8Array, userId: string): Promise<CryptoKey> {
  if (recoveryKeyMaterial.length < MIN_MATERIAL_BYTES) throw new RangeError('recovery key material must be at least 32 bytes')
  if (!userId) throw new Error('userId is required')
  const ikm = await crypto.subtle.importKey('raw', view(recoveryKeyMaterial), 'HKDF', false, ['deriveKey'])
  const info = new TextEncoder().encode(`airlock:recovery-key:v1:${userId}`)
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: HKDF_SALT, info }, ikm, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ])
}

export function sealRecoveryShare(share: Uint8Array, recoveryKey: CryptoKey): Promise<SealedRecoveryShare> {
  return aesGcmSeal(recoveryKey, share, LABEL)
}

export function openRecoveryShare(sealed: SealedRecoveryShare, recoveryKey: CryptoKey): Promise<Uint8Array> {
  return aesGcmOpen(recoveryKey, sealed, LABEL)
}

/** The stored form: version 2 | the key service's material id (16 bytes) | iv (12) | ciphertext + tag. */
const STORED_VERSION = 2
const KEY_ID_BYTES = 16
const IV_BYTES = 12

export function encodeSealedRecovery(keyId: string, sealed: SealedRecoveryShare): Uint8Array {
  const id = uuidBytes(keyId)
  return new Uint8Array([STORED_VERSION, ...id, ...sealed.iv, ...sealed.ciphertext])
}

export function decodeSealedRecovery(bytes: Uint8Array): { keyId: string; sealed: SealedRecoveryShare } {
  const header = 1 + KEY_ID_BYTES + IV_BYTES
  if (bytes[0] !== STORED_VERSION || bytes.length <= header) throw new Error('the sealed recovery share has an unknown format')
  const hex = Array.from(bytes.subarray(1, 1 + KEY_ID_BYTES), (byte) => byte.toString(16).padStart(2, '0')).join('')
  const keyId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  return { keyId, sealed: { v: 1, iv: bytes.slice(1 + KEY_ID_BYTES, header), ciphertext: bytes.slice(header) } }
}

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '')
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error('the key id must be a UUID')
  return Uint8Array.from({ length: KEY_ID_BYTES }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16))
}
