import type * as z from 'zod'
import type { Database } from '../../platform/db/database'
import { purgeExpired, startExpiryPurge, type PeriodicTask } from '../../platform/db/periodic'

/**
 * A small time-to-live cache with an injected clock (SPEC section 9: balances live 30 s). When
 * full, the oldest entry goes first.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (this.now() >= entry.expiresAt) {
      this.#entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: string, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, { value, expiresAt: this.now() + this.ttlMs })
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest === undefined) break
      this.#entries.delete(oldest)
    }
  }

  get size(): number {
    return this.#entries.size
  }
}

/** Values that live a while, by key: in this process's memory, or in a database several processes share. */
export interface ValueCache<V> {
  get(key: string): Promise<V | undefined>
  set(key: string, value: V): Promise<void>
}

export interface ValueCacheOptions<V> {
  /** Names the cache: the caches of one database must each have their own. */
  scope: string
  ttlMs: number
  now: () => number
  /** What a value read back from the database must be (a row that is not is a miss). */
  schema: z.ZodType<V>
}

export function memoryCache<V>(options: { ttlMs: number; now: () => number; maxEntries?: number }): ValueCache<V> {
  const cache = new TtlCache<V>(options.ttlMs, options.now, options.maxEntries)
  return {
    get: async (key) => cache.get(key),
    set: async (key, value) => cache.set(key, value),
  }
}

/**
 * The database's `shared_cache` (migration 026), as JSON: every process reads what any of them
 * wrote last, so a value one refreshed is the value all answer. Expired rows read as misses
 * until the purge drops them.
 */
export function postgresCache<V>(db: Pick<Database, 'query'>, options: ValueCacheOptions<V>): ValueCache<V> {
  const { scope, ttlMs, now, schema } = options
  return {
    async get(key) {
      const { rows } = await db.query<{ value: string }>(
        'SELECT value FROM shared_cache WHERE scope = $1 AND key = $2 AND expires_ms > $3',
        [scope, key, now()],
      )
      if (!rows[0]) return undefined
      const parsed = schema.safeParse(JSON.parse(rows[0].value))
      return parsed.success ? parsed.data : undefined
    },
    async set(key, value) {
      await db.query(
        `INSERT INTO shared_cache (scope, key, value, expires_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT (scope, key) DO UPDATE SET value = EXCLUDED.value, expires_ms = EXCLUDED.expires_ms`,
        [scope, key, JSON.stringify(value), now() + ttlMs],
      )
    },
  }
}

/** Postgres when other processes share the database (they must answer alike), else memory. */
export function cacheFor<V>(db: Database | undefined, options: ValueCacheOptions<V>): ValueCache<V> {
  return db?.shared ? postgresCache(db, options) : memoryCache(options)
}

const EXPIRED_VALUES = { table: 'shared_cache', column: 'expires_ms' }

/** Drops the expired rows of every shared cache; answers how many. */
export const purgeSharedCache = (db: Pick<Database, 'query'>, now: number) => purgeExpired(db, EXPIRED_VALUES, now)

/** The purge at start and every minute (for a shared database: memory caches drop their own). */
export const startSharedCachePurge = (db: Pick<Database, 'query'>, now: () => number): PeriodicTask =>
  startExpiryPurge('shared cache purge', db, EXPIRED_VALUES, now)
