import { afterEach, describe, expect, it, vi } from 'vitest'
import { runPeriodically } from './periodic'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('runPeriodically', () => {
  it('runs at start and every interval; a slow run is not doubled; a failure is logged and the next run goes on', async () => {
    vi.useFakeTimers()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let runs = 0
    let release: (() => void) | undefined
    const task = runPeriodically('test', 1000, async () => {
      runs++
      if (runs === 2) await new Promise<void>((resolve) => (release = resolve))
      if (runs === 3) throw new Error('boom')
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toBe(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(2)
    // Run 2 hangs: the next two ticks do not start another.
    await vi.advanceTimersByTimeAsync(2000)
    expect(runs).toBe(2)
    release!()
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(3)
    expect(errors).toHaveBeenCalledWith('[test] failed:', new Error('boom'))
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(4)
    await task.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(runs).toBe(4)
  })

  it('stop waits for the run in flight', async () => {
    let done = false
    const task = runPeriodically('test', 60_000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      done = true
    })
    await task.stop()
    expect(done).toBe(true)
  })
})
