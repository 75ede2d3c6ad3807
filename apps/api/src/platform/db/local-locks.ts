import type { Database, Lease } from './database'

export type Coordination = Pick<Database, 'lease' | 'withLock'>

/**
 * Leases and locks within this one process (PGlite's, which no other process can open): a lease
 * is refused while held; `withLock` runs the works of one name one after the other. `close()`
 * ends every lease (the database closes); no lease is given after it.
 */
export function localCoordination(): Coordination & { close(): void } {
  const held = new Map<string, () => void>()
  const queues = new Map<string, Promise<void>>()
  let closed = false
  return {
    async lease(name) {
      if (closed) throw new Error('The database is closed')
      if (held.has(name)) return undefined
      let lose!: () => void
      const lost = new Promise<void>((resolve) => (lose = resolve))
      held.set(name, lose)
      const lease: Lease = {
        lost,
        async release() {
          if (held.get(name) === lose) held.delete(name)
        },
      }
      return lease
    },
    withLock(name, work) {
      const run = (queues.get(name) ?? Promise.resolve()).then(work)
      const tail = run.then(
        () => undefined,
        () => undefined,
      )
      queues.set(name, tail)
      // The map keeps only names with work queued or running.
      void tail.then(() => queues.get(name) === tail && queues.delete(name))
      return run
    },
    close() {
      closed = true
      for (const lose of held.values()) lose()
      held.clear()
    },
  }
}
