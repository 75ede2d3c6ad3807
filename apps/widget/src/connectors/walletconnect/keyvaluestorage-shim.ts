/**
 * Stands in for `@walletconnect/keyvaluestorage` in the widget build (a Vite alias): the real
 * module touches `localStorage` when it is imported, which throws in a third-party iframe whose
 * storage is blocked. The core never uses this default class because the widget always passes
 * its own `storage` (storage.ts); it exists so that the core's import resolves.
 */
export default class MemoryKeyValueStorage {
  private readonly items = new Map<string, unknown>()
  async getKeys(): Promise<string[]> {
    return [...this.items.keys()]
  }
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.items.entries()] as [string, T][]
  }
  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return this.items.get(key) as T | undefined
  }
  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.items.set(key, value)
  }
  async removeItem(key: string): Promise<void> {
    this.items.delete(key)
  }
}
