import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'

/** SPEC section 9: native balance cached 30 s; a failed fetch is not retried for 30 s. */
export const BALANCE_TTL_MS = 30_000
export const BALANCE_RETRY_GATE_MS = 30_000

type Entry = { value: bigint; at: number } | { error: unknown; at: number }

export interface BalanceCache {
  get(caipNetworkId: string, address: string): Promise<bigint>
}

export function createBalanceCache(
  rpc: (caipNetworkId: string, method: string, params: unknown) => Promise<unknown>,
  now: () => number = Date.now,
): BalanceCache {
  const entries = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<bigint>>()

  const fetchBalance = async (key: string, caipNetworkId: string, address: string) => {
    try {
      const result = await rpc(caipNetworkId, 'eth_getBalance', [address, 'latest'])
      if (typeof result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(result))
        throw new ProviderRpcError(RpcErrorCode.InternalError, 'Malformed balance')
      const value = BigInt(result)
      entries.set(key, { value, at: now() })
      return value
    } catch (error) {
      entries.set(key, { error, at: now() })
      throw error
    }
  }

  return {
    get(caipNetworkId, address) {
      const key = `${caipNetworkId}:${address.toLowerCase()}`
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
