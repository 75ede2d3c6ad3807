import type { Database } from '../../platform/db/database'
import type { PolkadotTransfer } from './block-transfers'

/** Storage of the Polkadot transfer index (migration 029): keys as 0x hex, amounts and fees in planck. */

const hex = (key: Uint8Array) => `0x${Buffer.from(key).toString('hex')}`

export interface IndexProgress {
  /** The block the index started at: below it, history is the node's scan. */
  first: number
  /** Every block from `first` up to this one is stored; `first - 1` before the first is. */
  last: number
  lastHash: string | undefined
}

export async function loadIndexProgress(db: Database, chain: string): Promise<IndexProgress | undefined> {
  const { rows } = await db.query<{ first_block: string; last_block: string; last_block_hash: string }>(
    'SELECT first_block, last_block, last_block_hash FROM polkadot_index_progress WHERE chain = $1',
    [chain],
  )
  const row = rows[0]
  return row ? { first: Number(row.first_block), last: Number(row.last_block), lastHash: row.last_block_hash } : undefined
}

/** Forgets the chain's index (its node was reset to another chain). */
export async function resetIndex(db: Database, chain: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM polkadot_transfers WHERE chain = $1', [chain])
    await tx.query('DELETE FROM polkadot_index_progress WHERE chain = $1', [chain])
  })
}

/**
 * Stores the transfers of blocks `progress.last - n + 1 .. progress.last` and moves the progress
 * there, in one transaction: a restart resumes after the last blocks stored, and the key (chain,
 * block, event) makes blocks stored again a no-op. The first save sets where the index starts.
 */
export async function saveBlocks(
  db: Database,
  chain: string,
  progress: { first: number; last: number; lastHash: string },
  transfers: readonly PolkadotTransfer[],
): Promise<void> {
  const planck = (amount: bigint | undefined) => (amount === undefined ? null : amount.toString())
  await db.transaction(async (tx) => {
    if (transfers.length) {
      await tx.query(
        `INSERT INTO polkadot_transfers (chain, block_number, event_index, block_hash, extrinsic_index, tx_hash, nonce, mined_at,
           from_key, to_key, amount, from_fee, to_fee)
         SELECT $1, * FROM unnest($2::bigint[], $3::int[], $4::text[], $5::int[], $6::text[], $7::bigint[], $8::timestamptz[],
           $9::text[], $10::text[], $11::numeric[], $12::numeric[], $13::numeric[])
         ON CONFLICT (chain, block_number, event_index) DO NOTHING`,
        [
          chain,
          transfers.map((t) => t.block),
          transfers.map((t) => t.event),
          transfers.map((t) => t.blockHash),
          transfers.map((t) => t.extrinsic ?? null),
          transfers.map((t) => t.hash),
          transfers.map((t) => t.nonce),
          transfers.map((t) => t.minedAt.toISOString()),
          transfers.map((t) => hex(t.from)),
          transfers.map((t) => hex(t.to)),
          transfers.map((t) => t.amount.toString()),
          transfers.map((t) => planck(t.fromFee)),
          transfers.map((t) => planck(t.toFee)),
        ],
      )
    }
    await tx.query(
      `INSERT INTO polkadot_index_progress (chain, first_block, last_block, last_block_hash, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (chain) DO UPDATE SET last_block = EXCLUDED.last_block, last_block_hash = EXCLUDED.last_block_hash, updated_at = now()`,
      [chain, progress.first, progress.last, progress.lastHash],
    )
  })
}

/** An indexed transfer of the account's, with its place among the account's transfers of its block, newest first. */
export type IndexedTransfer = PolkadotTransfer & { position: number }

/**
 * The account's transfers in blocks `from` down to `lowest`, newest first, after the first `skip` of
 * block `from` (a page's `<block>-<skip>` cursor), at most `limit`.
 */
export async function indexedTransfers(
  db: Database,
  query: { chain: string; who: Uint8Array; from: number; skip: number; lowest: number; limit: number },
): Promise<IndexedTransfer[]> {
  const { rows } = await db.query<{
    block_number: string
    event_index: number
    block_hash: string
    extrinsic_index: number | null
    tx_hash: string
    nonce: string
    mined_at: Date | string
    from_key: string
    to_key: string
    amount: string
    from_fee: string | null
    to_fee: string | null
  }>(
    `SELECT block_number::text AS block_number, event_index, block_hash, extrinsic_index, tx_hash, nonce::text AS nonce, mined_at,
            from_key, to_key, amount::text AS amount, from_fee::text AS from_fee, to_fee::text AS to_fee
     FROM polkadot_transfers t
     WHERE chain = $1 AND (from_key = $2 OR to_key = $2) AND block_number BETWEEN $3 AND $4
     ORDER BY t.block_number DESC, t.event_index DESC
     LIMIT $5`,
    [query.chain, hex(query.who), query.lowest, query.from, query.limit + query.skip],
  )
  const key = (hex: string) => Uint8Array.from(Buffer.from(hex.slice(2), 'hex'))
  let position = 0
  return rows
    .map((row, i) => {
      const block = Number(row.block_number)
      position = i > 0 && rows[i - 1]!.block_number === row.block_number ? position + 1 : 0
      return {
        block,
        blockHash: row.block_hash,
        event: row.event_index,
        extrinsic: row.extrinsic_index ?? undefined,
        hash: row.tx_hash,
        nonce: Number(row.nonce),
        minedAt: new Date(row.mined_at),
        from: key(row.from_key),
        to: key(row.to_key),
        amount: BigInt(row.amount),
        fromFee: row.from_fee === null ? undefined : BigInt(row.from_fee),
        toFee: row.to_fee === null ? undefined : BigInt(row.to_fee),
        position,
      }
    })
    .filter((transfer) => !(transfer.block === query.from && transfer.position < query.skip))
    .slice(0, query.limit)
}
