/** A minimal listener set; each subscribe returns its unsubscribe. */
export function createListeners<T>() {
  const listeners = new Set<(value: T) => void>()
  return {
    add(listener: (value: T) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    remove(listener: (value: T) => void): void {
      listeners.delete(listener)
    },
    emit(value: T): void {
      for (const listener of [...listeners]) {
        try {
          listener(value)
        } catch (error) {
          // A dapp's throwing listener must not stop the others or our message handling.
          setTimeout(() => {
            throw error
          })
        }
      }
    },
    clear(): void {
      listeners.clear()
    },
  }
}
