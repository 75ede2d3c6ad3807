import type { Database, Lease } from './database'

/** A task that runs until stopped (the history indexer, ...). */
export interface Stoppable {
  stop(): Promise<void>
}

export interface Exclusive extends Stoppable {
  /** True while this process holds the lease and runs the task. */
  holding(): boolean
}

export interface ExclusiveOptions {
  /** Pause between asks for the lease while another process holds it (default 2000 ms). */
  retryMs?: number
  /** Where taking over, losing the lease and failing to ask are reported (default console.info with the name). */
  log?: (message: string) => void
}

/**
 * Runs a task in one process at a time among every process on the database: whoever gets the
 * lease `name` starts it; the others ask again every `retryMs`. A holder that loses its lease (its
 * connection died) stops the task and asks again; a holder that dies loses the lease with its
 * connection, and another process takes over at its next ask. `stop()` stops the task and gives
 * the lease up. With PGlite (one process) the lease is always free: the task runs at once.
 */
export function runExclusively(
  db: Pick<Database, 'lease'>,
  name: string,
  start: () => Stoppable,
  options: ExclusiveOptions = {},
): Exclusive {
  const retryMs = options.retryMs ?? 2000
  const log = options.log ?? ((message: string) => console.info(`[${name}] ${message}`))
  let stopped = false
  let running = false
  let signalStop!: () => void
  const stopping = new Promise<'stop'>((resolve) => (signalStop = () => resolve('stop')))
  const pause = () => {
    let timer: NodeJS.Timeout | undefined
    const wait = new Promise((resolve) => (timer = setTimeout(resolve, retryMs)))
    timer!.unref()
    return Promise.race([wait, stopping]).finally(() => clearTimeout(timer))
  }

  /** Runs the task while `lease` holds; answers once it is stopped. */
  async function hold(lease: Lease): Promise<void> {
    let task: Stoppable
    try {
      task = start()
    } catch (error) {
      log(`could not start: ${(error as Error).message}`)
      await lease.release()
      return
    }
    running = true
    log(`took the lease: running in this process (pid ${process.pid})`)
    const ended = await Promise.race([lease.lost.then(() => 'lost' as const), stopping])
    running = false
    await task.stop()
    if (ended === 'lost') log('lost the lease (its connection ended): stopped, asking again')
    await lease.release()
  }

  const loop = (async () => {
    let failing = false
    while (!stopped) {
      let lease: Lease | undefined
      try {
        lease = await db.lease(name)
        if (failing) log('can ask for the lease again')
        failing = false
      } catch (error) {
        // Logged once until it works again: the database may be down for a while.
        if (!failing) log(`could not ask for the lease: ${(error as Error).message}`)
        failing = true
      }
      if (lease && stopped) await lease.release()
      else if (lease) await hold(lease)
      if (!stopped) await pause()
    }
  })()

  return {
    holding: () => running,
    async stop() {
      stopped = true
      signalStop()
      await loop
    },
  }
}
