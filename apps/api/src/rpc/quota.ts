import type { RpcLimits } from './limits'

/**
 * Where the calls of each project are counted: in process memory for now; a store shared by every
 * API process (Postgres, `INSERT … ON CONFLICT DO UPDATE … WHERE calls + $n <= $limit`) fits the
 * same interface.
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
