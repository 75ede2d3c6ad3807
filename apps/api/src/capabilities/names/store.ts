import { getAddress, type Address } from 'viem'
import type { Database } from '../../platform/db/database'
import type { NameAttributes } from './rules'

/**
 * A name as the Blockchain API returns it (`BlockchainApiLookupEnsName`): `registered` and
 * `updated` in unix seconds as AppKit's type has them, plus `registered_at` / `updated_at` (ISO
 * 8601) as the current Blockchain API serialises them; `addresses` keyed by ENSIP-11 coin type.
 */
export interface NameRecord {
  name: string
  registered: number
  updated: number
  registered_at: string
  updated_at: string
  addresses: Record<string, { address: Address; created: string }>
  attributes: NameAttributes
}

interface NameRow {
  name: string
  owner: string
  attributes: NameAttributes
  registered_at: Date | string
  updated_at: Date | string
}

interface AddressRow {
  name: string
  coin_type: string
  address: string
  created_at: Date | string
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

export async function getName(db: Database, name: string): Promise<(NameRecord & { owner: Address }) | undefined> {
  const { rows } = await db.query<NameRow>('SELECT name, owner, attributes, registered_at, updated_at FROM names WHERE name = $1', [name])
  const row = rows[0]
  if (!row) return undefined
  const [record] = await withAddresses(db, [row])
  return { ...record!, owner: getAddress(row.owner) }
}

/**
 * The names that have `address` under any coin type (or under one of `coinTypes` when given), oldest
 * registration first: the first is the address's primary name (identity, AppKit's profile name).
 */
export async function getNamesForAddress(db: Database, address: Address, coinTypes?: readonly number[]): Promise<NameRecord[]> {
  const { rows } = await db.query<NameRow>(
    `SELECT n.name, n.owner, n.attributes, n.registered_at, n.updated_at FROM names n
     WHERE EXISTS (SELECT 1 FROM name_addresses a WHERE a.name = n.name AND lower(a.address) = lower($1) AND ($2::bigint[] IS NULL OR a.coin_type = ANY($2::bigint[])))
     ORDER BY n.registered_at, n.name`,
    [address, coinTypes ? [...coinTypes] : null],
  )
  return withAddresses(db, rows)
}

/** Which of `names` are registered. */
export async function registeredNames(db: Database, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set()
  const { rows } = await db.query<{ name: string }>('SELECT name FROM names WHERE name = ANY($1::text[])', [names])
  return new Set(rows.map((row) => row.name))
}

/** Inserts the name with one address; false when the name is taken. */
export async function insertName(
  tx: Database,
  entry: { name: string; owner: Address; coinType: number; attributes: NameAttributes; at: Date },
): Promise<boolean> {
  const at = entry.at.toISOString()
  const { rows } = await tx.query(
    `INSERT INTO names (name, owner, attributes, registered_at, updated_at) VALUES ($1, $2, $3::jsonb, $4, $4)
     ON CONFLICT (name) DO NOTHING RETURNING name`,
    [entry.name, entry.owner, JSON.stringify(entry.attributes), at],
  )
  if (rows.length === 0) return false
  await tx.query('INSERT INTO name_addresses (name, coin_type, address, created_at) VALUES ($1, $2, $3, $4)', [
    entry.name,
    entry.coinType,
    entry.owner,
    at,
  ])
  return true
}

/** Replaces the name's attributes. */
export async function updateAttributes(tx: Database, name: string, attributes: NameAttributes, at: Date): Promise<void> {
  await tx.query('UPDATE names SET attributes = $2::jsonb, updated_at = $3 WHERE name = $1', [
    name,
    JSON.stringify(attributes),
    at.toISOString(),
  ])
}

async function withAddresses(db: Database, rows: NameRow[]): Promise<NameRecord[]> {
  if (rows.length === 0) return []
  const { rows: addressRows } = await db.query<AddressRow>(
    'SELECT name, coin_type::text AS coin_type, address, created_at FROM name_addresses WHERE name = ANY($1::text[]) ORDER BY coin_type',
    [rows.map((row) => row.name)],
  )
  return rows.map((row) => {
    const registered = toDate(row.registered_at)
    const updated = toDate(row.updated_at)
    const addresses: NameRecord['addresses'] = {}
    for (const entry of addressRows) {
      if (entry.name === row.name)
        addresses[entry.coin_type] = { address: getAddress(entry.address), created: toDate(entry.created_at).toISOString() }
    }
    return {
      name: row.name,
      registered: Math.floor(registered.getTime() / 1000),
      updated: Math.floor(updated.getTime() / 1000),
      registered_at: registered.toISOString(),
      updated_at: updated.toISOString(),
      addresses,
      attributes: row.attributes ?? {},
    }
  })
}
