import { describe, expect, it } from 'vitest'
import { median, percentile, tailLatency } from './stats'

describe('percentile', () => {
  it('uses the nearest-rank method', () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10]
    expect(median(values)).toBe(5)
    expect(percentile(values, 95)).toBe(10)
    expect(percentile(values, 10)).toBe(1)
    expect(median([])).toBeNaN()
  })
})

describe('tailLatency', () => {
  it('gives the p50 and p99 of unsorted times: the 10 slowest of 1000 requests are the 1 % tail', () => {
    const times = Array.from({ length: 1000 }, (_, i) => ((i * 7) % 1000) + 1) // 1..1000, shuffled
    expect(tailLatency(times)).toEqual({ p50: 500, p99: 990 })
    // One more slow request pushes 990 into the tail.
    expect(tailLatency(times.map((time) => (time === 1 ? 5000 : time)))).toEqual({ p50: 501, p99: 991 })
  })

  it('refuses fewer than 100 times, where a p99 would be the single slowest request', () => {
    expect(() => tailLatency(Array.from({ length: 99 }, () => 1))).toThrow('a p99 needs at least 100 samples, got 99')
    expect(tailLatency(Array.from({ length: 100 }, (_, i) => i + 1))).toEqual({ p50: 50, p99: 99 })
  })
})
