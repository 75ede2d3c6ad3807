import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { memoryCache, postgresCache, purgeSharedCache, TtlCache, type ValueCache } from './cache'

let db: Database
beforeAll(async () => void (db = await openDatabase()))
afterAll(() => db?.close())

describe('TtlCache', () => {
  it('keeps an entry for the TTL on the injected clock, then drops it', () => {
    let now = 1_000
    const cache = new TtlCache<string>(30_000, () => now)
    cache.set('a', 'x')
    now += 29_999
    expect(cache.get('a')).toBe('x')
    now += 1
    expect(cache.get('a')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('restarts the TTL when an entry is replaced', () => {
    let now = 0
    const cache = new TtlCache<number>(10, () => now)
    cache.set('a', 1)
    now = 8
    cache.set('a', 2)
    now = 15
    expect(cache.get('a')).toBe(2)
  })

  it('evicts the oldest entry beyond its capacity', () => {
    const cache = new TtlCache<number>(1_000, () => 0, 2)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBe(2)
    expect(cache.get('c')).toBe(3)
  })
})

const Item = z.object({ symbol: z.string(), numeric: z.string() })
type Item = z.infer<typeof Item>
let scopes = 0

/** Both caches behind ValueCache, the shared one's SQL here on PGlite (db/shared-state.postgres.test.ts shares it between processes). */
describe.each<[string, (clock: { t: number }) => ValueCache<Item[]>]>([
  ['memory', (clock) => memoryCache({ ttlMs: 30_000, now: () => clock.t })],
  ['SQL', (clock) => postgresCache(db, { scope: `test-${++scopes}`, ttlMs: 30_000, now: () => clock.t, schema: z.array(Item) })],
])('ValueCache (%s)', (_name, cacheOf) => {
  it('answers a value for its TTL, then misses; a value set again replaces it and lives a TTL more', async () => {
    const clock = { t: 1_000_000 }
    const cache = cacheOf(clock)
    expect(await cache.get('eip155:1|0xabc')).toBeUndefined()
    await cache.set('eip155:1|0xabc', [{ symbol: 'ETH', numeric: '1.5' }])
    clock.t += 29_999
    expect(await cache.get('eip155:1|0xabc')).toEqual([{ symbol: 'ETH', numeric: '1.5' }])
    await cache.set('eip155:1|0xabc', [])
    clock.t += 29_999
    expect(await cache.get('eip155:1|0xabc')).toEqual([])
    expect(await cache.get('eip155:1|0xdef')).toBeUndefined()
    clock.t += 1
    expect(await cache.get('eip155:1|0xabc')).toBeUndefined()
  })
})

describe('the shared cache in the database', () => {
  it('keeps its scopes apart, reads a row its schema refuses as a miss, and purges what expired', async () => {
    const clock = { t: 2_000_000 }
    await purgeSharedCache(db, clock.t) // the rows of the tests above, long expired
    const balances = postgresCache(db, { scope: 'balance', ttlMs: 30_000, now: () => clock.t, schema: z.array(Item) })
    const other = postgresCache(db, { scope: 'other', ttlMs: 10_000, now: () => clock.t, schema: z.array(Item) })
    await balances.set('k', [{ symbol: 'ETH', numeric: '2' }])
    await other.set('k', [{ symbol: 'SOL', numeric: '3' }])
    expect(await balances.get('k')).toEqual([{ symbol: 'ETH', numeric: '2' }])
    expect(await other.get('k')).toEqual([{ symbol: 'SOL', numeric: '3' }])

    await db.query(`UPDATE shared_cache SET value = '[{"symbol":"ETH"}]' WHERE scope = 'balance' AND key = 'k'`)
    expect(await balances.get('k')).toBeUndefined()

    expect(await purgeSharedCache(db, clock.t + 9_999)).toBe(0)
    expect(await purgeSharedCache(db, clock.t + 10_000)).toBe(1)
    expect((await db.query("SELECT scope FROM shared_cache WHERE key = 'k'")).rows).toEqual([{ scope: 'balance' }])
  })
})
