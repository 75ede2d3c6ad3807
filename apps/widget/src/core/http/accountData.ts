import { BalanceItem, HistoryTransaction as HistoryTransactionSchema } from '@airlock/protocol'
import type { HistoryResponse, HistoryTransaction, HistoryTransfer } from '@airlock/protocol'
import type { ProjectParams } from './client'
import { createDataApi, DataApiError, type Schema } from './dataApi'

/**
 * An account's token balances (`GET /v1/account/{address}/balance`) and transaction history
 * (`GET /v1/account/{address}/history`), SPEC section 7, for the Account view's tokens and the
 * Activity list. Answers are parsed with @airlock/protocol's schemas item by item: an entry that
 * does not read is dropped, a body that does not read is an error.
 */

/** SPEC section 9: portfolio cached 30 s; section 5: no new balance fetch within 30 s of a failed one. */
export const PORTFOLIO_TTL_MS = 30_000
export const PORTFOLIO_RETRY_GATE_MS = 30_000
/** SPEC section 9: the families the API reads balances of (bip122 since issue 25, polkadot since 26); other namespaces get [] without a request. */
export const BALANCE_NAMESPACES: readonly string[] = ['eip155', 'solana', 'bip122', 'polkadot']
/** More entries than this in one answer are cut (the api sends a handful per chain, 10-50 history rows). */
const MAX_ITEMS = 500

/** SPEC section 3 "Token balance item". */
export type TokenBalance = BalanceItem
export type { HistoryTransaction, HistoryTransfer }
export type HistoryPage = HistoryResponse

export interface AccountDataClientConfig {
  apiUrl: string
  /** Read per call: options arrive from the host after boot. */
  project: () => ProjectParams
  fetch: typeof fetch
  timeoutMs?: number
  now?: () => number
}

export interface AccountDataClient {
  /**
   * The account's token balances on one network, from the 30 s cache while fresh; a failure is
   * answered again (same error object) for 30 s without a request. `force` skips the cache (not
   * the failure gate) and asks the api to read the chain again.
   */
  balances(address: string, caipNetworkId: string, options?: { force?: boolean }): Promise<TokenBalance[]>
  /**
   * One page of the account's history on one network, newest first, spam dropped; with `onramp`
   * (a provider such as 'coinbase') the account's purchases through that on-ramp instead.
   */
  history(address: string, caipNetworkId: string, cursor?: string, onramp?: string): Promise<HistoryPage>
}

type CacheEntry = { balances: TokenBalance[]; at: number } | { error: DataApiError; at: number }

export function createAccountDataClient(config: AccountDataClientConfig): AccountDataClient {
  const api = createDataApi(config)
  const now = config.now ?? Date.now
  const cache = new Map<string, CacheEntry>()
  const inFlight = new Map<string, Promise<TokenBalance[]>>()

  const fetchBalances = async (key: string, address: string, caipNetworkId: string, force: boolean): Promise<TokenBalance[]> => {
    try {
      const balances = await api.get(
        `/v1/account/${encodeURIComponent(address)}/balance`,
        { currency: 'usd', chainId: caipNetworkId, forceUpdate: force ? 'true' : undefined },
        balancesSchema,
        'Balance',
      )
      cache.set(key, { balances, at: now() })
      return balances
    } catch (error) {
      const failure = error instanceof DataApiError ? error : new DataApiError(String(error))
      cache.set(key, { error: failure, at: now() })
      throw failure
    }
  }

  return {
    balances(address, caipNetworkId, options = {}) {
      if (!BALANCE_NAMESPACES.includes(caipNetworkId.split(':')[0] ?? '')) return Promise.resolve([])
      const key = `${caipNetworkId}:${address.toLowerCase()}`
      const entry = cache.get(key)
      if (entry && 'error' in entry && now() - entry.at < PORTFOLIO_RETRY_GATE_MS) return Promise.reject(entry.error)
      if (entry && 'balances' in entry && !options.force && now() - entry.at < PORTFOLIO_TTL_MS) return Promise.resolve(entry.balances)
      let pending = inFlight.get(key)
      if (!pending) {
        pending = fetchBalances(key, address, caipNetworkId, options.force ?? false).finally(() => inFlight.delete(key))
        inFlight.set(key, pending)
      }
      return pending
    },

    async history(address, caipNetworkId, cursor, onramp) {
      const page = await api.get(
        `/v1/account/${encodeURIComponent(address)}/history`,
        { chainId: caipNetworkId, cursor, onramp },
        historySchema,
        'History',
      )
      return { ...page, data: visibleTransactions(page.data, caipNetworkId) }
    },
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The items of `list` that parse with `schema`, at most MAX_ITEMS. */
function readable<T>(list: unknown[], schema: Schema<T>): T[] {
  return list.slice(0, MAX_ITEMS).flatMap((item) => {
    const parsed = schema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

/** `{ balances }` with the readable items, low-quality ones (decimals "0", SPEC section 5) left out. */
export function parseBalances(body: unknown): TokenBalance[] | undefined {
  if (!isObject(body) || !Array.isArray(body.balances)) return undefined
  return readable(body.balances, BalanceItem).filter((item) => item.quantity.decimals !== '0')
}

/** `{ data, next }` with the readable transactions. */
export function parseHistory(body: unknown): HistoryPage | undefined {
  if (!isObject(body) || !Array.isArray(body.data)) return undefined
  const next = body.next ?? null
  if (next !== null && (typeof next !== 'string' || next.length > 512)) return undefined
  return { data: readable(body.data, HistoryTransactionSchema), next }
}

const fromParser = <T>(parse: (body: unknown) => T | undefined): Schema<T> => ({
  safeParse(data) {
    const parsed = parse(data)
    return parsed === undefined ? { success: false, error: 'malformed' } : { success: true, data: parsed }
  },
})
const balancesSchema = fromParser(parseBalances)
const historySchema = fromParser(parseHistory)

/** SPEC section 5: a transaction whose transfers are all flagged spam (one without transfers is kept). */
export function isSpam(tx: HistoryTransaction): boolean {
  return tx.transfers.length > 0 && tx.transfers.every((t) => t.nft_info?.flags.is_spam === true)
}

/** SPEC section 5: spam dropped, and only the active chain. */
export function visibleTransactions(transactions: readonly HistoryTransaction[], caipNetworkId: string): HistoryTransaction[] {
  return transactions.filter((tx) => tx.metadata.chain === caipNetworkId && !isSpam(tx))
}
