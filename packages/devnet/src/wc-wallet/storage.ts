import type { CoreTypes } from '@walletconnect/types'

export type WalletConnectStorage = NonNullable<CoreTypes.Options['storage']>

/**
 * In-memory `storage` for a WalletConnect Core. Without it, Core in Node uses unstorage's fs-lite
 * driver (`storageOptions.database` is ignored by the Node build), i.e. files in the working
 * directory. Values are cloned in and out, as a serialising store would.
 */
export function memoryStorage(): WalletConnectStorage & { readonly size: number } {
  const items = new Map<string, unknown>()
  return {
    get size() {
      return items.size
    },
    async getKeys() {
      return [...items.keys()]
    },
    async getEntries<T>() {
      return [...items.entries()].map(([key, value]) => [key, structuredClone(value) as T] as [string, T])
    },
    async getItem<T>(key: string) {
      return items.has(key) ? (structuredClone(items.get(key)) as T) : undefined
    },
    async setItem<T>(key: string, value: T) {
      items.set(key, structuredClone(value))
    },
    async removeItem(key: string) {
      items.delete(key)
    },
  }
}
