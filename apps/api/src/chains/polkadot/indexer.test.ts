import type { ApiPromise } from '@polkadot/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { loadIndexProgress } from './index-store'
import { startPolkadotIndexer } from './indexer'
import type { PolkadotNetworks } from './node'

const CHAIN = 'polkadot:68d56f15f85d3136970ec16946040bc1'

/** A node of a long chain whose blocks hold no transfer; `down` calls fail before it answers. */
function node(finalized: { number: number }, down = 0) {
  let failing = down
  const api = {
    rpc: {
      chain: {
        getFinalizedHead: async () => 'finalized',
        getHeader: async () => ({ number: finalized.number }),
        getBlockHash: async (block: number) => ({ toHex: () => `0xb${block}` }),
      },
    },
    query: { system: { events: { at: async () => [] } } },
  } as unknown as ApiPromise
  const networks: PolkadotNetworks = {
    supported: () => [CHAIN],
    api: () => Promise.resolve(api),
    current: () => (failing-- > 0 ? Promise.reject(new Error('fetch failed')) : Promise.resolve(api)),
  }
  return networks
}

let db: Database
beforeAll(async () => {
  db = await openDatabase()
}, 60_000)
afterAll(() => db?.close())

describe('the Polkadot indexer', () => {
  it('starts a long chain at its finalized head, not its genesis; a node that is down is logged once and retried', async () => {
    const head = { number: 5_000_000 }
    const log: string[] = []
    const indexer = startPolkadotIndexer({ db, networks: node(head, 3), pollMs: 10, maxBackoffMs: 20, log: (line) => log.push(line) })
    await indexer.waitFor(CHAIN, 5_000_000, 5_000)
    expect(log).toEqual([`${CHAIN}: fetch failed; retrying with backoff`, `${CHAIN}: reachable again, indexed up to block 5000000`])
    head.number = 5_000_003
    await indexer.waitFor(CHAIN, 5_000_003, 5_000)
    expect(indexer.status()[CHAIN]).toEqual({ lastBlock: 5_000_003, finalized: 5_000_003, up: true })
    await indexer.stop()
    expect(await loadIndexProgress(db, CHAIN)).toEqual({ first: 5_000_000, last: 5_000_003, lastHash: '0xb5000003' })
    await expect(indexer.waitFor(CHAIN, 5_000_004)).rejects.toThrow('stopped')
  })
})
