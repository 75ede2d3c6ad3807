import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { devnetAccounts, startDevnet, type Devnet } from '@airlock/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp } from '../../origins/api/app'
import { createChainRegistry, type ChainRegistry } from '../../chains/registry'
import { startIndexer, type Indexer } from '../../capabilities/history'
import { bucketStoreFor } from '../http/bucket-store'
import { tokenBuckets } from '../http/rate-limit'
import { createTreasury } from '../../capabilities/onramp/treasury'
import { createMemoryProjectRegistry } from '../projects/registry'
import { DEFAULT_RPC_LIMITS } from '../../capabilities/rpc/limits'
import { projectQuota, quotaStoreFor } from '../../capabilities/rpc/quota'
import { postgresUnavailable, startTestPostgres, type TestPostgres } from '../../testing/postgres'
import { LOCK_APPLICATION_NAME, lockHolder } from './advisory-locks'
import type { Database } from './database'
import { openDatabase } from './open'
import { runExclusively } from './singleton'

/**
 * What several API processes on one Postgres server must agree on, shown with two database
 * handles on one database (two pools and their own lock connections, as two processes have).
 */

const unavailable = await postgresUnavailable()
if (unavailable) console.warn(`[shared-state.postgres.test] skipped: ${unavailable}`)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** A devnet chain of this file's own (ports of other test files: grep the repository). */
const CHAIN_PORT = 18871
const until = async (condition: () => boolean, ms: number) => {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`)
    await sleep(10)
  }
}
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`not within ${ms} ms`)))])

describe.skipIf(unavailable !== undefined)('state shared by API processes on one Postgres server', () => {
  let server: TestPostgres
  let url: string
  let a: Database
  let b: Database
  let devnet: Devnet
  let chains: ChainRegistry

  beforeAll(async () => {
    ;[server, devnet] = await Promise.all([
      startTestPostgres(),
      startDevnet({ chains: [{ chainId: 31337, name: 'shared-state', port: CHAIN_PORT }] }),
    ])
    chains = createChainRegistry({ 'eip155:31337': devnet.chains[0]!.rpcUrl })
    url = await server.createDatabase('shared_state')
    a = await openDatabase({ url })
    b = await openDatabase({ url })
  }, 120_000)

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    await Promise.all([server?.stop(), devnet?.stop()])
  }, 60_000)

  /** The data API of one process on `db`, serving the devnet chain's RPC to server-side callers of its projects. */
  function apiOn(db: Database, limits: { rateLimit: { capacity: number; refillPerSecond: number } | false; quotaCalls: number }) {
    const projects = createMemoryProjectRegistry([
      { id: 'limited', name: 'Limited', allowedOrigins: [], serverRpc: true, features: { analytics: false } },
      { id: 'metered', name: 'Metered', allowedOrigins: [], serverRpc: true, features: { analytics: false } },
    ])
    return createApiApp({
      origins: { widget: 'http://widget.localhost:4401' },
      projects,
      rpcUpstreams: { 'eip155:31337': devnet.chains[0]!.rpcUrl },
      data: { db, chains, projects, apiOrigin: 'http://api.localhost:4403', now: Date.now },
      rateLimit: limits.rateLimit,
      rpcLimits: { ...DEFAULT_RPC_LIMITS, projectQuota: { calls: limits.quotaCalls, windowSeconds: 3600 } },
    })
  }
  /** A JSON-RPC call to the devnet chain. */
  const devnetRpc = (method: string, params: unknown[] = []) =>
    fetch(devnet.chains[0]!.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  /** One JSON-RPC call of `project` from the client at `client` (its socket address). */
  const rpcCall = (api: ReturnType<typeof apiOn>, client: string, project = 'limited') =>
    api.request(
      `/v1/rpc?chainId=eip155:31337&projectId=${project}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      },
      { incoming: { socket: { remoteAddress: client } } },
    )

  /** Ends the session that holds `name`, as a crash of its process or a failover would. */
  async function terminateHolder(name: string) {
    const holder = await lockHolder(a, name)
    expect(holder?.applicationName).toBe(LOCK_APPLICATION_NAME)
    await server.query('SELECT pg_terminate_backend($1)', [holder!.pid])
  }

  it('applies each migration once when four processes start together', async () => {
    const fresh = await server.createDatabase('migrate_together')
    const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url: fresh })))
    try {
      const files = readdirSync(fileURLToPath(new URL('./migrations/', import.meta.url))).filter((name) => name.endsWith('.sql'))
      const rows = await server.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version', [], 'migrate_together')
      expect(rows.map((row) => `${row.version}.sql`)).toEqual(files.sort())
      expect(handles.every((db) => db.shared)).toBe(true)
    } finally {
      await Promise.all(handles.map((db) => db.close()))
    }
  })

  it('gives a lease to one process at a time; another takes it once the holder releases it or its connection dies', async () => {
    const held = await a.lease('job')
    expect(held).toBeDefined()
    expect(await b.lease('job')).toBeUndefined()
    expect(await a.lease('job')).toBeUndefined()
    expect((await lockHolder(b, 'job'))?.applicationName).toBe(LOCK_APPLICATION_NAME)
    await held!.release()
    expect(await lockHolder(b, 'job')).toBeUndefined()

    const taken = await b.lease('job')
    expect(taken).toBeDefined()
    expect(await a.lease('job')).toBeUndefined()
    await terminateHolder('job')
    await within(taken!.lost, 2000)
    const again = await a.lease('job')
    expect(again).toBeDefined()
    await again!.release()
  })

  it('lets one process at a time into withLock, across processes, and frees the lock when the work fails', async () => {
    let inside = 0
    let most = 0
    const work = (fail: boolean) => async () => {
      inside++
      most = Math.max(most, inside)
      await sleep(30)
      inside--
      if (fail) throw new Error('payout failed')
      return 'sent'
    }
    const results = await Promise.allSettled([a, b, a, b].map((db, i) => db.withLock('treasury:31337:0xabc', work(i === 1))))
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
    expect(most).toBe(1)
    expect(await lockHolder(a, 'treasury:31337:0xabc')).toBeUndefined()
  })

  it('spends a rate limit bucket from both processes: the 4th take of 3 answers a wait; racing takes never overspend', async () => {
    const at = Date.now()
    const [fromA, fromB] = [a, b].map((db) =>
      tokenBuckets({ scope: 'shared-test', capacity: 3, refillPerSecond: 1, store: bucketStoreFor(db), now: () => at }),
    )
    expect([await fromA!.take('client'), await fromB!.take('client'), await fromA!.take('client')]).toEqual([0, 0, 0])
    expect(await fromB!.take('client')).toBe(1)
    expect(await fromA!.take('client', 2)).toBe(2)
    expect(await fromA!.take('another client')).toBe(0)

    const racers = [a, b].map((db) =>
      tokenBuckets({ scope: 'race', capacity: 5, refillPerSecond: 0.5, store: bucketStoreFor(db), now: () => at }),
    )
    const waits = await Promise.all(Array.from({ length: 40 }, (_, i) => racers[i % 2]!.take('flood')))
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5)
    // Each refusal names a wait of at least the 2 s one token takes to come back.
    expect(waits.filter((wait) => wait > 0).every((wait) => wait >= 2)).toBe(true)
  })

  it('limits a client of the API across its processes: the 4th call of a bucket of 3 is refused, whichever process serves it', async () => {
    const [apiA, apiB] = [a, b].map((db) => apiOn(db, { rateLimit: { capacity: 3, refillPerSecond: 0.01 }, quotaCalls: 1000 }))
    const statuses = []
    for (const api of [apiA, apiB, apiA, apiB]) statuses.push((await rpcCall(api!, '203.0.113.7')).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await rpcCall(apiA!, '203.0.113.7')
    expect(refused.headers.get('retry-after')).toBe('100')
    expect((await rpcCall(apiB!, '203.0.113.8')).status).toBe(200)
  })

  it('counts the RPC quota of a project across processes: racing calls never pass it', async () => {
    const [quotaA, quotaB] = [a, b].map((db) => projectQuota({ quota: { calls: 10, windowSeconds: 3600 }, store: quotaStoreFor(db) }))
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? quotaA! : quotaB!).take('racing-project', 1)))
    expect(decisions.filter((decision) => decision.ok)).toHaveLength(10)

    const [apiA, apiB] = [a, b].map((db) => apiOn(db, { rateLimit: false, quotaCalls: 4 }))
    const statuses = []
    for (const [i, api] of [apiA, apiB, apiA, apiB, apiA].entries())
      statuses.push((await rpcCall(api!, `203.0.113.${20 + i}`, 'metered')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 429])
  })

  it('answers the balance one process refreshed (forceUpdate) from the other process too', async () => {
    const [apiA, apiB] = [a, b].map((db) => apiOn(db, { rateLimit: false, quotaCalls: 1000 }))
    const holder = '0x00000000000000000000000000000000000a11ce'
    const setBalance = (ether: bigint) => devnetRpc('anvil_setBalance', [holder, `0x${(ether * 10n ** 18n).toString(16)}`])
    const balanceOn = async (api: ReturnType<typeof apiOn>, force = false) => {
      const reply = await api.request(
        `/v1/account/${holder}/balance?chainId=eip155:31337&projectId=limited${force ? '&forceUpdate=1' : ''}`,
      )
      expect(reply.status).toBe(200)
      return ((await reply.json()) as { balances: { quantity: { numeric: string } }[] }).balances.map((item) => item.quantity.numeric)
    }
    await setBalance(7n)
    expect(await balanceOn(apiA!)).toEqual(['7'])
    await setBalance(5n)
    // Cached for 30 s, in both processes: the second reads what the first cached.
    expect([await balanceOn(apiA!), await balanceOn(apiB!)]).toEqual([['7'], ['7']])
    expect(await balanceOn(apiB!, true)).toEqual(['5'])
    expect([await balanceOn(apiA!), await balanceOn(apiB!)]).toEqual([['5'], ['5']])
  })

  it('pays on-ramp payouts from one treasury key through both processes without a nonce collision', async () => {
    const client = chains.client('eip155:31337')!
    const [treasuryA, treasuryB] = [a, b].map((db) => createTreasury(devnetAccounts[7]!.privateKey, { db }))
    const first = await client.getTransactionCount({ address: treasuryA!.address })
    const payouts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? treasuryA! : treasuryB!).send(client, { token: null, to: devnetAccounts[8]!.address, amount: BigInt(i + 1) }),
      ),
    )
    expect(payouts.every((payout) => payout.success)).toBe(true)
    expect(payouts.map((payout) => payout.nonce).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5].map((n) => first + n))
  }, 30_000)

  it('runs the history indexer in one process only; the other takes over when the holder loses its lease connection', async () => {
    const mine = () => devnetRpc('evm_mine')
    const indexers: { a?: Indexer; b?: Indexer } = {}
    // The first, once it lost its lease, waits long before asking again, as a dead process never asks.
    const first = runExclusively(a, 'history indexer', () => (indexers.a = startIndexer({ db: a, chains, pollMs: 25 })), {
      retryMs: 10_000,
      log: () => undefined,
    })
    await until(() => first.holding(), 5000)
    const second = runExclusively(b, 'history indexer', () => (indexers.b = startIndexer({ db: b, chains, pollMs: 25 })), {
      retryMs: 100,
      log: () => undefined,
    })
    let both = false
    const watch = setInterval(() => (both ||= first.holding() && second.holding()), 5)
    try {
      await mine()
      await indexers.a!.waitFor('eip155:31337')
      await sleep(250)
      expect([first.holding(), second.holding(), indexers.b]).toEqual([true, false, undefined])

      await terminateHolder('history indexer')
      await until(() => second.holding(), 3000)
      expect(first.holding()).toBe(false)
      await mine()
      await mine()
      const head = BigInt(await chains.client('eip155:31337')!.request({ method: 'eth_blockNumber' }))
      await indexers.b!.waitFor('eip155:31337', head)
      const progress = await b.query<{ last_block: string }>("SELECT last_block::text FROM history_progress WHERE chain = 'eip155:31337'")
      expect(progress.rows).toEqual([{ last_block: head.toString() }])
      expect(both).toBe(false)
    } finally {
      clearInterval(watch)
      await Promise.all([first.stop(), second.stop()])
    }
  }, 60_000)
})
