import { describe, expect, it } from 'vitest'
import { localCoordination } from './local-locks'
import { openDatabase } from './open'

const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 20))])

describe('leases and locks of PGlite (one process)', () => {
  it('is not shared; refuses a held lease until it is released, and loses every lease when closed', async () => {
    const db = await openDatabase()
    expect(db.shared).toBe(false)
    const first = await db.lease('indexer')
    expect(first).toBeDefined()
    expect(await db.lease('indexer')).toBeUndefined()
    expect(await db.lease('other')).toBeDefined()
    await first!.release()
    await first!.release()
    const second = await db.lease('indexer')
    expect(second).toBeDefined()
    // The first holder's late release does not free the second's lease.
    await first!.release()
    expect(await db.lease('indexer')).toBeUndefined()
    expect(await settled(second!.lost)).toBe('pending')
    await db.close()
    expect(await settled(second!.lost)).toBe('settled')
  })

  it('runs the works of one lock one at a time, in order, and goes on after one fails', async () => {
    const db = localCoordination()
    const events: string[] = []
    const work =
      (name: string, fail = false) =>
      async () => {
        events.push(`${name} in`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        events.push(`${name} out`)
        if (fail) throw new Error(`${name} failed`)
        return name
      }
    const results = await Promise.allSettled([
      db.withLock('payout', work('a')),
      db.withLock('payout', work('b', true)),
      db.withLock('payout', work('c')),
    ])
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([
      'a',
      'b failed',
      'c',
    ])
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out'])
    // Another name does not wait.
    const order: string[] = []
    await Promise.all([
      db.withLock('x', async () => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        order.push('x')
      }),
      db.withLock('y', async () => void order.push('y')),
    ])
    expect(order).toEqual(['y', 'x'])
  })
})
