import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { openDatabase } from '../db/open'
import { memoryBucketStore, postgresBucketStore, purgeRateBuckets, type BucketStore } from './bucket-store'
import { rateLimit } from './rate-limit'

let db: Database
beforeAll(async () => void (db = await openDatabase()))
afterAll(() => db?.close())

/**
 * The same behaviour from both stores: memory, and the SQL of the shared one, here on PGlite (the
 * Postgres server tests, db/shared-state.postgres.test.ts, race two processes on it). Each limit
 * gets a scope of its own in the shared table.
 */
let scopes = 0
const stores: [string, () => BucketStore][] = [
  ['memory', () => memoryBucketStore],
  ['SQL', () => postgresBucketStore(db)],
]

describe.each(stores)('rateLimit (%s buckets)', (_name, storeOf) => {
  function app(now: { t: number }) {
    const hono = new Hono()
    const key = (c: { req: { header(name: string): string | undefined } }) => c.req.header('x-client') ?? 'anon'
    hono.use('*', rateLimit({ scope: `test-${++scopes}`, store: storeOf(), capacity: 3, refillPerSecond: 1, key, now: () => now.t }))
    hono.get('/', (c) => c.text('ok'))
    return hono
  }

  it('lets a burst through, then answers 429 with Retry-After and the error shape', async () => {
    const clock = { t: 0 }
    const hono = app(clock)
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await hono.request('/', { headers: { 'x-client': 'a' } })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await hono.request('/', { headers: { 'x-client': 'a' } })
    expect(limited.headers.get('Retry-After')).toBe('1')
    expect(await limited.json()).toEqual({
      status: 429,
      error: 'Too many requests: try again in 1 s',
      reasons: [{ description: 'Too many requests: try again in 1 s' }],
    })
  })

  it('refills over time and keeps clients apart', async () => {
    const clock = { t: 0 }
    const hono = app(clock)
    for (let i = 0; i < 3; i++) await hono.request('/', { headers: { 'x-client': 'a' } })
    expect((await hono.request('/', { headers: { 'x-client': 'a' } })).status).toBe(429)
    expect((await hono.request('/', { headers: { 'x-client': 'b' } })).status).toBe(200)
    clock.t = 1000
    expect((await hono.request('/', { headers: { 'x-client': 'a' } })).status).toBe(200)
    expect((await hono.request('/', { headers: { 'x-client': 'a' } })).status).toBe(429)
  })

  it('charges what the cost function says, waits for enough tokens, and refuses outright a cost over the capacity', async () => {
    const clock = { t: 0 }
    const hono = new Hono()
    const cost = (c: { req: { header(name: string): string | undefined } }) => Number(c.req.header('x-cost'))
    const store = storeOf()
    hono.use(
      '*',
      rateLimit({ scope: `test-${++scopes}`, store, capacity: 10, refillPerSecond: 2, key: () => 'one', cost, now: () => clock.t }),
    )
    hono.get('/', (c) => c.text('ok'))
    const send = (n: number) => hono.request('/', { headers: { 'x-cost': String(n) } })
    expect((await send(8)).status).toBe(200)
    const short = await send(5)
    expect(short.status).toBe(429)
    expect(short.headers.get('Retry-After')).toBe('2') // 2 tokens left, 3 more at 2 per second
    expect((await send(2)).status).toBe(200)
    clock.t = 5000
    expect((await send(10)).status).toBe(200)
    const never = await send(11)
    expect(never.status).toBe(429)
    expect(never.headers.get('Retry-After')).toBeNull()
    expect((await never.json()).error).toBe('Too many requests: one request may take at most 10 calls')
  })
})

describe('purgeRateBuckets', () => {
  it('drops the buckets that are full again, and only those', async () => {
    await purgeRateBuckets(db, Number.MAX_SAFE_INTEGER) // the buckets of the tests above
    const hono = new Hono()
    const clock = { t: 1_000_000 }
    hono.use(
      '*',
      rateLimit({
        scope: 'purge',
        store: postgresBucketStore(db),
        capacity: 4,
        refillPerSecond: 2,
        key: (c) => c.req.header('x-client')!,
        now: () => clock.t,
      }),
    )
    hono.get('/', (c) => c.text('ok'))
    const call = (client: string) => hono.request('/', { headers: { 'x-client': client } })
    await call('one') // full again 500 ms later
    for (let i = 0; i < 4; i++) await call('four') // full again in 2 s
    expect(await purgeRateBuckets(db, clock.t + 499)).toBe(0)
    expect(await purgeRateBuckets(db, clock.t + 500)).toBe(1)
    expect((await call('four')).status).toBe(429)
    expect(await purgeRateBuckets(db, clock.t + 1999)).toBe(0)
    clock.t += 2000
    expect(await purgeRateBuckets(db, clock.t)).toBe(1)
    // A purged bucket is a full one.
    for (let i = 0; i < 4; i++) expect((await call('four')).status).toBe(200)
    expect((await call('four')).status).toBe(429)
  })
})
