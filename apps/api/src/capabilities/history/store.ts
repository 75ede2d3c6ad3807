import type { Database } from '../../platform/db/database'
import type { Cursor } from './cursor'
import type { StoredEntry, StoredLeg } from './format'
import type { LegSource } from './legs'

/** Storage of the history tables (migration 010). Addresses lowercase, amounts as decimal strings. */

export interface TokenRow {
  address: string
  symbol: string
  name: string
  decimals: number
  spam: boolean
  iconUrl: string | null
}

export interface LegRow {
  txHash: string
  legIndex: number
  blockNumber: bigint
  logIndex: number | null
  source: LegSource
  token: string | null
  from: string
  to: string
  amount: bigint
}

export interface EntryRow {
  account: string
  txHash: string
  blockNumber: bigint
  txIndex: number
  minedAt: Date
  operationType: string
  status: 'confirmed' | 'failed'
  nonce: number
  sentFrom: string
  sentTo: string
}

export interface Progress {
  lastBlock: bigint
  lastBlockHash: string
}

export async function loadProgress(db: Database, chain: string): Promise<Progress | undefined> {
  const { rows } = await db.query<{ last_block: string; last_block_hash: string }>(
    'SELECT last_block, last_block_hash FROM history_progress WHERE chain = $1',
    [chain],
  )
  const row = rows[0]
  return row ? { lastBlock: BigInt(row.last_block), lastBlockHash: row.last_block_hash } : undefined
}

/** Forgets everything indexed for `chain` (the node was reset to a different chain). */
export async function resetChain(db: Database, chain: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM history_entries WHERE chain = $1', [chain])
    await tx.query('DELETE FROM history_transfers WHERE chain = $1', [chain])
    await tx.query('DELETE FROM history_progress WHERE chain = $1', [chain])
  })
}

/** Inserts or updates token metadata (the configured list wins over what a contract answered). */
export async function upsertTokens(db: Database, chain: string, tokens: readonly TokenRow[]): Promise<void> {
  if (!tokens.length) return
  await db.query(
    `INSERT INTO history_tokens (chain, address, symbol, name, decimals, spam, icon_url)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::bool[], $7::text[])
     ON CONFLICT (chain, address) DO UPDATE SET symbol = EXCLUDED.symbol, name = EXCLUDED.name, decimals = EXCLUDED.decimals,
       spam = EXCLUDED.spam, icon_url = EXCLUDED.icon_url`,
    [
      chain,
      tokens.map((t) => t.address.toLowerCase()),
      tokens.map((t) => t.symbol),
      tokens.map((t) => t.name),
      tokens.map((t) => t.decimals),
      tokens.map((t) => t.spam),
      tokens.map((t) => t.iconUrl),
    ],
  )
}

export async function knownTokenAddresses(db: Database, chain: string): Promise<Set<string>> {
  const { rows } = await db.query<{ address: string }>('SELECT address FROM history_tokens WHERE chain = $1', [chain])
  return new Set(rows.map((r) => r.address))
}

export interface IndexedRange {
  chain: string
  legs: readonly LegRow[]
  entries: readonly EntryRow[]
  newTokens: readonly TokenRow[]
  lastBlock: bigint
  lastBlockHash: string
}

/**
 * Stores one indexed block range and moves the chain's progress to its end, in one transaction: a
 * restart resumes after the last range stored, and the unique keys make a replayed range a no-op.
 */
export async function saveRange(db: Database, range: IndexedRange): Promise<void> {
  const { chain, legs, entries } = range
  await db.transaction(async (tx) => {
    if (range.newTokens.length) {
      await tx.query(
        `INSERT INTO history_tokens (chain, address, symbol, name, decimals, spam, icon_url)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::bool[], $7::text[])
         ON CONFLICT (chain, address) DO NOTHING`,
        [
          chain,
          range.newTokens.map((t) => t.address.toLowerCase()),
          range.newTokens.map((t) => t.symbol),
          range.newTokens.map((t) => t.name),
          range.newTokens.map((t) => t.decimals),
          range.newTokens.map((t) => t.spam),
          range.newTokens.map((t) => t.iconUrl),
        ],
      )
    }
    if (legs.length) {
      await tx.query(
        `INSERT INTO history_transfers (chain, tx_hash, leg_index, block_number, log_index, source, token_address, from_address, to_address, amount)
         SELECT $1, * FROM unnest($2::text[], $3::int[], $4::bigint[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::numeric[])
         ON CONFLICT (chain, tx_hash, leg_index) DO NOTHING`,
        [
          chain,
          legs.map((l) => l.txHash.toLowerCase()),
          legs.map((l) => l.legIndex),
          legs.map((l) => l.blockNumber.toString()),
          legs.map((l) => l.logIndex),
          legs.map((l) => l.source),
          legs.map((l) => l.token?.toLowerCase() ?? null),
          legs.map((l) => l.from.toLowerCase()),
          legs.map((l) => l.to.toLowerCase()),
          legs.map((l) => l.amount.toString()),
        ],
      )
    }
    if (entries.length) {
      await tx.query(
        `INSERT INTO history_entries (account, chain, tx_hash, block_number, tx_index, mined_at, operation_type, status, nonce, sent_from, sent_to)
         SELECT e.account, $1, e.tx_hash, e.block_number, e.tx_index, e.mined_at, e.operation_type, e.status, e.nonce, e.sent_from, e.sent_to
         FROM unnest($2::text[], $3::text[], $4::bigint[], $5::int[], $6::timestamptz[], $7::text[], $8::text[], $9::bigint[], $10::text[], $11::text[])
           AS e(account, tx_hash, block_number, tx_index, mined_at, operation_type, status, nonce, sent_from, sent_to)
         ON CONFLICT (account, chain, tx_hash) DO NOTHING`,
        [
          chain,
          entries.map((e) => e.account.toLowerCase()),
          entries.map((e) => e.txHash.toLowerCase()),
          entries.map((e) => e.blockNumber.toString()),
          entries.map((e) => e.txIndex),
          entries.map((e) => e.minedAt.toISOString()),
          entries.map((e) => e.operationType),
          entries.map((e) => e.status),
          entries.map((e) => e.nonce),
          entries.map((e) => e.sentFrom.toLowerCase()),
          entries.map((e) => e.sentTo.toLowerCase()),
        ],
      )
    }
    await tx.query(
      `INSERT INTO history_progress (chain, last_block, last_block_hash, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (chain) DO UPDATE SET last_block = EXCLUDED.last_block, last_block_hash = EXCLUDED.last_block_hash, updated_at = now()`,
      [chain, range.lastBlock.toString(), range.lastBlockHash],
    )
  })
}

/**
 * One page of an account's entries, newest first: `limit` rows after `cursor` (a `t` cursor), on
 * `chains` (null = every chain).
 */
export async function pageEntries(
  db: Database,
  options: { account: string; chains: readonly string[] | null; cursor?: Extract<Cursor, { kind: 't' }>; limit: number },
): Promise<StoredEntry[]> {
  const params: unknown[] = [options.account.toLowerCase()]
  const where = ['account = $1']
  if (options.chains) {
    params.push([...options.chains])
    where.push(`chain = ANY($${params.length}::text[])`)
  }
  if (options.cursor) {
    const c = options.cursor
    params.push(c.minedAt, c.chain, c.block, c.txIndex)
    const n = params.length
    where.push(`(mined_at, chain, block_number, tx_index) < ($${n - 3}::timestamptz, $${n - 2}::text, $${n - 1}::bigint, $${n}::int)`)
  }
  params.push(options.limit)
  const { rows } = await db.query<StoredEntry>(
    `SELECT account, chain, tx_hash, block_number::text AS block_number, tx_index, mined_at, operation_type, status, nonce::text AS nonce,
            sent_from, sent_to
     FROM history_entries e WHERE ${where.join(' AND ')}
     -- Qualified: a bare block_number would sort by the text alias above, putting block 9 after 10.
     ORDER BY e.mined_at DESC, e.chain DESC, e.block_number DESC, e.tx_index DESC
     LIMIT $${params.length}`,
    params,
  )
  return rows
}

/** Every leg of the given transactions that involves `account`, with token metadata. */
export async function legsFor(
  db: Database,
  account: string,
  txs: readonly { chain: string; tx_hash: string }[],
): Promise<(StoredLeg & { chain: string; tx_hash: string })[]> {
  if (!txs.length) return []
  const { rows } = await db.query<StoredLeg & { chain: string; tx_hash: string }>(
    `SELECT t.chain, t.tx_hash, t.leg_index, t.token_address, t.from_address, t.to_address, t.amount::text AS amount,
            k.symbol, k.name, k.decimals, k.spam, k.icon_url
     FROM history_transfers t
     JOIN unnest($2::text[], $3::text[]) AS q(chain, tx_hash) ON q.chain = t.chain AND q.tx_hash = t.tx_hash
     LEFT JOIN history_tokens k ON k.chain = t.chain AND k.address = t.token_address
     WHERE (t.from_address = $1 OR t.to_address = $1)
     ORDER BY t.chain, t.tx_hash, t.leg_index`,
    [account.toLowerCase(), txs.map((t) => t.chain), txs.map((t) => t.tx_hash)],
  )
  return rows
}
