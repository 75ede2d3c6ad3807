import { encodeSs58 } from '@airlock/chains/polkadot'
import { polkadotDevnetPair, startPolkadotDevnet, type PolkadotDevnet } from '@airlock/devnet/polkadot'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { createChainRegistry } from '../registry'
import { polkadotHistoryPage } from './history'
import { loadIndexProgress } from './index-store'
import { startPolkadotIndexer, type PolkadotIndexer } from './indexer'
import type { PolkadotNetworks } from './node'

let devnet: PolkadotDevnet
let db: Database
let networks: PolkadotNetworks
let indexer: PolkadotIndexer | undefined
/** polkadot-js itself signs and sends the transfers. */
let reference: ApiPromise
const ROC = 10n ** 12n
const receiver = encodeSs58(randomBytes(32), 2)
const TRANSFERS = 5

beforeAll(async () => {
  ;[devnet, db] = await Promise.all([startPolkadotDevnet({ port: 0 }), openDatabase()])
  networks = createChainRegistry({ [devnet.caipNetworkId]: devnet.url }).family('polkadot')
  reference = await ApiPromise.create({ provider: new HttpProvider(devnet.url), noInitWarn: true })
  // Devnet account 6 sends the receiver 1, 2, ... ROC, one block each.
  for (let i = 1; i <= TRANSFERS; i++) await send(BigInt(i) * ROC)
  indexer = startPolkadotIndexer({ db, networks, pollMs: 100 })
}, 120_000)
afterAll(async () => {
  await indexer?.stop()
  await reference?.disconnect()
  await devnet?.stop()
  await db?.close()
})

const head = async () => Number((await reference.rpc.chain.getHeader()).number.toString())

/** Sends the receiver `amount` from devnet account 6 and waits for the block chopsticks builds for it. */
async function send(amount: bigint) {
  const before = await head()
  await reference.tx['balances']!['transferKeepAlive']!(receiver, amount).signAndSend(await polkadotDevnetPair(6))
  while ((await head()) === before) await new Promise((resolve) => setTimeout(resolve, 50))
}
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now()
  const result = await work()
  return { result, ms: performance.now() - started }
}

describe('the Polkadot transfer index on the devnet', () => {
  it('indexes the devnet from block 0 and pages the same entries as the scan (both timed)', async () => {
    const api = await networks.api(devnet.caipNetworkId)!
    await indexer!.waitFor(devnet.caipNetworkId, await head(), 60_000)
    expect(await loadIndexProgress(db, devnet.caipNetworkId)).toMatchObject({ first: 0, last: await head() })
    for (const account of [receiver, devnet.accounts[6]!.address]) {
      const query = { caip2: devnet.caipNetworkId, account, cursor: undefined, limit: 20 }
      const scanned = await timed(() => polkadotHistoryPage(api, undefined, query))
      const indexed = await timed(() => polkadotHistoryPage(api, db, query))
      console.info(
        `${account}: page from the index ${indexed.ms.toFixed(0)} ms, from the scan ${scanned.ms.toFixed(0)} ms (head ${await head()})`,
      )
      expect(indexed.result.data).toHaveLength(TRANSFERS)
      expect(indexed.result).toEqual(scanned.result)
    }
  })

  it('pages by cursor across pages as the scan does', async () => {
    const api = await networks.api(devnet.caipNetworkId)!
    const pages = async (withDb: Database | undefined) => {
      const seen: string[][] = []
      let cursor: { block: number; skip: number } | undefined
      for (;;) {
        const page = await polkadotHistoryPage(api, withDb, { caip2: devnet.caipNetworkId, account: receiver, cursor, limit: 2 })
        seen.push(page.data.map((entry) => entry.transfers[0]!.quantity.numeric))
        if (!page.next) return seen
        const [block, skip] = page.next.split('-').map(Number) as [number, number]
        cursor = { block, skip }
      }
    }
    const indexed = await pages(db)
    expect(indexed.flat()).toEqual(['5', '4', '3', '2', '1'])
    expect(indexed[0]).toEqual(['5', '4'])
    expect((await pages(undefined)).flat()).toEqual(indexed.flat())
  })

  it('answers an account with no transfers with an empty page and no next', async () => {
    const api = await networks.api(devnet.caipNetworkId)!
    const page = await polkadotHistoryPage(api, db, {
      caip2: devnet.caipNetworkId,
      account: encodeSs58(randomBytes(32), 2),
      cursor: undefined,
      limit: 20,
    })
    expect(page).toEqual({ data: [], next: null })
  })

  it('resumes after a restart without storing a transfer twice, and indexes what came meanwhile', async () => {
    await indexer!.stop()
    await send(6n * ROC)
    indexer = startPolkadotIndexer({ db, networks, pollMs: 100 })
    await indexer.waitFor(devnet.caipNetworkId, await head(), 30_000)
    const { rows } = await db.query<{ count: number; distinct: number }>(
      `SELECT count(*)::int AS count, count(DISTINCT tx_hash)::int AS distinct FROM polkadot_transfers WHERE chain = $1`,
      [devnet.caipNetworkId],
    )
    expect(rows[0]!.count).toBe(rows[0]!.distinct)
    const api = await networks.api(devnet.caipNetworkId)!
    const page = await polkadotHistoryPage(api, db, { caip2: devnet.caipNetworkId, account: receiver, cursor: undefined, limit: 20 })
    expect(page.data.map((entry) => entry.transfers[0]!.quantity.numeric)).toEqual(['6', '5', '4', '3', '2', '1'])
  })
})
