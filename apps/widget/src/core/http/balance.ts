/** SPEC section 9: native balance cached 30 s; a failed fetch is not retried for 30 s. */
export const BALANCE_TTL_MS = 30_000
export const BALANCE_RETRY_GATE_MS = 30_000

type Entry = { value: bigint; at: number } | { error: unknown; at: number }

export interface BalanceCache {
  get(caipNetworkId: string, address: string): Promise<bigint>
}

/** A cache over `read` (a family's native balance read): one request per key at a time, results and failures kept as SPEC section 9 says. */
export function createBalanceCache(
  read: (caipNetworkId: string, address: string) => Promise<bigint>,
  now: () => number = Date.now,
): BalanceCache {
  const entries = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<bigint>>()

  const fetchBalance = async (key: string, caipNetworkId: string, address: string) => {
    try {
      const value = await read(caipNetworkId, address)
      entries.set(key, { value, at: now() })
      return value
    } catch (error) {
      entries.set(key, { error, at: now() })
      throw error
    }
  }

  return {
    get(caipNetworkId, address) {
      const key = `${caipNetworkId}:${address}`
      const entry = entries.get(key)
      if (entry && 'value' in entry && now() - entry.at < BALANCE_TTL_MS) return Promise.resolve(entry.value)
      if (entry && 'error' in entry && now() - entry.at < BALANCE_RETRY_GATE_MS) return Promise.reject(entry.error)
      let pending = inFlight.get(key)
      if (!pending) {
        pending = fetchBalance(key, caipNetworkId, address).finally(() => inFlight.delete(key))
        inFlight.set(key, pending)
      }
      return pending
    },
  }
}
