import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { pageEntries } from './store'

let db: Database
beforeAll(async () => {
  db = await openDatabase()
}, 60_000)
afterAll(() => db?.close())

describe('pageEntries', () => {
  it('orders blocks of the same second by number, not by their text (block 10 before block 9)', async () => {
    const account = '0x00000000000000000000000000000000000000aa'
    for (const block of [8, 9, 10, 11]) {
      await db.query(
        `INSERT INTO history_entries (account, chain, tx_hash, block_number, tx_index, mined_at, operation_type, status, nonce, sent_from, sent_to)
         VALUES ($1, 'eip155:31337', $2, $3, 0, '2026-01-01T00:00:00Z', 'send', 'confirmed', $3, $1, $1)`,
        [account, `0x${String(block).padStart(64, '0')}`, block],
      )
    }
    const rows = await pageEntries(db, { account, chains: null, limit: 10 })
    expect(rows.map((row) => Number(row.block_number))).toEqual([11, 10, 9, 8])
  })
})
