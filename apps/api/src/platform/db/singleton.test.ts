import { describe, expect, it } from 'vitest'
import { localCoordination } from './local-locks'
import { runExclusively } from './singleton'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A task that counts its starts and stops, and what its runner logged. */
function recorder() {
  const events: string[] = []
  const logs: string[] = []
  return {
    events,
    logs,
    start: (who: string) => () => {
      events.push(`${who} started`)
      return { stop: async () => void events.push(`${who} stopped`) }
    },
    log: (message: string) => void logs.push(message),
  }
}

/** PGlite's leases (local-locks.ts), without the migrations of a whole database. */
describe('runExclusively (PGlite: one process)', () => {
  it('runs the task in one runner; another takes over within retryMs once the first stops', async () => {
    const db = localCoordination()
    const task = recorder()
    const first = runExclusively(db, 'indexer', task.start('first'), { retryMs: 20, log: task.log })
    await sleep(10)
    const second = runExclusively(db, 'indexer', task.start('second'), { retryMs: 20 })
    await sleep(60)
    expect([first.holding(), second.holding()]).toEqual([true, false])
    expect(task.events).toEqual(['first started'])
    expect(task.logs).toEqual([`took the lease: running in this process (pid ${process.pid})`])

    await first.stop()
    expect(first.holding()).toBe(false)
    await sleep(60)
    expect(second.holding()).toBe(true)
    expect(task.events).toEqual(['first started', 'first stopped', 'second started'])
    await second.stop()
    await second.stop()
    expect(task.events).toEqual(['first started', 'first stopped', 'second started', 'second stopped'])
    db.close()
  })

  it('stops the task when the database closes under it and reports once that it cannot ask again', async () => {
    const db = localCoordination()
    const task = recorder()
    const runner = runExclusively(db, 'indexer', task.start('only'), { retryMs: 10, log: task.log })
    await sleep(20)
    expect(runner.holding()).toBe(true)
    db.close()
    await sleep(60)
    expect(runner.holding()).toBe(false)
    expect(task.events).toEqual(['only started', 'only stopped'])
    expect(task.logs.slice(1)).toEqual([
      'lost the lease (its connection ended): stopped, asking again',
      'could not ask for the lease: The database is closed',
    ])
    await runner.stop()
  })

  it('gives the lease back when the task cannot start, and tries again', async () => {
    const db = localCoordination()
    const logs: string[] = []
    let attempts = 0
    const runner = runExclusively(
      db,
      'indexer',
      () => {
        if (++attempts < 3) throw new Error('no chains yet')
        return { stop: async () => undefined }
      },
      { retryMs: 10, log: (message) => logs.push(message) },
    )
    await sleep(80)
    expect(runner.holding()).toBe(true)
    expect(logs.slice(0, 2)).toEqual(['could not start: no chains yet', 'could not start: no chains yet'])
    await runner.stop()
    expect(await db.lease('indexer')).toBeDefined()
    db.close()
  })
})
