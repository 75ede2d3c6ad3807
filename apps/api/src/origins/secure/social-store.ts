import { randomUUID } from 'node:crypto'
import type { Database } from '../../platform/db/database'
import { findUserByEmail, type SecureUser, userOf } from './store'

/** SQL of social login (tables of migrations/021_secure_social.sql and 023_secure_social_binding.sql). */

export type SocialLoginStatus = 'pending' | 'completed' | 'link-required' | 'failed' | 'claimed'

/** A provider identity as the ID token gives it (the email verified by the provider). */
export interface SocialIdentity {
  provider: string
  subject: string
  email: string
  name: string | null
}

export interface SocialLogin {
  /** SHA-256 of the flow token F: the frame's handle on this login. */
  flowHash: string
  provider: string
  deviceHash: string
  codeVerifier: string
  nonce: string
  status: SocialLoginStatus
  /** The user once completed; for 'link-required', the existing user of the email. */
  userId: string | null
  failure: string | null
  /** SHA-256 of the binder in the popup's cookie; null until the popup has bound the flow. */
  binderHash: string | null
  /** SHA-256 of the one-time proof its callback page posted to the frame. */
  proofHash: string | null
  /** The identity a 'link-required' login would link to `userId`. */
  link: Omit<SocialIdentity, 'provider'> | null
  createdAt: Date
  expiresAt: Date
}

export async function insertSocialLogin(
  db: Database,
  login: Pick<SocialLogin, 'flowHash' | 'provider' | 'deviceHash' | 'codeVerifier' | 'nonce' | 'createdAt' | 'expiresAt'>,
): Promise<void> {
  await db.query(
    `INSERT INTO secure_social_logins (flow_hash, provider, device_hash, code_verifier, nonce, status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)`,
    [login.flowHash, login.provider, login.deviceHash, login.codeVerifier, login.nonce, login.createdAt, login.expiresAt],
  )
  // Housekeeping: attempts dead for a day are of no use to anyone.
  await db.query("DELETE FROM secure_social_logins WHERE expires_at < $1::timestamptz - interval '1 day'", [login.createdAt])
}

const SELECT_LOGIN = `SELECT flow_hash AS "flowHash", provider, device_hash AS "deviceHash", code_verifier AS "codeVerifier", nonce,
       status, user_id AS "userId", failure, binder_hash AS "binderHash", proof_hash AS "proofHash",
       link_subject AS "linkSubject", link_email AS "linkEmail", link_name AS "linkName",
       created_at AS "createdAt", expires_at AS "expiresAt"
  FROM secure_social_logins`

type LoginRow = Omit<SocialLogin, 'link'> & { linkSubject: string | null; linkEmail: string | null; linkName: string | null }

function loginOf(row: LoginRow | undefined): SocialLogin | undefined {
  if (!row) return undefined
  const { linkSubject, linkEmail, linkName, ...login } = row
  return {
    ...login,
    link: linkSubject !== null && linkEmail !== null ? { subject: linkSubject, email: linkEmail, name: linkName } : null,
    createdAt: new Date(row.createdAt),
    expiresAt: new Date(row.expiresAt),
  }
}

/** The login of this flow token hash (the frame's claim, the popup's start page). */
export async function findSocialLogin(db: Database, flowHash: string): Promise<SocialLogin | undefined> {
  return loginOf((await db.query<LoginRow>(`${SELECT_LOGIN} WHERE flow_hash = $1`, [flowHash])).rows[0])
}

/** The login the provider sent back, by the hash of the OAuth state its popup bound it with. */
export async function findSocialLoginByOAuthState(db: Database, oauthStateHash: string): Promise<SocialLogin | undefined> {
  return loginOf((await db.query<LoginRow>(`${SELECT_LOGIN} WHERE oauth_state_hash = $1`, [oauthStateHash])).rows[0])
}

/**
 * Binds a pending, live, not yet bound login to the popup's browser (its binder) and OAuth state;
 * false when it was bound already (a login is bound once), or is no longer pending or live.
 */
export async function bindSocialLogin(
  db: Database,
  flowHash: string,
  binding: { binderHash: string; oauthStateHash: string },
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ flow_hash: string }>(
    `UPDATE secure_social_logins SET binder_hash = $2, oauth_state_hash = $3, bound_at = $4
      WHERE flow_hash = $1 AND status = 'pending' AND binder_hash IS NULL AND expires_at > $4 RETURNING flow_hash`,
    [flowHash, binding.binderHash, binding.oauthStateHash, now],
  )
  return rows.length === 1
}

/**
 * Moves a login from `from` to its next status; false when another request moved it first (so a
 * callback runs once and a result is claimed once).
 */
export async function finishSocialLogin(
  db: Database,
  flowHash: string,
  from: SocialLoginStatus,
  to: {
    status: SocialLoginStatus
    userId?: string
    failure?: string
    proofHash?: string
    link?: Omit<SocialIdentity, 'provider'>
  },
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ flow_hash: string }>(
    `UPDATE secure_social_logins SET status = $3, user_id = COALESCE($4, user_id), failure = $5, finished_at = $6,
            proof_hash = COALESCE($7, proof_hash), link_subject = COALESCE($8, link_subject), link_email = COALESCE($9, link_email),
            link_name = COALESCE($10, link_name)
      WHERE flow_hash = $1 AND status = $2 RETURNING flow_hash`,
    [
      flowHash,
      from,
      to.status,
      to.userId ?? null,
      to.failure ?? null,
      now,
      to.proofHash ?? null,
      to.link?.subject ?? null,
      to.link?.email ?? null,
      to.link?.name ?? null,
    ],
  )
  return rows.length === 1
}

/** What the callback makes of a provider identity. */
export type SocialUserOutcome = { linked: SecureUser } | { linkRequired: SecureUser }

/**
 * The user of this provider identity: the one already linked, else a new user for a new (verified)
 * email with the identity linked to it. An identity whose email an existing account already has is
 * NOT linked here: only a session of that account may confirm the link (linkSocialIdentity at the
 * claim), so a provider account that merely shares an email cannot take a wallet over. A new user
 * holds the email unproven (email_proven_at NULL): the provider's word does not make it the account
 * an email login opens (store.ts findOrInsertUser), or a provider that vouches for an email its
 * owner never held there would plant a wallet for the owner to use.
 */
export async function findOrCreateSocialUser(db: Database, identity: SocialIdentity, now: Date): Promise<SocialUserOutcome> {
  const linked = await findLinkedUser(db, identity)
  if (linked) return { linked }
  const existing = await findUserByEmail(db, identity.email)
  if (existing) return { linkRequired: existing }
  const { rows } = await db.query<{ id: string; email: string }>(
    'INSERT INTO secure_users (id, email, created_at) VALUES ($1, $2, $3) ON CONFLICT ((lower(email))) DO NOTHING RETURNING id, email',
    [randomUUID(), identity.email, now],
  )
  const created = rows[0]
  if (!created) {
    // Another login created the user of this email meanwhile: it is an existing account now.
    const raced = await findUserByEmail(db, identity.email)
    if (!raced) throw new Error('secure_users: the user of this email vanished right after a conflicting insert')
    return { linkRequired: raced }
  }
  return { linked: await linkSocialIdentity(db, identity, created.id, now) }
}

/** Links the identity to `userId` unless it is linked already; the user it is linked to. */
export async function linkSocialIdentity(db: Database, identity: SocialIdentity, userId: string, now: Date): Promise<SecureUser> {
  await db.query(
    `INSERT INTO secure_social_identities (provider, subject, user_id, email, name, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (provider, subject) DO NOTHING`,
    [identity.provider, identity.subject, userId, identity.email, identity.name, now],
  )
  const user = await findLinkedUser(db, identity)
  if (!user) throw new Error('secure_social_identities: the identity vanished right after its insert')
  return user
}

async function findLinkedUser(db: Database, identity: Pick<SocialIdentity, 'provider' | 'subject'>): Promise<SecureUser | undefined> {
  const { rows } = await db.query<{ id: string; email: string | null }>(
    `SELECT u.id, u.email FROM secure_social_identities i JOIN secure_users u ON u.id = i.user_id
      WHERE i.provider = $1 AND i.subject = $2`,
    [identity.provider, identity.subject],
  )
  return rows[0] && userOf(rows[0])
}

export async function findUserById(db: Database, id: string): Promise<SecureUser | undefined> {
  const { rows } = await db.query<{ id: string; email: string | null }>('SELECT id, email FROM secure_users WHERE id = $1', [id])
  return rows[0] && userOf(rows[0])
}
