import type { Database } from './database'

/**
 * Housekeeping that runs at start and then every `intervalMs` (retention, purges): a run still
 * going when the next is due is not doubled, a failure is logged and the next run tries again, and
 * the timer does not keep the process alive. `stop()` waits for a run in flight, so the database
 * can be closed right after it.
 */
export interface PeriodicTask {
  stop(): Promise<void>
}

export function runPeriodically(name: string, intervalMs: number, task: () => Promise<unknown>): PeriodicTask {
  let inFlight: Promise<void> | undefined
  let stopped = false
  const run = () => {
    if (inFlight || stopped) return
    inFlight = task()
      .then(
        () => undefined,
        (error: unknown) => console.error(`[${name}] failed:`, error),
      )
      .finally(() => (inFlight = undefined))
  }
  run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return {
    stop() {
      stopped = true
      clearInterval(timer)
      return inFlight ?? Promise.resolve()
    },
  }
}

/** A table whose rows are done with once `column` (a time in ms) is past: shared buckets, caches. */
export interface Expiring {
  table: string
  column: string
}

/** Deletes the rows of `target` whose time is at or before `now`; answers how many. */
export async function purgeExpired(db: Pick<Database, 'query'>, target: Expiring, now: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM ${target.table} WHERE ${target.column} <= $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [now],
  )
  return rows[0]?.n ?? 0
}

/** purgeExpired at start and every minute. */
export function startExpiryPurge(name: string, db: Pick<Database, 'query'>, target: Expiring, now: () => number): PeriodicTask {
  return runPeriodically(name, 60_000, () => purgeExpired(db, target, now()))
}
