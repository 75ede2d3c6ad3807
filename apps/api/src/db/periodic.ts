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
