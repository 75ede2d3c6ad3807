import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { advisoryLocks, LOCK_APPLICATION_NAME } from './advisory-locks'
import type { Database } from './database'
import { localCoordination } from './local-locks'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

interface Driver {
  db: Database
  /** Runs a script of several statements (migrations), without parameters. */
  exec(sql: string): Promise<void>
}

/**
 * Opens the API's storage: a Postgres server when `url` (DATABASE_URL) is given, else embedded
 * PGlite in `dataDir` (in memory when that is absent too), then applies pending migrations (the
 * API's, or another service's own set: the key service keeps a database of its own).
 */
export async function openDatabase(options: { url?: string; dataDir?: string; migrationsDir?: string } = {}): Promise<Database> {
  const driver = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir)
  try {
    await migrate(driver, options.migrationsDir ?? MIGRATIONS_DIR)
  } catch (error) {
    await driver.db.close()
    throw error
  }
  return driver.db
}

async function openPglite(dataDir: string | undefined): Promise<Driver> {
  const { PGlite } = await import('@electric-sql/pglite')
  const pglite = dataDir ? new PGlite(dataDir) : new PGlite()
  await pglite.waitReady
  // No other process can open it: leases and locks within this process are enough.
  const local = localCoordination()
  const coordination = { shared: false, lease: local.lease, withLock: local.withLock }
  type Queryable = Pick<typeof pglite, 'query'>
  const wrap = (q: Queryable): Pick<Database, 'query'> => ({
    query: async (sql, params) => ({ rows: (await q.query(sql, params ? [...params] : undefined)).rows as never[] }),
  })
  const db: Database = {
    ...wrap(pglite),
    ...coordination,
    transaction: (work) =>
      pglite.transaction((tx) => work({ ...wrap(tx), ...coordination, transaction: (inner) => inner(db), close: async () => {} })),
    close: async () => {
      local.close()
      await pglite.close()
    },
  }
  return { db, exec: async (sql) => void (await pglite.exec(sql)) }
}

async function openPostgres(url: string): Promise<Driver> {
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection the server drops (a restart, a failover, a stop while the pool closes) is
  // an 'error' on the pool; unheard, it would end the process. The pool connects again when asked.
  pool.on('error', (error) => console.warn(`[db] an idle Postgres connection ended: ${error.message}`))
  // Leases and locks hold connections of their own, outside the pool (advisory-locks.ts says why).
  const locks = advisoryLocks(() => new pg.Client({ connectionString: url, keepAlive: true, application_name: LOCK_APPLICATION_NAME }))
  const coordination = { shared: true, lease: locks.lease, withLock: locks.withLock }
  const db: Database = {
    query: async (sql, params) => ({ rows: (await pool.query(sql, params ? [...params] : undefined)).rows }),
    ...coordination,
    async transaction(work) {
      const client = await pool.connect()
      const tx: Database = {
        query: async (sql, params) => ({ rows: (await client.query(sql, params ? [...params] : undefined)).rows }),
        ...coordination,
        transaction: (inner) => inner(tx),
        close: async () => {},
      }
      try {
        await client.query('BEGIN')
        const result = await work(tx)
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      } finally {
        client.release()
      }
    },
    close: async () => {
      await locks.close()
      await pool.end()
    },
  }
  return { db, exec: async (sql) => void (await pool.query(sql)) }
}

/**
 * Applies `migrations/NNN_name.sql` in order, each once, each in its own transaction. Under a lock:
 * of several processes starting together on one server, one applies them while the others wait,
 * then find nothing left to apply (two concurrent `CREATE TABLE IF NOT EXISTS` can both fail).
 */
async function migrate({ db, exec }: Driver, dir: string): Promise<void> {
  await db.withLock('schema_migrations', async () => {
    await exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
    const applied = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version))
    const files = (await readdir(dir)).filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name)).sort()
    for (const file of files) {
      const version = file.slice(0, -'.sql'.length)
      if (applied.has(version)) continue
      const sql = await readFile(join(dir, file), 'utf8')
      await exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (version) VALUES ('${version}');\nCOMMIT;`)
    }
  })
}
