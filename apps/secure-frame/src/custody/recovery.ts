import { aesGcmOpen, aesGcmSeal, view, type AesGcmEnvelope } from './aesGcm'

/**
 * The recovery share, sealed before it leaves the secure frame.
 *
 * Who holds what (2-of-3 Shamir over the seed entropy, shares.ts):
 *
 * | party                                   | holds                                               |
 * | --------------------------------------- | --------------------------------------------------- |
 * | this device (secure origin IndexedDB)   | device share, AES-GCM wrapped by a non-extractable  |
 * |                                         | key that only the secure origin can use             |
 * | secure-frame server database            | auth share (plaintext at the application layer),    |
 * |                                         | sealed recovery share (ciphertext + iv)             |
 * | key service (KMS / HSM secret, separate | recovery key material, one 32-byte secret per user  |
 * |   from the database and its backups)    | (or derived per user from a KMS-held master key)    |
 * | widget origin, dapp page                | public addresses and signatures only, never a share |
 *
 * Normal sign-in on a known device: device share + auth share (released to the authenticated
 * session). Recovery on a new device: auth share + sealed recovery share, opened with the key
 * derived here from material the key service releases to the same authenticated session (it should
 * ask for a fresh second factor first). The seed exists only in the secure frame's memory.
 *
 * So no single party reconstructs the seed: the database alone (dump, backup, SQL injection) has
 * one usable share and one ciphertext; the key service alone has no share; the device alone has one
 * share; the widget and the dapp have nothing. This holds ONLY IF the recovery key material is not
 * in the database: it must live in a separate key service or KMS secret whose credentials the
 * database and its operators do not have, and which checks the user's session itself.
 *
 * What this does not protect against (stated, not solved):
 * - Whoever can authenticate as the user (the user's email or social account, or the auth server's
 *   signing key) can run recovery and obtain the seed. Login is the root of authority; a
 *   user-chosen recovery passcode mixed into the material would change that, at the cost of lost
 *   passcodes meaning lost funds.
 * - An attacker holding BOTH the database and the key service (or the server process if it can read
 *   the database and call the key service on its own, without a user session) can reconstruct.
 *   Deploy them with separate credentials and audit key-service releases.
 * - Code served on the secure origin sees the seed while it signs: a malicious or compromised
 *   secure-frame deployment is inside the trust boundary (pin it with CSP, SRI and review).
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
