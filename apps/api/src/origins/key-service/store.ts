import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Database } from '../../platform/db/database'

/** SQL of the key service (migrations/001_key_service.sql). */

export interface KsUser {
  userId: string
  email: string | null
  /** Since when the account holds a passkey (email-only recovery then waits); null without one. */
  passkeyAt: Date | null
}

export async function findKsUser(db: Database, userId: string): Promise<KsUser | undefined> {
  const { rows } = await db.query<KsUser>('SELECT user_id AS "userId", email, passkey_at AS "passkeyAt" FROM ks_users WHERE user_id = $1', [
    userId,
  ])
  return rows[0]
}

/** The account holds a passkey: remembered for good (a later assertion without one does not undo it). */
export async function markPasskey(db: Database, userId: string, at: Date): Promise<void> {
  await db.query('UPDATE ks_users SET passkey_at = COALESCE(passkey_at, $2) WHERE user_id = $1', [userId, at])
}

export interface KsRecovery {
  id: string
  userId: string
  deviceHash: string
  requestedAt: Date
  opensAt: Date
  expiresAt: Date
  cancelledAt: Date | null
  match: string
  device: string
  place: string
}

const RECOVERY_COLUMNS = `id, user_id AS "userId", device_hash AS "deviceHash", requested_at AS "requestedAt", opens_at AS "opensAt",
  expires_at AS "expiresAt", cancelled_at AS "cancelledAt", match, device, place`

const recoveryOf = (row: KsRecovery): KsRecovery => ({
  ...row,
  requestedAt: new Date(row.requestedAt),
  opensAt: new Date(row.opensAt),
  expiresAt: new Date(row.expiresAt),
  cancelledAt: row.cancelledAt ? new Date(row.cancelledAt) : null,
})

export async function insertRecovery(db: Database, row: Omit<KsRecovery, 'cancelledAt'> & { cancelHash: string }): Promise<void> {
  await db.query(
    `INSERT INTO ks_recoveries (id, user_id, device_hash, requested_at, opens_at, expires_at, cancel_hash, match, device, place)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [row.id, row.userId, row.deviceHash, row.requestedAt, row.opensAt, row.expiresAt, row.cancelHash, row.match, row.device, row.place],
  )
}

/** This device's latest recovery that has not expired (cancelled ones included: a cancel holds until it would have expired). */
export async function findDeviceRecovery(db: Database, userId: string, deviceHash: string, now: Date): Promise<KsRecovery | undefined> {
  const { rows } = await db.query<KsRecovery>(
    `SELECT ${RECOVERY_COLUMNS} FROM ks_recoveries WHERE user_id = $1 AND device_hash = $2 AND expires_at > $3
      ORDER BY requested_at DESC LIMIT 1`,
    [userId, deviceHash, now],
  )
  return rows[0] && recoveryOf(rows[0])
}

/** The account's recoveries still under way (not cancelled, not expired), oldest first. */
export async function liveRecoveries(db: Database, userId: string, now: Date): Promise<KsRecovery[]> {
  const { rows } = await db.query<KsRecovery>(
    `SELECT ${RECOVERY_COLUMNS} FROM ks_recoveries WHERE user_id = $1 AND cancelled_at IS NULL AND expires_at > $2 ORDER BY requested_at`,
    [userId, now],
  )
  return rows.map(recoveryOf)
}

/** When the account's recoveries were asked for (their mails to the owner are capped). */
export async function recoveryRequestTimes(db: Database, userId: string, since: Date): Promise<number[]> {
  const { rows } = await db.query<{ requestedAt: Date }>(
    'SELECT requested_at AS "requestedAt" FROM ks_recoveries WHERE user_id = $1 AND requested_at > $2',
    [userId, since],
  )
  return rows.map((row) => new Date(row.requestedAt).getTime())
}

/** Cancels one recovery, named by its id (of this user) or by its cancel link's token hash; the cancelled one, if it was live. */
export async function cancelRecovery(
  db: Database,
  by: { userId: string; id: string } | { cancelHash: string },
  now: Date,
): Promise<KsRecovery | undefined> {
  const { rows } =
    'cancelHash' in by
      ? await db.query<KsRecovery>(
          `UPDATE ks_recoveries SET cancelled_at = $2 WHERE cancel_hash = $1 AND cancelled_at IS NULL AND expires_at > $2 RETURNING ${RECOVERY_COLUMNS}`,
          [by.cancelHash, now],
        )
      : await db.query<KsRecovery>(
          `UPDATE ks_recoveries SET cancelled_at = $3 WHERE user_id = $1 AND id = $2 AND cancelled_at IS NULL AND expires_at > $3 RETURNING ${RECOVERY_COLUMNS}`,
          [by.userId, by.id, now],
        )
  return rows[0] && recoveryOf(rows[0])
}

/** A recovery by its cancel link's token hash, whatever its state (the cancel page says which). */
export async function findRecoveryByCancelHash(db: Database, cancelHash: string): Promise<KsRecovery | undefined> {
  const { rows } = await db.query<KsRecovery>(`SELECT ${RECOVERY_COLUMNS} FROM ks_recoveries WHERE cancel_hash = $1`, [cancelHash])
  return rows[0] && recoveryOf(rows[0])
}

/** The user, created with `email` if new; an existing user keeps the email it was enrolled with. */
/**
 * The key service's user, created on its first call. An email given later fills one that is still
 * missing (a device key asked before the wallet's creation made the user without one), never
 * replaces one: the second factor goes to the email the wallet was created with.
 */
export async function enrolUser(db: Database, userId: string, email: string | null, now: Date): Promise<KsUser> {
  await db.query(
    'INSERT INTO ks_users (user_id, email, created_at) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO UPDATE SET email = COALESCE(ks_users.email, EXCLUDED.email)',
    [userId, email, now],
  )
  return (await findKsUser(db, userId))!
}

export async function insertMaterial(db: Database, row: { keyId: string; userId: string; sealed: Uint8Array; createdAt: Date }) {
  await db.query('INSERT INTO ks_materials (key_id, user_id, sealed, created_at) VALUES ($1, $2, $3, $4)', [
    row.keyId,
    row.userId,
    Buffer.from(row.sealed),
    row.createdAt,
  ])
}

export async function findMaterials(db: Database, userId: string): Promise<{ keyId: string; sealed: Uint8Array }[]> {
  const { rows } = await db.query<{ keyId: string; sealed: Uint8Array }>(
    'SELECT key_id AS "keyId", sealed FROM ks_materials WHERE user_id = $1 ORDER BY created_at',
    [userId],
  )
  return rows.map((row) => ({ keyId: row.keyId, sealed: new Uint8Array(row.sealed) }))
}

/** False when this assertion id was seen before (a replay). Forgets long-expired ids on the way. */
export async function useAssertion(db: Database, jti: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.query("DELETE FROM ks_used_assertions WHERE expires_at < $1::timestamptz - interval '1 hour'", [now])
  const { rows } = await db.query<{ jti: string }>(
    'INSERT INTO ks_used_assertions (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING RETURNING jti',
    [jti, expiresAt],
  )
  return rows.length === 1
}

export interface KsCode {
  id: string
  codeHash: string
  createdAt: Date
  expiresAt: Date
  tries: number
}

/** When codes were sent to this user: for one device, or (no device) for all of them. */
export async function codeSendTimes(db: Database, userId: string, deviceHash: string | undefined, since: Date): Promise<number[]> {
  const { rows } = await db.query<{ createdAt: Date }>(
    `SELECT created_at AS "createdAt" FROM ks_codes
      WHERE user_id = $1 AND ($2::text IS NULL OR device_hash = $2) AND created_at > $3`,
    [userId, deviceHash ?? null, since],
  )
  return rows.map((row) => new Date(row.createdAt).getTime())
}

/** A new code for (user, device); that device's earlier codes die, other devices' live on. */
export async function insertCode(
  db: Database,
  code: { userId: string; deviceHash: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const id = randomUUID()
  await db.transaction(async (tx) => {
    await tx.query('UPDATE ks_codes SET used_at = $3 WHERE user_id = $1 AND device_hash = $2 AND used_at IS NULL', [
      code.userId,
      code.deviceHash,
      code.createdAt,
    ])
    await tx.query(`INSERT INTO ks_codes (id, user_id, device_hash, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      id,
      code.userId,
      code.deviceHash,
      code.codeHash,
      code.createdAt,
      code.expiresAt,
    ])
  })
  // Kept a day past expiry: the send times drive the back-off.
  await db.query("DELETE FROM ks_codes WHERE expires_at < $1::timestamptz - interval '2 days'", [code.createdAt])
  return id
}

export async function deleteCode(db: Database, id: string): Promise<void> {
  await db.query('DELETE FROM ks_codes WHERE id = $1', [id])
}

export async function findLiveCode(db: Database, userId: string, deviceHash: string): Promise<KsCode | undefined> {
  const { rows } = await db.query<KsCode>(
    `SELECT id, code_hash AS "codeHash", created_at AS "createdAt", expires_at AS "expiresAt", tries FROM ks_codes
      WHERE user_id = $1 AND device_hash = $2 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    [userId, deviceHash],
  )
  const row = rows[0]
  return row && { ...row, createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) }
}

/** What the key service keeps of one browser: a salted verifier of its cookie, nothing a vault key derives from. */
export interface KsDevice {
  /** Names the browser in the audit: its verifier, hex. */
  id: string
  /** This is the browser's first call for the user. */
  created: boolean
  /** Its vault was sealed under the key of before migration 003: that key is due to it, this once. */
  legacyKey: boolean
}

const SALT_BYTES = 16

/** sha256(salt || sha256(token)): the inner hash is what migration 003 found stored. */
export const deviceVerifier = (salt: Uint8Array, token: string): Buffer =>
  createHash('sha256').update(salt).update(createHash('sha256').update(token, 'utf8').digest()).digest()

/**
 * The browser holding the key-service cookie `token`, recorded for the user on its first call: its
 * row is found by trying each of the user's salts, under a lock on the user so that two first calls
 * of one browser make one device.
 */
export async function touchDevice(db: Database, userId: string, token: string, now: Date): Promise<KsDevice> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM ks_users WHERE user_id = $1 FOR UPDATE', [userId])
    const { rows } = await tx.query<{ salt: Uint8Array; verifier: Uint8Array; legacyKey: boolean }>(
      'SELECT salt, verifier, legacy_key AS "legacyKey" FROM ks_devices WHERE user_id = $1',
      [userId],
    )
    const known = rows.find((row) => timingSafeEqual(deviceVerifier(row.salt, token), row.verifier))
    if (known) {
      await tx.query('UPDATE ks_devices SET last_used_at = $3, legacy_key = false WHERE user_id = $1 AND salt = $2', [
        userId,
        known.salt,
        now,
      ])
      return { id: Buffer.from(known.verifier).toString('hex'), created: false, legacyKey: known.legacyKey }
    }
    const salt = randomBytes(SALT_BYTES)
    const verifier = deviceVerifier(salt, token)
    await tx.query(
      'INSERT INTO ks_devices (user_id, salt, verifier, legacy_key, created_at, last_used_at) VALUES ($1, $2, $3, false, $4, $4)',
      [userId, salt, verifier, now],
    )
    return { id: verifier.toString('hex'), created: true, legacyKey: false }
  })
}

export interface AuditEntry {
  userId: string
  action: 'enrol' | 'recover' | 'device-key' | 'recovery-request' | 'recovery-cancel'
  factor: string | null
  deviceHash: string
  ksDeviceHash: string | null
  keyIds: string[]
  clientAddress: string | null
  userAgent: string | null
  at: Date
}

export async function audit(db: Database, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO ks_audit (at, user_id, action, factor, device_hash, ks_device_hash, key_ids, client_address, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.at,
      entry.userId,
      entry.action,
      entry.factor,
      entry.deviceHash,
      entry.ksDeviceHash,
      entry.keyIds,
      entry.clientAddress,
      entry.userAgent?.slice(0, 300) ?? null,
    ],
  )
}

export async function auditTrail(db: Database, userId: string): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditEntry>(
    `SELECT at, user_id AS "userId", action, factor, device_hash AS "deviceHash", ks_device_hash AS "ksDeviceHash",
            key_ids AS "keyIds", client_address AS "clientAddress", user_agent AS "userAgent"
       FROM ks_audit WHERE user_id = $1 ORDER BY id`,
    [userId],
  )
  return rows.map((row) => ({ ...row, at: new Date(row.at) }))
}
