import type { Database } from '../db/database'
import { findOrInsertUser, type SecureUser, userOf } from './store'

/** SQL of social login (tables of migrations/021_secure_social.sql). */

export type SocialLoginStatus = 'pending' | 'completed' | 'failed' | 'claimed'

export interface SocialLogin {
  stateHash: string
  provider: string
  deviceHash: string
  codeVerifier: string
  nonce: string
  status: SocialLoginStatus
  userId: string | null
  failure: string | null
  createdAt: Date
  expiresAt: Date
}

export async function insertSocialLogin(
  db: Database,
  login: Pick<SocialLogin, 'stateHash' | 'provider' | 'deviceHash' | 'codeVerifier' | 'nonce' | 'createdAt' | 'expiresAt'>,
): Promise<void> {
  await db.query(
    `INSERT INTO secure_social_logins (state_hash, provider, device_hash, code_verifier, nonce, status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)`,
    [login.stateHash, login.provider, login.deviceHash, login.codeVerifier, login.nonce, login.createdAt, login.expiresAt],
  )
  // Housekeeping: attempts dead for a day are of no use to anyone.
  await db.query("DELETE FROM secure_social_logins WHERE expires_at < $1::timestamptz - interval '1 day'", [login.createdAt])
}

export async function findSocialLogin(db: Database, stateHash: string): Promise<SocialLogin | undefined> {
  const { rows } = await db.query<SocialLogin>(
    `SELECT state_hash AS "stateHash", provider, device_hash AS "deviceHash", code_verifier AS "codeVerifier", nonce, status,
            user_id AS "userId", failure, created_at AS "createdAt", expires_at AS "expiresAt"
       FROM secure_social_logins WHERE state_hash = $1`,
    [stateHash],
  )
  const row = rows[0]
  return row && { ...row, createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) }
}

/**
 * Moves a login from `from` to its next status; false when another request moved it first (so a
 * callback runs once and a result is claimed once).
 */
export async function finishSocialLogin(
  db: Database,
  stateHash: string,
  from: SocialLoginStatus,
  to: { status: SocialLoginStatus; userId?: string; failure?: string },
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ state_hash: string }>(
    `UPDATE secure_social_logins SET status = $3, user_id = COALESCE($4, user_id), failure = $5, finished_at = $6
      WHERE state_hash = $1 AND status = $2 RETURNING state_hash`,
    [stateHash, from, to.status, to.userId ?? null, to.failure ?? null, now],
  )
  return rows.length === 1
}

/**
 * The user of this provider identity: the one already linked, else the user of the (verified)
 * email, created if new, and the identity linked to it.
 */
export async function findOrLinkSocialUser(
  db: Database,
  identity: { provider: string; subject: string; email: string; name: string | null },
  now: Date,
): Promise<SecureUser> {
  const linked = await db.query<{ id: string; email: string | null }>(
    `SELECT u.id, u.email FROM secure_social_identities i JOIN secure_users u ON u.id = i.user_id
      WHERE i.provider = $1 AND i.subject = $2`,
    [identity.provider, identity.subject],
  )
  if (linked.rows[0]) return userOf(linked.rows[0])
  const user = await findOrInsertUser(db, identity.email, now)
  await db.query(
    `INSERT INTO secure_social_identities (provider, subject, user_id, email, name, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (provider, subject) DO NOTHING`,
    [identity.provider, identity.subject, user.id, identity.email, identity.name, now],
  )
  return user
}

export async function findUserById(db: Database, id: string): Promise<SecureUser | undefined> {
  const { rows } = await db.query<{ id: string; email: string | null }>('SELECT id, email FROM secure_users WHERE id = $1', [id])
  return rows[0] && userOf(rows[0])
}
