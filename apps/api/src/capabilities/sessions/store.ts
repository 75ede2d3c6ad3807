import { getAddress, type Address } from 'viem'
import type { Database } from '../../platform/db/database'
import type { TypedData } from './rules'

export interface StoredSession {
  pci: string
  caipNetworkId: string
  address: Address
  projectId: string
  /** Unix seconds. */
  expiry: number
  signer: TypedData | null
  permissions: TypedData[]
  policies: TypedData[]
  context: string | null
  createdAt: Date
  revokedAt: Date | null
  /** An ERC-7715 grant's DelegationManager (its pci is the delegation's hash); null for a signed-JSON grant. */
  delegationManager: Address | null
}

interface Row {
  pci: string
  caip_network_id: string
  address: string
  project_id: string
  expiry: string
  signer: TypedData | null
  permissions: TypedData[]
  policies: TypedData[]
  context: string | null
  created_at: Date | string
  revoked_at: Date | string | null
  delegation_manager: string | null
}

const COLUMNS =
  'pci, caip_network_id, address, project_id, expiry::text AS expiry, signer, permissions, policies, context, created_at, revoked_at, delegation_manager'
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

function fromRow(row: Row): StoredSession {
  return {
    pci: row.pci,
    caipNetworkId: row.caip_network_id,
    address: getAddress(row.address),
    projectId: row.project_id,
    expiry: Number(row.expiry),
    signer: row.signer,
    permissions: row.permissions,
    policies: row.policies,
    context: row.context,
    createdAt: toDate(row.created_at),
    revokedAt: row.revoked_at === null ? null : toDate(row.revoked_at),
    delegationManager: row.delegation_manager === null ? null : getAddress(row.delegation_manager),
  }
}

/** Stores a session; false when its pci is taken (the same delegation recorded twice). */
export async function insertSession(tx: Database, session: Omit<StoredSession, 'revokedAt'>): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO smart_sessions (pci, caip_network_id, address, project_id, expiry, signer, permissions, policies, context, created_at, delegation_manager)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9, $10, $11)
     ON CONFLICT (pci) DO NOTHING RETURNING pci`,
    [
      session.pci,
      session.caipNetworkId,
      session.address,
      session.projectId,
      session.expiry,
      session.signer === null ? null : JSON.stringify(session.signer),
      JSON.stringify(session.permissions),
      JSON.stringify(session.policies),
      session.context,
      session.createdAt.toISOString(),
      session.delegationManager,
    ],
  )
  return rows.length === 1
}

/** The account's sessions that are not revoked, newest first; on one chain when `caipNetworkId` is given. */
export async function listSessions(db: Database, address: Address, caipNetworkId?: string): Promise<StoredSession[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM smart_sessions
     WHERE lower(address) = lower($1) AND revoked_at IS NULL AND ($2::text IS NULL OR caip_network_id = $2)
     ORDER BY created_at DESC, pci`,
    [address, caipNetworkId ?? null],
  )
  return rows.map(fromRow)
}

export async function getSession(db: Database, pci: string): Promise<StoredSession | undefined> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM smart_sessions WHERE pci = $1`, [pci])
  return rows[0] ? fromRow(rows[0]) : undefined
}

/** Marks the session revoked; false when it already was. */
export async function revokeSession(db: Database, pci: string, at: Date): Promise<boolean> {
  const { rows } = await db.query('UPDATE smart_sessions SET revoked_at = $2 WHERE pci = $1 AND revoked_at IS NULL RETURNING pci', [
    pci,
    at.toISOString(),
  ])
  return rows.length === 1
}
