import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { createMemoryQuotaStore, createPostgresQuotaStore, projectQuota, type QuotaStore } from './quota'

let db: Database
beforeAll(async () => void (db = await openDatabase()))
afterAll(() => db?.close())

/** Both stores, the shared one's SQL here on PGlite (db/shared-state.postgres.test.ts races processes on a server). */
const stores: [string, () => QuotaStore][] = [
  ['memory', createMemoryQuotaStore],
  ['SQL', () => createPostgresQuotaStore(db)],
]

describe.each(stores)('project quota (%s)', (_name, storeOf) => {
  function quota(clock: { t: number }) {
    return projectQuota({ quota: { calls: 10, windowSeconds: 60 }, store: storeOf(), now: () => clock.t })
  }

  it('counts calls per project in fixed windows, refuses past the limit with the wait until the next window', async () => {
    const clock = { t: 120_000 }
    const q = quota(clock)
    expect(await q.take('demo', 8)).toEqual({ ok: true })
    clock.t = 150_000
    // 8 used: a batch of 3 would pass 10 and is refused whole, counting nothing; 2 still fit.
    expect(await q.take('demo', 3)).toEqual({
      ok: false,
      retryAfterSeconds: 30,
      message: 'Project demo has used its quota of 10 RPC calls per 60 s: try again in 30 s',
    })
    expect(await q.take('demo', 2)).toEqual({ ok: true })
    expect(await q.take('demo', 1)).toMatchObject({ ok: false })
    // Another project has its own count.
    expect(await q.take('other', 10)).toEqual({ ok: true })
    clock.t = 180_000
    expect(await q.take('demo', 10)).toEqual({ ok: true })
    // A first batch above the quota counts nothing.
    expect(await q.take('fresh', 11)).toMatchObject({ ok: false })
    expect(await q.take('fresh', 10)).toEqual({ ok: true })
  })
})
