import { randomUUID } from 'node:crypto'
import type { Database } from '../../platform/db/database'
import {
  checkDelegationSponsorship,
  checkSponsorship,
  utcDay,
  type DelegationRequest,
  type PaymasterPolicy,
  type Sponsorship,
  type SponsorshipRequest,
} from './policy'

/** Storage of the relay's paymaster (migration 030): policies, spend per UTC day, reservations, sent user operations. */

/** A key as a LIKE prefix: reservation ids are `<key>|<uuid>`. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

interface PolicyRow {
  project_id: string
  chains: number[]
  contracts: string[]
  daily_budget_wei: string
  max_operation_cost_wei: string | null
}

/** Writes the configured policies (at start): a project's earlier policy is replaced, others stay. */
export async function upsertPolicies(db: Database, policies: readonly PaymasterPolicy[]): Promise<void> {
  for (const policy of policies) {
    await db.query(
      `INSERT INTO paymaster_policies (project_id, chains, contracts, daily_budget_wei, max_operation_cost_wei, updated_at)
       VALUES ($1, $2::integer[], $3::text[], $4::numeric, $5::numeric, now())
       ON CONFLICT (project_id) DO UPDATE SET chains = $2::integer[], contracts = $3::text[], daily_budget_wei = $4::numeric,
         max_operation_cost_wei = $5::numeric, updated_at = now()`,
      [
        policy.projectId,
        policy.chains,
        policy.contracts,
        policy.dailyBudgetWei.toString(),
        policy.maxOperationCostWei === undefined ? null : policy.maxOperationCostWei.toString(),
      ],
    )
  }
}

export async function getPolicy(db: Database, projectId: string): Promise<PaymasterPolicy | undefined> {
  const { rows } = await db.query<PolicyRow>(
    `SELECT project_id, chains, contracts, daily_budget_wei::text AS daily_budget_wei, max_operation_cost_wei::text AS max_operation_cost_wei
     FROM paymaster_policies WHERE project_id = $1`,
    [projectId],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    projectId: row.project_id,
    chains: row.chains.map(Number),
    contracts: row.contracts as PaymasterPolicy['contracts'],
    dailyBudgetWei: BigInt(row.daily_budget_wei),
    ...(row.max_operation_cost_wei === null ? {} : { maxOperationCostWei: BigInt(row.max_operation_cost_wei) }),
  }
}

/** Settled spend plus open, unexpired reservations of the project on the chain on `now`'s UTC day. */
export async function spentToday(db: Database, projectId: string, chainId: number, now: number, excludeKey?: string): Promise<bigint> {
  const { rows } = await db.query<{ spent: string }>(
    `SELECT (COALESCE((SELECT spent_wei FROM paymaster_spend WHERE project_id = $1 AND chain_id = $2 AND day = $3::date), 0)
       + COALESCE((SELECT sum(amount_wei) FROM paymaster_reservations
           WHERE project_id = $1 AND chain_id = $2 AND day = $3::date AND state = 'reserved' AND expires_at > $4::timestamptz
             AND ($5::text IS NULL OR id NOT LIKE $5)), 0))::text AS spent`,
    [projectId, chainId, utcDay(now), new Date(now).toISOString(), excludeKey === undefined ? null : `${escapeLike(excludeKey)}|%`],
  )
  return BigInt(rows[0]?.spent ?? '0')
}

export type Reservation = { ok: true; id: string } | { ok: false; reason: string }

export interface ReserveOptions {
  now: number
  /** How long the reservation holds the budget unless settled (a paymaster approval's validity). */
  ttlMs: number
  /** The operation it is for (chain, sender, nonce): a new reservation for it releases the earlier open one. */
  key?: string
  /**
   * Check without counting the key's open reservations: the operation being sent is the one they
   * were made for, and it replaces them (else they still count while it is checked, see below).
   */
  replace?: boolean
}

/**
 * Checks `request` against `policy` and, when it passes, reserves its maximum cost: all in one
 * transaction that first locks the project's spend row for the chain and day, so two concurrent
 * reservations queue and the second sees the first (neither can take the last of a budget twice).
 */
export async function reserveSponsorship(
  db: Database,
  policy: PaymasterPolicy | undefined,
  request: SponsorshipRequest | DelegationRequest,
  options: ReserveOptions,
): Promise<Reservation> {
  const check = (spent: bigint) =>
    'calls' in request ? checkSponsorship(policy, request, spent) : checkDelegationSponsorship(policy, request, spent)
  if (!policy) return check(0n) as Reservation
  const { projectId } = policy
  const day = utcDay(options.now)
  return db.transaction(async (tx) => {
    await tx.query(`INSERT INTO paymaster_spend (project_id, chain_id, day) VALUES ($1, $2, $3::date) ON CONFLICT DO NOTHING`, [
      projectId,
      request.chainId,
      day,
    ])
    await tx.query(`SELECT 1 FROM paymaster_spend WHERE project_id = $1 AND chain_id = $2 AND day = $3::date FOR UPDATE`, [
      projectId,
      request.chainId,
      day,
    ])
    // An earlier approval for the same operation still counts while this one is checked (either
    // could be sent, never both: they share the nonce); once this one passes, it goes.
    const spent = await spentToday(tx, projectId, request.chainId, options.now, options.replace ? options.key : undefined)
    const verdict: Sponsorship = check(spent)
    if (!verdict.ok) return verdict
    if (options.key !== undefined) {
      await tx.query(`UPDATE paymaster_reservations SET state = 'released' WHERE id LIKE $1 AND state = 'reserved'`, [
        `${escapeLike(options.key)}|%`,
      ])
    }
    const id = `${options.key ?? 'op'}|${randomUUID()}`
    await tx.query(
      `INSERT INTO paymaster_reservations (id, project_id, chain_id, day, amount_wei, state, expires_at)
       VALUES ($1, $2, $3, $4::date, $5::numeric, 'reserved', $6::timestamptz)`,
      [id, projectId, request.chainId, day, request.maxCostWei.toString(), new Date(options.now + options.ttlMs).toISOString()],
    )
    return { ok: true, id }
  })
}

/** The newest open reservation made with `key`, or undefined. */
export async function openReservation(db: Database, key: string, now: number): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM paymaster_reservations WHERE id LIKE $1 AND state = 'reserved' AND expires_at > $2::timestamptz
     ORDER BY created_at DESC LIMIT 1`,
    [`${escapeLike(key)}|%`, new Date(now).toISOString()],
  )
  return rows[0]?.id
}

/**
 * Replaces the reservation by the gas actually paid, counted on the day it was reserved; false
 * when it is not open (already settled or released).
 */
export async function settleReservation(db: Database, id: string, actualWei: bigint): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ project_id: string; chain_id: number; day: string }>(
      `UPDATE paymaster_reservations SET state = 'settled', settled_wei = $2::numeric WHERE id = $1 AND state = 'reserved'
       RETURNING project_id, chain_id, day::text AS day`,
      [id, actualWei.toString()],
    )
    const row = rows[0]
    if (!row) return false
    await tx.query(
      `INSERT INTO paymaster_spend (project_id, chain_id, day, spent_wei) VALUES ($1, $2, $3::date, $4::numeric)
       ON CONFLICT (project_id, chain_id, day) DO UPDATE SET spent_wei = paymaster_spend.spent_wei + $4::numeric`,
      [row.project_id, row.chain_id, row.day, actualWei.toString()],
    )
    return true
  })
}

/** Gives a reservation's budget back (the operation failed before it cost anything); false when it is not open. */
export async function releaseReservation(db: Database, id: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE paymaster_reservations SET state = 'released' WHERE id = $1 AND state = 'reserved' RETURNING id`,
    [id],
  )
  return rows.length === 1
}

export interface SentUserOperation {
  chainId: number
  userOpHash: `0x${string}`
  projectId: string
  entryPoint: `0x${string}`
  /** As eth_sendUserOperation took it (hex quantities). */
  userOperation: Record<string, unknown>
  txHash: `0x${string}`
  reservationId: string
}

export async function recordUserOperation(db: Database, op: SentUserOperation): Promise<void> {
  await db.query(
    `INSERT INTO relay_user_operations (chain_id, user_op_hash, project_id, entry_point, user_operation, tx_hash, reservation_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) ON CONFLICT (chain_id, user_op_hash) DO UPDATE SET tx_hash = $6, reservation_id = $7`,
    [op.chainId, op.userOpHash.toLowerCase(), op.projectId, op.entryPoint, JSON.stringify(op.userOperation), op.txHash, op.reservationId],
  )
}

/** A user operation the relay sent on the chain, or undefined. */
export async function findUserOperation(db: Database, chainId: number, userOpHash: string): Promise<SentUserOperation | undefined> {
  const { rows } = await db.query<{
    user_op_hash: `0x${string}`
    project_id: string
    entry_point: `0x${string}`
    user_operation: Record<string, unknown>
    tx_hash: `0x${string}`
    reservation_id: string
  }>(
    `SELECT user_op_hash, project_id, entry_point, user_operation, tx_hash, reservation_id FROM relay_user_operations WHERE chain_id = $1 AND user_op_hash = $2`,
    [chainId, userOpHash.toLowerCase()],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    chainId,
    userOpHash: row.user_op_hash,
    projectId: row.project_id,
    entryPoint: row.entry_point,
    userOperation: row.user_operation,
    txHash: row.tx_hash,
    reservationId: row.reservation_id,
  }
}
