import { encodeSs58 } from '@airlock/chains/polkadot'
import type { ApiPromise } from '@polkadot/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { postgresUnavailable, startTestPostgres, type TestPostgres } from '../../testing/postgres'
import type { PolkadotTransfer } from './block-transfers'
import { polkadotHistoryPage } from './history'
import { indexedTransfers, loadIndexProgress, resetIndex, saveBlocks } from './index-store'

const CHAIN = 'polkadot:45454545454545454545454545454545'
const key = (byte: number) => new Uint8Array(32).fill(byte)
const alice = key(1)
const bob = key(2)
const carol = key(3)

const transfer = (block: number, event: number, from: Uint8Array, to: Uint8Array, amount: bigint): PolkadotTransfer => ({
  block,
  blockHash: `0xb${block}`,
  event,
  extrinsic: event,
  hash: `0x${block}${event}`,
  nonce: event,
  minedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, block)),
  from,
  to,
  amount,
  fromFee: 7n,
  toFee: undefined,
})

/** A node that answers its head and empty blocks, counting the blocks read: the scan's side of a page. */
function emptyNode(head: number) {
  const read: number[] = []
  const api = {
    registry: { chainTokens: ['ROC'], chainDecimals: [12] },
    rpc: {
      chain: {
        getHeader: async () => ({ number: head }),
        getBlockHash: async (block: number) => {
          read.push(block)
          return { toHex: () => `0xb${block}` }
        },
      },
    },
    query: { system: { events: { at: async () => [] } } },
  } as unknown as ApiPromise
  return { api, read }
}

const unavailable = await postgresUnavailable()

/** The same tests on PGlite and, where one can start here, a Postgres server: the migration and the queries are both's. */
describe.each([
  { name: 'PGlite', skip: false },
  { name: 'Postgres', skip: unavailable !== undefined },
])('the Polkadot transfer index ($name)', ({ name, skip }) => {
  let db: Database
  let server: TestPostgres | undefined
  beforeAll(async () => {
    if (skip) return
    if (name === 'Postgres') server = await startTestPostgres()
    db = await openDatabase(server ? { url: await server.createDatabase('polkadot_index') } : {})
    // Blocks 100-104: alice sends bob two transfers in block 103 and one in 101; carol sends alice one in 102.
    await saveBlocks(db, CHAIN, { first: 100, last: 102, lastHash: '0xb102' }, [
      transfer(101, 3, alice, bob, 1n),
      transfer(102, 1, carol, alice, 2n),
    ])
    await saveBlocks(db, CHAIN, { first: 100, last: 104, lastHash: '0xb104' }, [
      transfer(103, 2, alice, bob, 3n),
      transfer(103, 5, alice, bob, 4n),
    ])
  }, 120_000)
  afterAll(async () => {
    await db?.close()
    await server?.stop()
  })
  if (skip) console.warn(`[index-store.test] Postgres skipped: ${unavailable}`)

  it.skipIf(skip)('keeps where it started and moves its progress; blocks stored again are not stored twice', async () => {
    expect(await loadIndexProgress(db, CHAIN)).toEqual({ first: 100, last: 104, lastHash: '0xb104' })
    await saveBlocks(db, CHAIN, { first: 100, last: 104, lastHash: '0xb104' }, [transfer(103, 5, alice, bob, 4n)])
    const all = await indexedTransfers(db, { chain: CHAIN, who: bob, from: 104, skip: 0, lowest: 0, limit: 10 })
    expect(all.map((t) => [t.block, t.event, t.position, t.amount])).toEqual([
      [103, 5, 0, 4n],
      [103, 2, 1, 3n],
      [101, 3, 0, 1n],
    ])
  })

  it.skipIf(skip)('reads an account as sender and receiver, newest first, skipping what a cursor says was shown', async () => {
    const read = (from: number, skip: number, limit = 10) =>
      indexedTransfers(db, { chain: CHAIN, who: alice, from, skip, lowest: 100, limit }).then((rows) => rows.map((t) => t.amount))
    expect(await read(104, 0)).toEqual([4n, 3n, 2n, 1n])
    expect(await read(103, 1)).toEqual([3n, 2n, 1n])
    expect(await read(103, 2, 1)).toEqual([2n])
    expect(await read(100, 0)).toEqual([])
    expect(await indexedTransfers(db, { chain: CHAIN, who: key(9), from: 104, skip: 0, lowest: 100, limit: 10 })).toEqual([])
  })

  it.skipIf(skip)(
    'pages from the index with the scan cursor, ending where the index starts, and scans only the blocks it has not reached',
    async () => {
      const { api, read } = emptyNode(106)
      const page = (cursor: { block: number; skip: number } | undefined) =>
        polkadotHistoryPage(api, db, { caip2: CHAIN, account: encodeSs58(alice, 2), cursor, limit: 2 })
      const first = await page(undefined)
      // Blocks 105 and 106 are past the index: scanned, and empty.
      expect(read).toEqual([106, 105])
      expect(
        first.data.map((t) => [t.transfers[0]!.quantity.numeric, t.transfers[0]!.direction, t.metadata.fee?.quantity.numeric]),
      ).toEqual([
        ['0.000000000004', 'out', '0.000000000007'],
        ['0.000000000003', 'out', '0.000000000007'],
      ])
      expect(first.next).toBe('103-2')
      const second = await page({ block: 103, skip: 2 })
      expect(second.data.map((t) => [t.transfers[0]!.quantity.numeric, t.metadata.operationType, t.metadata.fee])).toEqual([
        ['0.000000000002', 'receive', undefined],
        ['0.000000000001', 'send', { symbol: 'ROC', quantity: { numeric: '0.000000000007' } }],
      ])
      expect(second.data[1]!.metadata).toMatchObject({ hash: '0x1013', nonce: 3, minedAt: '2026-01-01T00:01:41.000Z' })
      // The index is read to its start; older blocks are the next page's scan.
      expect(second.next).toBe('99-0')
      expect(read).toEqual([106, 105])
    },
  )

  it.skipIf(skip)('is forgotten whole when its node was reset', async () => {
    await resetIndex(db, CHAIN)
    expect(await loadIndexProgress(db, CHAIN)).toBeUndefined()
    expect(await indexedTransfers(db, { chain: CHAIN, who: alice, from: 104, skip: 0, lowest: 0, limit: 10 })).toEqual([])
  })
})
