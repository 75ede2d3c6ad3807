import { randomUUID } from 'node:crypto'
import type { Database } from '../../platform/db/database'
import { type SecureUser, userOf } from './store'

/** SQL of Sign In With Farcaster (migrations/022_secure_farcaster.sql, identities in secure_social_identities). */

export type FarcasterLoginStatus = 'pending' | 'failed' | 'claimed'

/** The identity provider name Farcaster users are linked under in secure_social_identities. */
export const FARCASTER_PROVIDER = 'farcaster'

export interface FarcasterLogin {
  channelTokenHash: string
  nonce: string
  deviceHash: string
  status: FarcasterLoginStatus
  failure: string | null
  createdAt: Date
  expiresAt: Date
}

export async function insertFarcasterLogin(
  db: Database,
  login: Pick<FarcasterLogin, 'channelTokenHash' | 'nonce' | 'deviceHash' | 'createdAt' | 'expiresAt'>,
): Promise<void> {
  await db.query(
    `INSERT INTO secure_farcaster_logins (channel_token_hash, nonce, device_hash, status, created_at, expires_at)
     VALUES ($1, $2, $3, 'pending', $4, $5)`,
    [login.channelTokenHash, login.nonce, login.deviceHash, login.createdAt, login.expiresAt],
  )
  // Housekeeping: attempts dead for a day are of no use to anyone.
  await db.query("DELETE FROM secure_farcaster_logins WHERE expires_at < $1::timestamptz - interval '1 day'", [login.createdAt])
}

export async function findFarcasterLogin(db: Database, channelTokenHash: string): Promise<FarcasterLogin | undefined> {
  const { rows } = await db.query<FarcasterLogin>(
    `SELECT channel_token_hash AS "channelTokenHash", nonce, device_hash AS "deviceHash", status, failure,
            created_at AS "createdAt", expires_at AS "expiresAt"
       FROM secure_farcaster_logins WHERE channel_token_hash = $1`,
    [channelTokenHash],
  )
  const row = rows[0]
  return row && { ...row, createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) }
}

/** Moves a pending login on; false when another request moved it first (so a channel is claimed once). */
export async function finishFarcasterLogin(
  db: Database,
  channelTokenHash: string,
  to: { status: 'claimed'; fid: number } | { status: 'failed'; failure: string },
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ channel_token_hash: string }>(
    `UPDATE secure_farcaster_logins SET status = $2, fid = $3, failure = $4, finished_at = $5
      WHERE channel_token_hash = $1 AND status = 'pending' RETURNING channel_token_hash`,
    [channelTokenHash, to.status, to.status === 'claimed' ? to.fid : null, to.status === 'failed' ? to.failure : null, now],
  )
  return rows.length === 1
}

/**
 * The user of this fid: the one already linked (their username kept up to date), else a new user
 * without email, linked now. Two racing first sign-ins of one fid get the same user.
 */
export async function findOrLinkFarcasterUser(
  db: Database,
  identity: { fid: number; username: string | null },
  now: Date,
): Promise<SecureUser> {
  const subject = String(identity.fid)
  const linked = async () => {
    const { rows } = await db.query<{ id: string; email: string | null }>(
      `UPDATE secure_social_identities i SET name = COALESCE($3, i.name) FROM secure_users u
        WHERE u.id = i.user_id AND i.provider = $1 AND i.subject = $2 RETURNING u.id, u.email`,
      [FARCASTER_PROVIDER, subject, identity.username],
    )
    return rows[0] && userOf(rows[0])
  }
  const known = await linked()
  if (known) return known
  const id = randomUUID()
  await db.query('INSERT INTO secure_users (id, email, created_at) VALUES ($1, NULL, $2)', [id, now])
  const { rows } = await db.query<{ user_id: string }>(
    `INSERT INTO secure_social_identities (provider, subject, user_id, email, name, created_at) VALUES ($1, $2, $3, NULL, $4, $5)
     ON CONFLICT (provider, subject) DO NOTHING RETURNING user_id`,
    [FARCASTER_PROVIDER, subject, id, identity.username, now],
  )
  if (rows[0]) return { id }
  // Another sign-in linked this fid meanwhile: use its user, drop ours.
  await db.query('DELETE FROM secure_users WHERE id = $1', [id])
  const winner = await linked()
  if (!winner) throw new Error('secure_social_identities: the farcaster identity vanished right after a conflict')
  return winner
}
