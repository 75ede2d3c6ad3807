import type { SiwxMessageData, SiwxSession } from '@airlock/protocol'
import type { Database } from '../../platform/db/database'

/** The nonces and sessions of sign-in (migration 028). */

export type NonceState = 'claimed' | 'unknown' | 'expired' | 'used'

/** Expired nonces are kept a day, so that a late message still hears its nonce expired rather than unknown. */
const NONCE_KEPT_MS = 24 * 3600_000

export async function insertNonce(db: Database, nonce: string, projectId: string, expiresAt: Date, now: Date): Promise<void> {
  await db.query('DELETE FROM siwx_nonces WHERE expires_at < $1', [new Date(now.getTime() - NONCE_KEPT_MS).toISOString()])
  await db.query('INSERT INTO siwx_nonces (nonce, project_id, expires_at) VALUES ($1, $2, $3)', [nonce, projectId, expiresAt.toISOString()])
}

/** What a claim of `nonce` would meet now (read only: the claim is what counts). */
export async function nonceState(
  db: Database,
  nonce: string,
  projectId: string,
  now: Date,
): Promise<Exclude<NonceState, 'claimed'> | 'fresh'> {
  const { rows } = await db.query<{ project_id: string; expires_at: Date | string; used_at: Date | string | null }>(
    'SELECT project_id, expires_at, used_at FROM siwx_nonces WHERE nonce = $1',
    [nonce],
  )
  const row = rows[0]
  if (!row || row.project_id !== projectId) return 'unknown'
  if (row.used_at !== null) return 'used'
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'fresh'
}

/**
 * Claims `nonce` for one sign-in: one UPDATE, so that of two API processes on one Postgres (or two
 * requests in one) exactly one sees its row; the other finds it used.
 */
export async function claimNonce(tx: Database, nonce: string, projectId: string, now: Date): Promise<NonceState> {
  const { rows } = await tx.query(
    `UPDATE siwx_nonces SET used_at = $3 WHERE nonce = $1 AND project_id = $2 AND used_at IS NULL AND expires_at > $3 RETURNING nonce`,
    [nonce, projectId, now.toISOString()],
  )
  if (rows.length === 1) return 'claimed'
  const state = await nonceState(tx, nonce, projectId, now)
  return state === 'fresh' ? 'used' : state
}

export interface StoredSiwxSession extends SiwxSession {
  projectId: string
  namespace: string
  revokedAt: string | null
}

interface Row {
  id: string
  project_id: string
  namespace: string
  data: SiwxMessageData
  message: string
  signature: string
  expires_at: Date | string
  revoked_at: Date | string | null
}

const COLUMNS = 'id, project_id, namespace, data, message, signature, expires_at, revoked_at'
const iso = (value: Date | string) => new Date(value).toISOString()
const fromRow = (row: Row): StoredSiwxSession => ({
  id: row.id,
  projectId: row.project_id,
  namespace: row.namespace,
  data: row.data,
  message: row.message,
  signature: row.signature,
  expiresAt: iso(row.expires_at),
  revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
})

export async function insertSiwxSession(tx: Database, session: Omit<StoredSiwxSession, 'revokedAt'>, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO siwx_sessions (id, project_id, namespace, caip_network_id, address, data, message, signature, issued_at, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11)`,
    [
      session.id,
      session.projectId,
      session.namespace,
      session.data.chainId,
      session.data.accountAddress,
      JSON.stringify(session.data),
      session.message,
      session.signature,
      session.data.issuedAt,
      session.expiresAt,
      now.toISOString(),
    ],
  )
}

export async function getSiwxSession(db: Database, id: string): Promise<StoredSiwxSession | undefined> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM siwx_sessions WHERE id = $1`, [id])
  return rows[0] && fromRow(rows[0])
}

/** The project's live sessions of `address` (on `caipNetworkId`, or every network), newest first. */
export async function listSiwxSessions(
  db: Database,
  query: { projectId: string; address: string; namespace: string; now: Date },
): Promise<StoredSiwxSession[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM siwx_sessions
      WHERE project_id = $1 AND address = $2 AND namespace = $3 AND revoked_at IS NULL AND expires_at > $4
      ORDER BY created_at DESC LIMIT 100`,
    [query.projectId, query.address, query.namespace, query.now.toISOString()],
  )
  return rows.map(fromRow)
}

/** Marks the session revoked; false when it already was. */
export async function revokeSiwxSession(db: Database, id: string, now: Date): Promise<boolean> {
  const { rows } = await db.query('UPDATE siwx_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id', [
    id,
    now.toISOString(),
  ])
  return rows.length === 1
}
