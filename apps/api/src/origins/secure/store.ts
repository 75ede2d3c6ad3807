import { randomUUID } from 'node:crypto'
import type { Database } from '../../platform/db/database'

/** SQL of the secure-frame server (tables of migrations/020_secure_frame.sql). */

export type OtpPurpose = 'login' | 'update-primary' | 'update-secondary'

export interface SecureUser {
  id: string
  /** Absent for a user who signed in with Farcaster only (migration 022 made the column nullable). */
  email?: string
}

/** A user found by their email, who therefore has one. */
export type EmailUser = SecureUser & { email: string }

/** A `secure_users` row as the API speaks it: no `email` key when the column is NULL. */
export function userOf(row: { id: string; email: string | null }): SecureUser {
  return row.email === null ? { id: row.id } : { id: row.id, email: row.email }
}

export interface SecureDevice {
  id: string
  userId: string
  verifiedAt: Date | null
}

export interface SecureSession {
  tokenHash: string
  user: SecureUser
  deviceId: string
  /** SHA-256 (hex) of the device token the session was opened on. */
  deviceHash: string
  createdAt: Date
  expiresAt: Date
}

export interface StoredOtp {
  id: string
  email: string
  purpose: OtpPurpose
  codeHash: string
  deviceHash: string | null
  userId: string | null
  newEmail: string | null
  createdAt: Date
  expiresAt: Date
  tries: number
}

export async function findUserByEmail(db: Database, email: string): Promise<EmailUser | undefined> {
  const { rows } = await db.query<EmailUser>('SELECT id, email FROM secure_users WHERE lower(email) = lower($1)', [email])
  return rows[0]
}

/**
 * The user an email code has just proven `email` for, on the device `deviceHash`; created now if
 * there is none (two racing first logins get the same user). An account whose email only a social
 * provider asserted (social-store.ts) is joined only from a device it already knows: there the
 * same person proves the email now. From any other device the email's owner gets an account of
 * their own and that account loses the email, as its wallet is whoever's held that provider
 * identity (a pre-hijack, issue 23), and an email's owner must never be locked out of it either.
 */
export async function findOrInsertUser(db: Database, email: string, deviceHash: string, now: Date): Promise<EmailUser> {
  const { rows } = await db.query<{ id: string; proven: boolean }>(
    'SELECT id, email_proven_at IS NOT NULL AS proven FROM secure_users WHERE lower(email) = lower($1) FOR UPDATE',
    [email],
  )
  const holder = rows[0]
  if (holder && !holder.proven) {
    const sameDevice = (await findDevice(db, holder.id, deviceHash)) !== undefined
    await db.query(
      sameDevice ? 'UPDATE secure_users SET email_proven_at = $2 WHERE id = $1' : 'UPDATE secure_users SET email = NULL WHERE id = $1',
      sameDevice ? [holder.id, now] : [holder.id],
    )
  }
  await db.query(
    'INSERT INTO secure_users (id, email, created_at, email_proven_at) VALUES ($1, $2, $3, $3) ON CONFLICT ((lower(email))) DO NOTHING',
    [randomUUID(), email, now],
  )
  const user = await findUserByEmail(db, email)
  if (!user) throw new Error('secure_users: the user vanished right after its insert')
  return user
}

/** False when another user already has `email` (the unique index on lower(email)); the code to `email` proved it. */
export async function updateUserEmail(db: Database, userId: string, email: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE secure_users SET email = $2, email_proven_at = $3 WHERE id = $1
       AND NOT EXISTS (SELECT 1 FROM secure_users WHERE lower(email) = lower($2) AND id <> $1)
     RETURNING id`,
    [userId, email, now],
  )
  return rows.length === 1
}

export async function findDevice(db: Database, userId: string, tokenHash: string): Promise<SecureDevice | undefined> {
  const { rows } = await db.query<SecureDevice>(
    'SELECT id, user_id AS "userId", verified_at AS "verifiedAt" FROM secure_devices WHERE user_id = $1 AND token_hash = $2',
    [userId, tokenHash],
  )
  return rows[0]
}

/** The user's device with this token, created if new, marked verified now if it was not. */
export async function upsertVerifiedDevice(db: Database, userId: string, tokenHash: string, now: Date): Promise<SecureDevice> {
  const { rows } = await db.query<SecureDevice>(
    `INSERT INTO secure_devices (id, user_id, token_hash, created_at, verified_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (user_id, token_hash) DO UPDATE SET verified_at = COALESCE(secure_devices.verified_at, EXCLUDED.verified_at)
     RETURNING id, user_id AS "userId", verified_at AS "verifiedAt"`,
    [randomUUID(), userId, tokenHash, now],
  )
  return rows[0]!
}

export async function insertSession(
  db: Database,
  session: { tokenHash: string; userId: string; deviceId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO secure_sessions (token_hash, user_id, device_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    session.tokenHash,
    session.userId,
    session.deviceId,
    session.createdAt,
    session.expiresAt,
  ])
}

/** The live session with this token hash (expired ones are not returned). */
export async function findSession(db: Database, tokenHash: string, now: Date): Promise<SecureSession | undefined> {
  const { rows } = await db.query<{
    tokenHash: string
    userId: string
    email: string | null
    deviceId: string
    deviceHash: string
    createdAt: Date
    expiresAt: Date
  }>(
    `SELECT s.token_hash AS "tokenHash", u.id AS "userId", u.email, s.device_id AS "deviceId", d.token_hash AS "deviceHash",
            s.created_at AS "createdAt", s.expires_at AS "expiresAt"
       FROM secure_sessions s JOIN secure_users u ON u.id = s.user_id JOIN secure_devices d ON d.id = s.device_id
      WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [tokenHash, now],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    tokenHash: row.tokenHash,
    user: userOf({ id: row.userId, email: row.email }),
    deviceId: row.deviceId,
    deviceHash: row.deviceHash,
    createdAt: new Date(row.createdAt),
    expiresAt: new Date(row.expiresAt),
  }
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM secure_sessions WHERE token_hash = $1', [tokenHash])
}

/** When codes were mailed to `email` from this bucket, or from every bucket starting with `prefix` (see security/code-throttle.ts), since `since`. */
export async function codeSendTimes(
  db: Database,
  email: string,
  from: { bucket: string } | { prefix: string },
  since: Date,
): Promise<number[]> {
  const { rows } = await db.query<{ at: Date }>(
    'SELECT created_at AS at FROM secure_code_sends WHERE email = $1 AND (bucket = $2 OR ($3 AND starts_with(bucket, $2))) AND created_at > $4',
    'bucket' in from ? [email, from.bucket, false, since] : [email, from.prefix, true, since],
  )
  return rows.map((row) => new Date(row.at).getTime())
}

/** When a code was last mailed to `email` for the device `deviceHash`, whatever its bucket was then; undefined when none is kept. */
export async function lastDeviceCodeTime(db: Database, email: string, deviceHash: string): Promise<number | undefined> {
  const { rows } = await db.query<{ at: Date | null }>(
    'SELECT max(created_at) AS at FROM secure_otp_codes WHERE email = $1 AND device_hash = $2',
    [email, deviceHash],
  )
  return rows[0]?.at ? new Date(rows[0].at).getTime() : undefined
}

/**
 * Stores a new code and logs its sending. It replaces the earlier codes of the same address,
 * purpose, user and device only: a code asked for on another device stays valid.
 */
export async function replaceOtp(db: Database, otp: Omit<StoredOtp, 'id' | 'tries'>, bucket: string): Promise<string> {
  const id = randomUUID()
  await db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM secure_otp_codes WHERE email = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3
         AND device_hash IS NOT DISTINCT FROM $4`,
      [otp.email, otp.purpose, otp.userId, otp.deviceHash],
    )
    await tx.query(
      `INSERT INTO secure_otp_codes (id, email, purpose, code_hash, device_hash, user_id, new_email, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, otp.email, otp.purpose, otp.codeHash, otp.deviceHash, otp.userId, otp.newEmail, otp.createdAt, otp.expiresAt],
    )
    await tx.query('INSERT INTO secure_code_sends (code_id, email, bucket, created_at) VALUES ($1, $2, $3, $4)', [
      id,
      otp.email,
      bucket,
      otp.createdAt,
    ])
  })
  // Housekeeping: codes dead for a day, and sends older than the back-off's window, are of no use to anyone.
  await db.query("DELETE FROM secure_otp_codes WHERE expires_at < $1::timestamptz - interval '1 day'", [otp.createdAt])
  await db.query("DELETE FROM secure_code_sends WHERE created_at < $1::timestamptz - interval '2 days'", [otp.createdAt])
  return id
}

/** Forgets a code whose mail could not be sent, and its send: nothing was sent, so nothing to wait for. */
export async function deleteOtp(db: Database, id: string): Promise<void> {
  await db.query('DELETE FROM secure_otp_codes WHERE id = $1', [id])
  await db.query('DELETE FROM secure_code_sends WHERE code_id = $1', [id])
}

/**
 * The newest unused code of this purpose for this address (when `email` is given), user (null: a
 * login code, which belongs to no user yet) and device (when `deviceHash` is given).
 */
export async function findOtp(
  db: Database,
  filter: { purpose: OtpPurpose; email?: string; userId: string | null; deviceHash?: string },
): Promise<StoredOtp | undefined> {
  const { rows } = await db.query<StoredOtp>(
    `SELECT id, email, purpose, code_hash AS "codeHash", device_hash AS "deviceHash", user_id AS "userId", new_email AS "newEmail",
            created_at AS "createdAt", expires_at AS "expiresAt", tries
       FROM secure_otp_codes
      WHERE purpose = $1 AND user_id IS NOT DISTINCT FROM $2 AND ($3::text IS NULL OR email = $3)
        AND ($4::text IS NULL OR device_hash = $4) AND used_at IS NULL
      ORDER BY created_at DESC LIMIT 1`,
    [filter.purpose, filter.userId, filter.email ?? null, filter.deviceHash ?? null],
  )
  const row = rows[0]
  return row && { ...row, createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) }
}

export interface StoredShares {
  authShare: Uint8Array
  sealedRecoveryShare: Uint8Array
}

/** False when the user already has shares (they are written once). */
export async function insertShares(db: Database, userId: string, shares: StoredShares, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ user_id: string }>(
    `INSERT INTO secure_key_shares (user_id, auth_share, sealed_recovery_share, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
    [userId, Buffer.from(shares.authShare), Buffer.from(shares.sealedRecoveryShare), now],
  )
  return rows.length === 1
}

export async function findShares(db: Database, userId: string): Promise<StoredShares | undefined> {
  const { rows } = await db.query<{ authShare: Uint8Array; sealedRecoveryShare: Uint8Array }>(
    'SELECT auth_share AS "authShare", sealed_recovery_share AS "sealedRecoveryShare" FROM secure_key_shares WHERE user_id = $1',
    [userId],
  )
  const row = rows[0]
  return row && { authShare: new Uint8Array(row.authShare), sealedRecoveryShare: new Uint8Array(row.sealedRecoveryShare) }
}

export interface StoredPasskey {
  credentialId: string
  prfSalt: Uint8Array
  sealedShare: Uint8Array
}

/** False when the user already has this credential, or MAX passkeys. */
export async function insertPasskey(db: Database, userId: string, passkey: StoredPasskey, max: number, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ user_id: string }>(
    `INSERT INTO secure_passkeys (user_id, credential_id, prf_salt, sealed_share, created_at)
     SELECT $1, $2, $3, $4, $5 WHERE (SELECT count(*) FROM secure_passkeys WHERE user_id = $1) < $6
     ON CONFLICT (user_id, credential_id) DO NOTHING RETURNING user_id`,
    [userId, passkey.credentialId, Buffer.from(passkey.prfSalt), Buffer.from(passkey.sealedShare), now, max],
  )
  return rows.length === 1
}

export async function findPasskeys(db: Database, userId: string): Promise<StoredPasskey[]> {
  const { rows } = await db.query<{ credentialId: string; prfSalt: Uint8Array; sealedShare: Uint8Array }>(
    `SELECT credential_id AS "credentialId", prf_salt AS "prfSalt", sealed_share AS "sealedShare"
       FROM secure_passkeys WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  )
  return rows.map((row) => ({
    credentialId: row.credentialId,
    prfSalt: new Uint8Array(row.prfSalt),
    sealedShare: new Uint8Array(row.sealedShare),
  }))
}
