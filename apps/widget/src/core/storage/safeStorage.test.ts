import { describe, expect, it } from 'vitest'
import { createSafeStorage } from './safeStorage'

class MapStorage implements Storage {
  map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  clear() {
    this.map.clear()
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
  setItem(key: string, value: string) {
    this.map.set(key, value)
  }
}

describe('createSafeStorage', () => {
  it('uses the backing storage when it works', () => {
    const backing = new MapStorage()
    const storage = createSafeStorage(() => backing)
    storage.set('k', 'v')
    expect(backing.getItem('k')).toBe('v')
    expect(storage.get('k')).toBe('v')
    storage.remove('k')
    expect(storage.get('k')).toBeUndefined()
  })

  it('falls back to memory when getting the storage throws (partitioned or blocked)', () => {
    const storage = createSafeStorage(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    storage.set('k', 'v')
    expect(storage.get('k')).toBe('v')
  })

  it('switches to memory quietly when an operation throws, keeping earlier writes', () => {
    const backing = new MapStorage()
    const storage = createSafeStorage(() => backing)
    storage.set('a', '1')
    backing.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    expect(() => storage.set('b', '2')).not.toThrow()
    expect(storage.get('a')).toBe('1')
    expect(storage.get('b')).toBe('2')
  })
})
