import { describe, expect, it } from 'vitest'
import { TtlCache } from './cache'

describe('TtlCache', () => {
  it('keeps an entry for the TTL on the injected clock, then drops it', () => {
    let now = 1_000
    const cache = new TtlCache<string>(30_000, () => now)
    cache.set('a', 'x')
    now += 29_999
    expect(cache.get('a')).toBe('x')
    now += 1
    expect(cache.get('a')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('restarts the TTL when an entry is replaced', () => {
    let now = 0
    const cache = new TtlCache<number>(10, () => now)
    cache.set('a', 1)
    now = 8
    cache.set('a', 2)
    now = 15
    expect(cache.get('a')).toBe(2)
  })

  it('evicts the oldest entry beyond its capacity', () => {
    const cache = new TtlCache<number>(1_000, () => 0, 2)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBe(2)
    expect(cache.get('c')).toBe(3)
  })
})
