/**
 * A small time-to-live cache with an injected clock (SPEC section 9: balances live 30 s). When
 * full, the oldest entry goes first.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (this.now() >= entry.expiresAt) {
      this.#entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: string, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, { value, expiresAt: this.now() + this.ttlMs })
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest === undefined) break
      this.#entries.delete(oldest)
    }
  }

  get size(): number {
    return this.#entries.size
  }
}
