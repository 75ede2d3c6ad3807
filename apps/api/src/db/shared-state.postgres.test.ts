import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresUnavailable, startTestPostgres, type TestPostgres } from '../testing/postgres'
import { LOCK_APPLICATION_NAME, lockHolder } from './advisory-locks'
import type { Database } from './database'
import { openDatabase } from './open'

/**
 * What several API processes on one Postgres server must agree on, shown with two database
 * handles on one database (two pools and their own lock connections, as two processes have).
 */

const unavailable = await postgresUnavailable()
if (unavailable) console.warn(`[shared-state.postgres.test] skipped: ${unavailable}`)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`not within ${ms} ms`)))])

describe.skipIf(unavailable !== undefined)('state shared by API processes on one Postgres server', () => {
  let server: TestPostgres
  let url: string
  let a: Database
  let b: Database

  beforeAll(async () => {
    server = await startTestPostgres()
    url = await server.createDatabase('shared_state')
    a = await openDatabase({ url })
    b = await openDatabase({ url })
  }, 120_000)

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    await server?.stop()
  }, 60_000)

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
})
