import type { Database } from '../db/database'
import { purgeExpired, startExpiryPurge, type PeriodicTask } from '../db/periodic'

export interface BucketLimits {
  /** Requests a client may make in a burst. */
  capacity: number
  /** Requests per second a client earns back. */
  refillPerSecond: number
  /** Buckets kept at most in memory; the least recently used are forgotten first. */
  maxClients?: number
}

/** The buckets of one limit: `take` spends `cost` tokens of `key`'s bucket at `time` (ms) and answers 0, or the seconds until it holds enough (spending nothing). */
export interface Buckets {
  take(key: string, cost: number, time: number): Promise<number>
}

/** Where the buckets of a limit live; `scope` names the limit, so that two limits never share a bucket. */
export type BucketStore = (scope: string, limits: BucketLimits) => Buckets

const waitFor = (missing: number, refillPerSecond: number) => Math.ceil(missing / refillPerSecond)

/** This process's memory: one map per limit, the least recently used keys forgotten beyond maxClients. */
export const memoryBucketStore: BucketStore = (_scope, limits) => {
  const maxClients = limits.maxClients ?? 10_000
  const buckets = new Map<string, { tokens: number; updated: number }>()
  return {
    async take(key, cost, time) {
      const bucket = buckets.get(key) ?? { tokens: limits.capacity, updated: time }
      buckets.delete(key)
      bucket.tokens = Math.min(limits.capacity, bucket.tokens + ((time - bucket.updated) / 1000) * limits.refillPerSecond)
      bucket.updated = time
      buckets.set(key, bucket)
      if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value!)
      if (bucket.tokens < cost) return waitFor(cost - bucket.tokens, limits.refillPerSecond)
      bucket.tokens -= cost
      return 0
    },
  }
}

// $1 scope, $2 key, $3 capacity, $4 refill per second, $5 cost, $6 now (ms). A clock behind the
// stored time refills nothing rather than taking tokens back.
const REFILLED = 'LEAST($3::float8, b.tokens + GREATEST(0, $6::bigint - b.updated_ms)::float8 / 1000 * $4::float8)'
const fullAt = (tokens: string) => `GREATEST(b.updated_ms, $6::bigint) + ceil(($3::float8 - (${tokens})) / $4::float8 * 1000)::bigint`
/**
 * Spends if the refilled bucket holds `cost` (a new bucket starts full). The row lock of ON
 * CONFLICT DO UPDATE orders racing processes: each sees the tokens the previous one left, so two
 * never both spend the last token.
 */
const SPEND = `
INSERT INTO rate_buckets AS b (scope, key, tokens, updated_ms, full_ms)
VALUES ($1, $2, $3::float8 - $5::float8, $6::bigint, $6::bigint + ceil($5::float8 / $4::float8 * 1000)::bigint)
ON CONFLICT (scope, key) DO UPDATE SET
  tokens = ${REFILLED} - $5::float8,
  updated_ms = GREATEST(b.updated_ms, $6::bigint),
  full_ms = ${fullAt(`${REFILLED} - $5::float8`)}
WHERE ${REFILLED} >= $5::float8
RETURNING 1`
/**
 * What a refused bucket lacks. A statement of its own, so that it reads the latest spends (a read
 * in SPEND's statement would see the rows as they were when it began, before a racing spend).
 */
const MISSING = `SELECT $5::float8 - ${REFILLED} AS missing FROM rate_buckets b WHERE scope = $1 AND key = $2`

/** The database's `rate_buckets` (migration 026): every process on it spends from the same buckets. */
export function postgresBucketStore(db: Pick<Database, 'query'>): BucketStore {
  return (scope, limits) => ({
    async take(key, cost, time) {
      // No wait helps a cost above the capacity: answer as a full bucket would, without a row.
      if (cost > limits.capacity) return waitFor(cost - limits.capacity, limits.refillPerSecond)
      const params = [scope, key, limits.capacity, limits.refillPerSecond, cost, time]
      if ((await db.query(SPEND, params)).rows.length > 0) return 0
      // Refused (the rare path: a client over its limit). A bucket purged meanwhile is full: try again in a second.
      const { rows } = await db.query<{ missing: number }>(MISSING, params)
      return Math.max(1, waitFor(rows[0]?.missing ?? 0, limits.refillPerSecond))
    },
  })
}

/** Postgres when other processes share the database (they must see the same buckets), else memory. */
export function bucketStoreFor(db: Database | undefined): BucketStore {
  return db?.shared ? postgresBucketStore(db) : memoryBucketStore
}

const FULL_BUCKETS = { table: 'rate_buckets', column: 'full_ms' }

/** Drops the buckets that are full again (as good as absent); answers how many. */
export const purgeRateBuckets = (db: Pick<Database, 'query'>, now: number) => purgeExpired(db, FULL_BUCKETS, now)

/** The purge at start and every minute (for a shared database: memory buckets forget on their own). */
export const startRateBucketPurge = (db: Pick<Database, 'query'>, now: () => number): PeriodicTask =>
  startExpiryPurge('rate limit purge', db, FULL_BUCKETS, now)
