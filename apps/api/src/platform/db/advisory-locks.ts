import { createHash } from 'node:crypto'
import type pg from 'pg'
import type { Database, Lease } from './database'
import { localCoordination, type Coordination } from './local-locks'

/** How often a held lease proves its connection alive, and how long that query may take. */
const HEARTBEAT_MS = 5_000
/**
 * The server's TCP keepalive on a lease's connection (idle s, interval s, probes): when the holding
 * host vanishes without closing its socket, the server drops the session, and the lock, within
 * about 25 s instead of the operating system's default two hours.
 */
const SERVER_KEEPALIVE = { idle: 10, interval: 5, count: 3 }

/** What a lease or lock connection calls itself in pg_stat_activity: which process holds what. */
export const LOCK_APPLICATION_NAME = `airlock-lock:${process.pid}`

/** The 64-bit advisory lock key of a name (Postgres takes a bigint): the first 8 bytes of its SHA-256. */
export function advisoryKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString()
}

/**
 * Leases and locks of a Postgres server, for every process on the database: session advisory
 * locks, each on a connection of its own outside the pool, held while that connection is open.
 * When a holder's process dies its socket closes, its session ends, and Postgres frees the lock.
 *
 * `withLock` blocks in `pg_advisory_lock` on that dedicated connection rather than taking
 * `pg_advisory_xact_lock` in a pool transaction: a waiter then holds no pool connection, so
 * waiters can never starve the work they wait for (the holder's queries use the pool), and the
 * work may run its own transactions. In front of it, an in-process queue per name: one process
 * keeps one connection per name, however many of its callers wait.
 */
export function advisoryLocks(newClient: () => pg.Client): Coordination & { close(): Promise<void> } {
  const local = localCoordination()
  const open = new Set<pg.Client>()
  let closed = false

  async function connect(): Promise<pg.Client> {
    if (closed) throw new Error('The database is closed')
    const client = newClient()
    // A dropped connection is an 'error' on an idle client; unheard, it would end the process. Its
    // holder learns of it through 'end' (a lease: `lost`) or its pending query's rejection.
    client.on('error', () => undefined)
    open.add(client)
    client.once('end', () => open.delete(client))
    try {
      await client.connect()
    } catch (error) {
      open.delete(client)
      throw error
    }
    return client
  }
  const end = (client: pg.Client) => client.end().catch(() => undefined)

  return {
    async lease(name) {
      const client = await connect()
      let taken = false
      try {
        const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS taken', [advisoryKey(name)])
        taken = rows[0]?.taken === true
        if (taken) {
          await client.query(
            `SELECT set_config('tcp_keepalives_idle', $1, false), set_config('tcp_keepalives_interval', $2, false), set_config('tcp_keepalives_count', $3, false)`,
            [SERVER_KEEPALIVE.idle, SERVER_KEEPALIVE.interval, SERVER_KEEPALIVE.count].map(String),
          )
        }
      } catch (error) {
        await end(client)
        throw error
      }
      if (!taken) {
        await end(client)
        return undefined
      }
      let released = false
      let lose!: () => void
      const lost = new Promise<void>((resolve) => (lose = resolve))
      const drop = () => {
        clearInterval(heartbeat)
        if (!released) lose()
      }
      // A connection that dies silently (a network cut) fails its heartbeat: the lease ends here
      // at once (closing a dead socket may take long), about when the server's keepalive ends the
      // session there.
      const heartbeat = setInterval(() => {
        let timer: NodeJS.Timeout | undefined
        const late = new Promise((_, reject) => (timer = setTimeout(reject, HEARTBEAT_MS)))
        Promise.race([client.query('SELECT 1'), late])
          .catch(() => (drop(), end(client)))
          .finally(() => clearTimeout(timer))
      }, HEARTBEAT_MS)
      heartbeat.unref()
      client.once('end', drop)
      const lease: Lease = {
        lost,
        async release() {
          if (released) return
          released = true
          clearInterval(heartbeat)
          // Ending the session frees its advisory locks.
          await end(client)
        },
      }
      return lease
    },

    withLock(name, work) {
      return local.withLock(name, async () => {
        const client = await connect()
        try {
          await client.query('SELECT pg_advisory_lock($1::bigint)', [advisoryKey(name)])
          return await work()
        } finally {
          await end(client)
        }
      })
    },

    async close() {
      closed = true
      await Promise.all([...open].map(end))
    },
  }
}

/**
 * Who holds the lease or lock `name` on this database right now: its backend's pid and its
 * connection's application_name (`airlock-lock:<process id>`), for operators and tests.
 */
export async function lockHolder(db: Pick<Database, 'query'>, name: string): Promise<{ pid: number; applicationName: string } | undefined> {
  // An advisory lock's bigint key is split in two oids: classid, the high half, objid, the low one.
  const { rows } = await db.query<{ pid: number; applicationName: string }>(
    `SELECT l.pid, a.application_name AS "applicationName" FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND ((l.classid::bigint << 32) | l.objid::bigint) = $1::bigint`,
    [advisoryKey(name)],
  )
  return rows[0]
}
