import type { Database } from '../../platform/db/database'
import type { RpcLimits } from './limits'

/**
 * Where the calls of each project are counted: in process memory, or, when several API processes
 * share a Postgres server, in its `rpc_quota` table, so that they count together.
 */
export interface QuotaStore {
  /**
   * Adds `calls` to the project's count in the window starting at `windowStart` (ms) unless the
   * count would pass `limit`; answers whether it did. Atomic per project and window.
   */
  take(projectId: string, windowStart: number, calls: number, limit: number): Promise<boolean>
}

/** One count per project, for its current window only: memory is bounded by the registered projects. */
export function createMemoryQuotaStore(): QuotaStore {
  const counts = new Map<string, { windowStart: number; calls: number }>()
  return {
    async take(projectId, windowStart, calls, limit) {
      const current = counts.get(projectId)
      const used = current?.windowStart === windowStart ? current.calls : 0
      if (used + calls > limit) return false
      counts.set(projectId, { windowStart, calls: used + calls })
      return true
    },
  }
}

/**
 * The database's `rpc_quota` (migration 026), one row per project: its window and count. One
 * upsert adds the calls, or starts the count over in a new window, only while it stays within the
 * limit; its row lock orders racing processes. A process whose clock is behind counts into the
 * newer window it finds.
 */
export function createPostgresQuotaStore(db: Pick<Database, 'query'>): QuotaStore {
  const counted = 'CASE WHEN q.window_start >= $2::bigint THEN q.calls + $3::int ELSE $3::int END'
  const sql = `INSERT INTO rpc_quota AS q (project_id, window_start, calls) VALUES ($1, $2::bigint, $3::int)
    ON CONFLICT (project_id) DO UPDATE SET window_start = GREATEST(q.window_start, $2::bigint), calls = ${counted}
    WHERE ${counted} <= $4::int
    RETURNING 1`
  return {
    async take(projectId, windowStart, calls, limit) {
      if (calls > limit) return false
      return (await db.query(sql, [projectId, windowStart, calls, limit])).rows.length > 0
    },
  }
}

/** Postgres when other processes share the database (they must count together), else memory. */
export function quotaStoreFor(db: Database | undefined): QuotaStore {
  return db?.shared ? createPostgresQuotaStore(db) : createMemoryQuotaStore()
}

export type QuotaDecision = { ok: true } | { ok: false; retryAfterSeconds: number; message: string }

/** Calls per project per fixed window, whichever client makes them. */
export function projectQuota(options: { quota: RpcLimits['projectQuota']; store: QuotaStore; now?: () => number }) {
  const now = options.now ?? Date.now
  const windowMs = options.quota.windowSeconds * 1000
  return {
    async take(projectId: string, calls: number): Promise<QuotaDecision> {
      const time = now()
      const windowStart = time - (time % windowMs)
      if (await options.store.take(projectId, windowStart, calls, options.quota.calls)) return { ok: true }
      const retryAfterSeconds = Math.ceil((windowStart + windowMs - time) / 1000)
      return {
        ok: false,
        retryAfterSeconds,
        message: `Project ${projectId} has used its quota of ${options.quota.calls} RPC calls per ${options.quota.windowSeconds} s: try again in ${retryAfterSeconds} s`,
      }
    },
  }
}
