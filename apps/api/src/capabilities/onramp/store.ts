import type { Database } from '../../platform/db/database'
import { runPeriodically, type PeriodicTask } from '../../platform/db/periodic'
import type { Cursor } from '../history/cursor'

/** Storage of the on-ramp sandbox (migrations 011, 025). Addresses lowercase. */

export interface SessionRow {
  id: string
  project_id: string
  provider: string
  partner_user_id: string
  chain: string
  destination: string
  asset: string
  payment_currency: string
  preset_fiat_cents: string | null
  preset_crypto_units: string | null
  status: 'open' | 'paid'
  created_at: Date
  expires_at: Date
}

export type PurchaseStatus = 'pending' | 'success' | 'failed'

export interface PurchaseRow {
  id: string
  session_id: string
  provider: string
  partner_user_id: string
  chain: string
  destination: string
  sent_from: string
  asset: string
  asset_name: string
  token_address: string | null
  decimals: number
  crypto_units: string
  usd_price: string
  payment_currency: string
  payment_total: string
  payment_subtotal: string
  provider_fee: string
  network_fee: string
  status: PurchaseStatus
  tx_hash: string | null
  nonce: string | null
  error: string | null
  created_at: Date
  updated_at: Date
}

export type NewSession = Omit<SessionRow, 'status'>

export async function insertSession(db: Database, session: NewSession): Promise<void> {
  await db.query(
    `INSERT INTO onramp_sessions (id, project_id, provider, partner_user_id, chain, destination, asset, payment_currency,
       preset_fiat_cents, preset_crypto_units, status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open', $11, $12)`,
    [
      session.id,
      session.project_id,
      session.provider,
      session.partner_user_id,
      session.chain,
      session.destination.toLowerCase(),
      session.asset,
      session.payment_currency,
      session.preset_fiat_cents,
      session.preset_crypto_units,
      session.created_at.toISOString(),
      session.expires_at.toISOString(),
    ],
  )
}

/**
 * Inserts the session unless its user (project and partner user id) already holds `max` open,
 * unexpired ones; then answers when the first of those expires. The user's lock makes the count
 * and the insert one step, so parallel requests cannot slip past the cap.
 */
export async function insertSessionCapped(
  db: Database,
  session: NewSession,
  max: number,
): Promise<{ inserted: true } | { inserted: false; retryAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT 1 FROM pg_advisory_xact_lock(hashtext($1))`, [`onramp:${session.project_id}:${session.partner_user_id}`])
    const { rows } = await tx.query<{ expires_at: Date }>(
      `SELECT expires_at FROM onramp_sessions
       WHERE project_id = $1 AND partner_user_id = $2 AND status = 'open' AND expires_at > $3
       ORDER BY expires_at LIMIT $4`,
      [session.project_id, session.partner_user_id, session.created_at.toISOString(), max],
    )
    if (rows.length >= max) return { inserted: false, retryAt: rows[0]!.expires_at }
    await insertSession(tx, session)
    return { inserted: true }
  })
}

/** Deletes open sessions that expired before `before` (paid ones stay: their purchase refers to them); how many went. */
export async function purgeExpiredSessions(db: Database, before: Date): Promise<number> {
  const { rows } = await db.query<{ sessions: number }>(
    `WITH gone AS (DELETE FROM onramp_sessions WHERE status = 'open' AND expires_at < $1 RETURNING 1) SELECT count(*)::int AS sessions FROM gone`,
    [before.toISOString()],
  )
  return rows[0]!.sessions
}

/** Expired sessions still answer 'Checkout expired' this long, then are purged (and answer 404). */
export const SESSION_PURGE_GRACE_MS = 60 * 60_000
export const SESSION_PURGE_INTERVAL_MS = 10 * 60_000

/** The purge at start and every 10 minutes. */
export function startSessionPurge(db: Database, now: () => number): PeriodicTask {
  return runPeriodically('onramp session purge', SESSION_PURGE_INTERVAL_MS, () =>
    purgeExpiredSessions(db, new Date(now() - SESSION_PURGE_GRACE_MS)),
  )
}

export async function getSession(db: Database, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT id, project_id, provider, partner_user_id, chain, destination, asset, payment_currency,
            preset_fiat_cents::text AS preset_fiat_cents, preset_crypto_units::text AS preset_crypto_units, status, created_at, expires_at
     FROM onramp_sessions WHERE id = $1`,
    [id],
  )
  return rows[0]
}

/** Marks an open, unexpired session paid; false when it was paid already (a replay) or has expired. */
export async function claimSession(db: Database, id: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE onramp_sessions SET status = 'paid' WHERE id = $1 AND status = 'open' AND expires_at > $2 RETURNING id`,
    [id, now.toISOString()],
  )
  return rows.length === 1
}

export type NewPurchase = Omit<PurchaseRow, 'tx_hash' | 'nonce' | 'error' | 'updated_at'>

export async function insertPurchase(db: Database, p: NewPurchase): Promise<void> {
  await db.query(
    `INSERT INTO onramp_purchases (id, session_id, provider, partner_user_id, chain, destination, sent_from, asset, asset_name, token_address,
       decimals, crypto_units, usd_price, payment_currency, payment_total, payment_subtotal, provider_fee, network_fee, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20)`,
    [
      p.id,
      p.session_id,
      p.provider,
      p.partner_user_id,
      p.chain,
      p.destination.toLowerCase(),
      p.sent_from.toLowerCase(),
      p.asset,
      p.asset_name,
      p.token_address?.toLowerCase() ?? null,
      p.decimals,
      p.crypto_units,
      p.usd_price,
      p.payment_currency,
      p.payment_total,
      p.payment_subtotal,
      p.provider_fee,
      p.network_fee,
      p.status,
      p.created_at.toISOString(),
    ],
  )
}

export async function settlePurchase(
  db: Database,
  id: string,
  outcome: { status: 'success'; txHash: string; nonce: number } | { status: 'failed'; txHash?: string; nonce?: number; error: string },
  now: Date,
): Promise<void> {
  await db.query(`UPDATE onramp_purchases SET status = $2, tx_hash = $3, nonce = $4, error = $5, updated_at = $6 WHERE id = $1`, [
    id,
    outcome.status,
    outcome.txHash?.toLowerCase() ?? null,
    outcome.nonce ?? null,
    outcome.status === 'failed' ? outcome.error : null,
    now.toISOString(),
  ])
}

export async function purchaseOfSession(db: Database, sessionId: string): Promise<PurchaseRow | undefined> {
  const { rows } = await db.query<PurchaseRow>(`${SELECT_PURCHASE} WHERE session_id = $1`, [sessionId])
  return rows[0]
}

/** A destination's purchases through `provider`, newest first, after an `o` cursor. */
export async function listPurchases(
  db: Database,
  options: {
    destination: string
    provider: string
    chains: readonly string[] | null
    cursor?: Extract<Cursor, { kind: 'o' }>
    limit: number
  },
): Promise<PurchaseRow[]> {
  const params: unknown[] = [options.destination.toLowerCase(), options.provider]
  const where = ['destination = $1', 'provider = $2']
  if (options.chains) {
    params.push([...options.chains])
    where.push(`chain = ANY($${params.length}::text[])`)
  }
  if (options.cursor) {
    params.push(options.cursor.createdAt, options.cursor.id)
    where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::text)`)
  }
  params.push(options.limit)
  const { rows } = await db.query<PurchaseRow>(
    `${SELECT_PURCHASE} WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  )
  return rows
}

const SELECT_PURCHASE = `SELECT id, session_id, provider, partner_user_id, chain, destination, sent_from, asset, asset_name, token_address, decimals,
  crypto_units::text AS crypto_units, usd_price, payment_currency, payment_total, payment_subtotal, provider_fee, network_fee, status, tx_hash,
  nonce::text AS nonce, error, created_at, updated_at FROM onramp_purchases`
