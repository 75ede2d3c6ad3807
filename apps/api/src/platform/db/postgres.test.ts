import { devnetAccounts } from '@airlock/devnet'
import { Hono } from 'hono'
import pg from 'pg'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../projects/request'
import { startDevnet } from '@airlock/devnet'
import { createWalletClient, http, parseEther } from 'viem'
import { createChainRegistry } from '../../chains/registry'
import { historyRoutes, startIndexer } from '../../capabilities/history'
import { purchaseHistory } from '../../capabilities/onramp'
import { identityRoutes } from '../../capabilities/identity/routes'
import { createTestContext, reason, send, type TestContext } from '../../capabilities/identity/testing/harness'
import { namesRoutes } from '../../capabilities/names/routes'
import { registrationBody } from '../../capabilities/names/testing'
import { revokeMessage } from '../../capabilities/sessions/rules'
import { sessionsRoutes, type SmartSession } from '../../capabilities/sessions/routes'
import { postgresUnavailable, startTestPostgres, type TestPostgres } from '../../testing/postgres'
import type { Database } from './database'
import { openDatabase } from './open'

/**
 * The migrations and the names, identity, sessions and history endpoints against a real Postgres
 * server (the DATABASE_URL path), started for this file (testing/postgres.ts); skipped with a
 * warning naming the cause when none can start here.
 */

const unavailable = await postgresUnavailable()
if (unavailable) console.warn(`[postgres.test] skipped: ${unavailable}`)

const alice = privateKeyToAccount(devnetAccounts[0]!.privateKey)
const accounts = devnetAccounts.slice(0, 6).map((account) => privateKeyToAccount(account.privateKey))

describe.skipIf(unavailable !== undefined)('a real Postgres server (DATABASE_URL)', () => {
  const started = performance.now()
  let server: TestPostgres | undefined
  let url: string
  let db: Database
  let ctx: TestContext
  let app: Hono<{ Variables: ApiVariables }>

  beforeAll(async () => {
    server = await startTestPostgres()
    url = await server.createDatabase('airlock_test')
    db = await openDatabase({ url })
    ctx = await createTestContext({ db })
    const routes = new Hono<{ Variables: ApiVariables }>()
    routes.route('/', namesRoutes(ctx.deps))
    routes.route('/', identityRoutes(ctx.deps))
    routes.route('/', sessionsRoutes(ctx.deps))
    app = ctx.mount(routes)
    console.info(`[postgres.test] Postgres up on port ${server.port} in ${Math.round(performance.now() - started)} ms`)
  }, 120_000)

  afterAll(async () => {
    await db?.close()
    await server?.stop()
    console.info(`[postgres.test] total ${Math.round(performance.now() - started)} ms`)
  }, 60_000)

  async function register(account: PrivateKeyAccount, name: string, attributes: Record<string, string> = {}) {
    return send(app, 'POST', '/v1/profile/account', await registrationBody(ctx, account, name, attributes))
  }

  it('outlives the server dropping its idle connections, and the next query connects again', async () => {
    await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.05)')))
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
      expect(rows.filter((row) => row.ended).length).toBeGreaterThan(0)
    } finally {
      await admin.end()
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
  })

  it('applies the migrations', async () => {
    const versions = (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map(
      (row) => row.version,
    )
    expect(versions).toEqual(
      expect.arrayContaining(['001_init', '002_names', '003_sessions', '004_analytics', '010_history', '011_onramp']),
    )
    const tables = (
      await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
    ).rows
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['names', 'name_addresses', 'used_signed_messages', 'smart_sessions', 'analytics_events']),
    )
  })

  it('registers, looks up, reverse-resolves, suggests and answers identity', async () => {
    expect((await register(alice, 'Alice.airlock.id', { avatar: 'https://img.example/a.png' })).status).toBe(200)
    const lookup = await send(app, 'GET', '/v1/profile/account/alice.airlock.id?apiVersion=2')
    expect(lookup.body).toMatchObject({
      name: 'alice.airlock.id',
      addresses: { '2147514985': { address: alice.address } },
      attributes: { avatar: 'https://img.example/a.png' },
    })
    expect((await send<unknown[]>(app, 'GET', `/v1/profile/reverse/${alice.address.toLowerCase()}`)).body).toHaveLength(1)
    const suggestions = await send<{ suggestions: { name: string; registered: boolean }[] }>(app, 'GET', '/v1/profile/suggestions/alice')
    expect(suggestions.body.suggestions[0]).toEqual({ name: 'alice.airlock.id', registered: true })
    expect(suggestions.body.suggestions).toHaveLength(5)
    expect((await send(app, 'GET', `/v1/identity/${alice.address}`)).body).toEqual({
      name: 'alice.airlock.id',
      avatar: 'https://img.example/a.png',
    })
    const taken = await register(accounts[1]!, 'ALICE.airlock.id')
    expect([taken.status, reason(taken)]).toEqual([409, 'Name is already registered'])
  })

  it('lets exactly one of concurrent registrations of a name win, across pool connections', async () => {
    const usedBefore = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM used_signed_messages')).rows[0]!.n
    const replies = await Promise.all(accounts.map((account) => register(account, 'contested.airlock.id')))
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect((await db.query("SELECT count(*)::int AS n FROM name_addresses WHERE name = 'contested.airlock.id'")).rows).toEqual([{ n: 1 }])
    // the losers' transactions rolled back: only the winner's message is marked used
    const winner = accounts[replies.findIndex((reply) => reply.status === 200)]!
    expect((await db.query('SELECT count(*)::int AS n FROM used_signed_messages')).rows).toEqual([{ n: usedBefore + 1 }])
    expect((await send(app, 'GET', '/v1/profile/account/contested.airlock.id')).body).toMatchObject({
      addresses: { '2147514985': { address: winner.address } },
    })
  })

  it('creates, lists and revokes a smart session', async () => {
    const message = JSON.stringify({
      chainId: 31337,
      expiry: Math.floor(ctx.clock.now / 1000) + 60,
      permissions: [{ type: 'contract-call', data: { functions: [] } }],
      policies: [],
      timestamp: Math.floor(ctx.clock.now / 1000),
    })
    const caip10 = `eip155:31337:${alice.address}`
    const created = await send<SmartSession>(app, 'POST', `/v1/sessions/${caip10}`, {
      message,
      signature: await alice.signMessage({ message }),
    })
    expect(created.status).toBe(201)
    expect((await send<{ pcis: SmartSession[] }>(app, 'GET', `/v1/sessions/${caip10}`)).body.pcis).toEqual([created.body])
    const pci = created.body.pci
    const revoked = await send(app, 'POST', `/v1/sessions/${caip10}/revoke`, {
      pci,
      signature: await alice.signMessage({ message: revokeMessage(pci) }),
    })
    expect(revoked.body).toEqual({ success: true })
    expect((await send(app, 'GET', `/v1/sessions/${caip10}`)).body).toEqual({ pcis: [] })
  })
  it('indexes a devnet transfer into Postgres and serves it from the history endpoint', async () => {
    const devnet = await startDevnet({ ports: [18861, 18862], contracts: false })
    const chains = createChainRegistry({ 'eip155:31337': devnet.chains[0]!.rpcUrl })
    const indexer = startIndexer({ db, chains, pollMs: 50 })
    try {
      const [from, to] = [accounts[3]!, accounts[4]!]
      const client = chains.client('eip155:31337')!
      const hash = await createWalletClient({
        account: from,
        chain: client.chain,
        transport: http(devnet.chains[0]!.rpcUrl),
      }).sendTransaction({
        chain: client.chain,
        to: to.address,
        value: parseEther('1.5'),
      })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 10 })
      await indexer.waitFor('eip155:31337', receipt.blockNumber)
      const history = new Hono<{ Variables: ApiVariables }>()
      history.route('/', historyRoutes({ ...ctx.deps, chains }, { purchases: purchaseHistory(ctx.deps.db) }))
      const reply = await send<{
        data: { metadata: { hash: string; operationType: string }; transfers: { direction: string; quantity: { numeric: string } }[] }[]
      }>(ctx.mount(history), 'GET', `/v1/account/${to.address}/history?chainId=eip155:31337`)
      expect(reply.body.data[0]).toMatchObject({
        metadata: { hash, operationType: 'receive' },
        transfers: [{ direction: 'in', quantity: { numeric: '1.5' } }],
      })
    } finally {
      await indexer.stop()
      await devnet.stop()
    }
  }, 60_000)
})
