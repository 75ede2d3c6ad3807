import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { createChainRegistry } from '../../chains/registry'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import type { ApiDeps } from '../deps'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { MAX_OPEN_SESSIONS_PER_USER, type OnrampSandboxConfig } from './catalog'
import { onrampCheckoutRoutes } from './checkout'
import { onrampRoutes } from './routes'
import { claimSession, purgeExpiredSessions, SESSION_PURGE_GRACE_MS, startSessionPurge } from './store'

/** The cap on open checkout sessions and the purge of expired ones, on real storage (PGlite). */

const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const config: OnrampSandboxConfig = {
  networks: [
    {
      chain: 'eip155:31337',
      name: 'airlock-devnet',
      displayName: 'Airlock Devnet',
      tokens: [{ address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
    },
  ],
  treasuryPrivateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
}
const T0 = Date.UTC(2030, 0, 1)
const TTL = 30 * 60_000
const PROJECTS = ['demo', 'other'].map((id) => ({ id, name: id, allowedOrigins: [], features: { analytics: false } }))

let db: Database
let clock: { now: number }
let app: Hono<{ Variables: ApiVariables }>

beforeAll(async () => {
  db = await openDatabase()
  clock = { now: T0 }
  const projects = createMemoryProjectRegistry(PROJECTS)
  const deps: ApiDeps = {
    db,
    // A registry whose chain is never called: the cap and the checkout page need no node.
    chains: createChainRegistry({ 'eip155:31337': 'http://127.0.0.1:9' }),
    projects,
    apiOrigin: 'http://api.localhost:4403',
    now: () => clock.now,
  }
  app = new Hono<{ Variables: ApiVariables }>()
  app.use('/v1/*', async (c, next) => {
    c.set('project', (await projects.getProject(c.req.query('projectId') ?? ''))!)
    await next()
  })
  app.route('/v1', onrampRoutes(deps, config))
  app.route('/', onrampCheckoutRoutes(deps, config))
}, 120_000)
afterAll(() => db?.close())
beforeEach(async () => {
  clock.now = T0
  await db.query('TRUNCATE onramp_sessions CASCADE')
})

const checkout = async (partnerUserId: string, projectId = 'demo') => {
  const res = await app.request(`/v1/generators/onrampurl?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destinationWallets: [{ address: partnerUserId, assets: ['USDC'] }], partnerUserId, presetFiatAmount: '20' }),
  })
  const body = (await res.json()) as { url?: string; error?: string }
  return { status: res.status, retryAfter: res.headers.get('Retry-After'), error: body.error, id: body.url?.split('/').at(-1) }
}
const pageStatus = async (id: string) => (await app.request(`/onramp/checkout/${id}`)).status
const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM onramp_sessions')).rows[0]!.n

describe('POST /v1/generators/onrampurl: open sessions per user', () => {
  it('refuses the 11th open checkout of a user with 429 until the first expires; other users and projects go on', async () => {
    const first = await checkout(ALICE)
    for (let i = 1; i < MAX_OPEN_SESSIONS_PER_USER; i++) {
      clock.now = T0 + i * 1000
      expect((await checkout(ALICE)).status).toBe(200)
    }
    clock.now = T0 + 10_000
    const over = await checkout(ALICE)
    expect(over).toMatchObject({
      status: 429,
      retryAfter: String((TTL - 10_000) / 1000),
      error: 'This user already has 10 open checkouts, the most allowed: pay one, or try again in 1790 s',
    })
    expect(await count()).toBe(10)
    expect((await checkout(BOB)).status).toBe(200)
    expect((await checkout(ALICE, 'other')).status).toBe(200)

    // The first one expires: a slot is free again (and only one).
    clock.now = T0 + TTL
    expect(await pageStatus(first.id!)).toBe(410)
    expect((await checkout(ALICE)).status).toBe(200)
    expect((await checkout(ALICE)).status).toBe(429)
  })

  it('counts only unpaid sessions: a paid checkout frees its slot', async () => {
    const ids = []
    for (let i = 0; i < MAX_OPEN_SESSIONS_PER_USER; i++) ids.push((await checkout(ALICE)).id!)
    expect((await checkout(ALICE)).status).toBe(429)
    expect(await claimSession(db, ids[3]!, new Date(clock.now))).toBe(true)
    expect((await checkout(ALICE)).status).toBe(200)
  })

  it('holds under parallel requests: exactly the cap is created', async () => {
    const results = await Promise.all(Array.from({ length: 15 }, () => checkout(ALICE)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_OPEN_SESSIONS_PER_USER)
    expect(results.filter((r) => r.status === 429)).toHaveLength(5)
    expect(await count()).toBe(MAX_OPEN_SESSIONS_PER_USER)
  })
})

describe('the purge of expired sessions', () => {
  it('deletes open sessions an hour past their expiry; live and paid ones stay', async () => {
    const old = await checkout(ALICE)
    const paid = await checkout(BOB)
    expect(await claimSession(db, paid.id!, new Date(clock.now))).toBe(true)
    clock.now = T0 + TTL + SESSION_PURGE_GRACE_MS - 1000
    const live = await checkout(ALICE)
    // Expired, not yet purged: the page still says so.
    expect(await purgeExpiredSessions(db, new Date(clock.now - SESSION_PURGE_GRACE_MS))).toBe(0)
    expect(await pageStatus(old.id!)).toBe(410)

    clock.now += 1001
    expect(await purgeExpiredSessions(db, new Date(clock.now - SESSION_PURGE_GRACE_MS))).toBe(1)
    expect(await pageStatus(old.id!)).toBe(404)
    expect(await pageStatus(paid.id!)).toBe(409)
    expect(await pageStatus(live.id!)).toBe(200)
  })

  it('runs at start (and then every 10 minutes), and stop waits for the run', async () => {
    const ids = [(await checkout(ALICE)).id!, (await checkout(BOB)).id!]
    const task = startSessionPurge(db, () => T0 + TTL + SESSION_PURGE_GRACE_MS + 1)
    await task.stop()
    expect(await count()).toBe(0)
    for (const id of ids) expect(await pageStatus(id)).toBe(404)
  })
})
