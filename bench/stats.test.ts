import { describe, expect, it } from 'vitest'
import { median, percentile } from './stats'

describe('percentile', () => {
  it('uses the nearest-rank method', () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10]
    expect(median(values)).toBe(5)
    expect(percentile(values, 95)).toBe(10)
    expect(percentile(values, 10)).toBe(1)
    expect(median([])).toBeNaN()
  })
})
