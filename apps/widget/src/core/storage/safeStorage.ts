export interface KeyValueStorage {
  get(key: string): string | undefined
  set(key: string, value: string): void
  remove(key: string): void
  /** False once writes only live in memory (storage denied to a third-party iframe). */
  readonly persistent: boolean
}

/**
 * Storage in a third-party iframe is partitioned and may throw (blocked cookies, quota, Safari
 * private mode). The first failure switches to memory for the rest of the page's life, so that
 * reads stay consistent with earlier writes; failures are ignored quietly (SPEC section 8).
 */
export function createSafeStorage(getBacking: () => Storage | undefined): KeyValueStorage {
  const memory = new Map<string, string>()
  let backing: Storage | undefined
  try {
    backing = getBacking()
  } catch {
    backing = undefined
  }

  const attempt = <T>(run: (storage: Storage) => T, fallback: () => T): T => {
    if (backing) {
      try {
        return run(backing)
      } catch {
        backing = undefined
      }
    }
    return fallback()
  }

  return {
    get persistent() {
      return backing !== undefined
    },
    get: (key) =>
      attempt(
        (s) => s.getItem(key) ?? undefined,
        () => memory.get(key),
      ),
    set: (key, value) => {
      memory.set(key, value)
      attempt(
        (s) => s.setItem(key, value),
        () => undefined,
      )
    },
    remove: (key) => {
      memory.delete(key)
      attempt(
        (s) => s.removeItem(key),
        () => undefined,
      )
    },
  }
}

export function createMemoryStorage(): KeyValueStorage {
  return createSafeStorage(() => undefined)
}
