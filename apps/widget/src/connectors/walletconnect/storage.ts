/**
 * The key-value storage WalletConnect's core keeps its keychain, pairings and sessions in.
 *
 * The core's own storage reads `localStorage`/IndexedDB, which browsers deny to a third-party
 * iframe when third-party cookies are blocked (Chromium incognito, Brave, this test machine):
 * the import itself throws there. So the core gets this store instead: memory first, written
 * through (debounced) as one JSON blob to wherever the widget can persist — its own storage when
 * the browser allows it, else the host page's storage through the host SDK. Trade-off: in the
 * second case the dapp page can read the WalletConnect session keys of its own session.
 */
export interface BlobPersistence {
  load(): Promise<string | null | undefined>
  save(value: string): void
}

/** The host SDK's storageSet takes values up to 100 000 characters. */
export const MAX_PERSISTED_CHARS = 100_000
export const SAVE_DELAY_MS = 50

/** Stores that can be rebuilt: dropped first when the blob would not fit. */
const EXPENDABLE = /:(history|messages)$/

export interface WalletConnectStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
  /** Writes pending changes now (page hide, disconnect). */
  flush(): void
}

export async function createWalletConnectStorage(persistence: BlobPersistence): Promise<WalletConnectStorage> {
  const items = new Map<string, unknown>(parseBlob(await persistence.load().catch(() => undefined)))
  let timer: ReturnType<typeof setTimeout> | undefined

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    persistence.save(serialize(items))
  }
  const changed = () => {
    timer ??= setTimeout(flush, SAVE_DELAY_MS)
  }

  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() => [...items.entries()] as [string, T][],
    getItem: async <T>(key: string) => items.get(key) as T | undefined,
    setItem: async (key, value) => {
      items.set(key, value)
      changed()
    },
    removeItem: async (key) => {
      if (items.delete(key)) changed()
    },
    flush,
  }
}

function parseBlob(blob: string | null | undefined): [string, unknown][] {
  if (!blob) return []
  try {
    const parsed: unknown = JSON.parse(blob)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : []
  } catch {
    return []
  }
}

function serialize(items: Map<string, unknown>): string {
  const all = JSON.stringify(Object.fromEntries(items))
  if (all.length <= MAX_PERSISTED_CHARS) return all
  const essential = JSON.stringify(Object.fromEntries([...items].filter(([key]) => !EXPENDABLE.test(key))))
  // Too big even so: keep nothing rather than a truncated keychain.
  return essential.length <= MAX_PERSISTED_CHARS ? essential : '{}'
}
