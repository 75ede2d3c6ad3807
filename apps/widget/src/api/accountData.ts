import { visibleTransactions } from '../history/history'
import { DEFAULT_SDK_TYPE, RPC_TIMEOUT_MS, WIDGET_SDK_VERSION, type ProjectParams } from './client'

/**
 * An account's token balances (`GET /v1/account/{address}/balance`) and transaction history
 * (`GET /v1/account/{address}/history`), SPEC section 7, for the embedded wallet's Account tabs.
 * Responses are checked field by field: an entry that does not read is dropped, a body that does
 * not read is an error. (The api's zod schemas live in apps/api; the widget cannot import an app.)
 */

/** SPEC section 9: portfolio cached 30 s; section 5: no new balance fetch within 30 s of a failed one. */
export const PORTFOLIO_TTL_MS = 30_000
export const PORTFOLIO_RETRY_GATE_MS = 30_000
/** SPEC section 9: balances are supported on eip155 and solana; other namespaces get [] without a request. */
export const BALANCE_NAMESPACES: readonly string[] = ['eip155', 'solana']
/** More entries than this in one answer are cut (the api sends a handful per chain, 10-50 history rows). */
const MAX_ITEMS = 500

/** SPEC section 3 "Token balance item". */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2. */
  chainId: string
  /** CAIP-10 of the token contract; absent for the native token. */
  address?: string
  quantity: { decimals: string; numeric: string }
  iconUrl: string
  /** USD price of one token (0 when unknown). */
  price: number
  /** USD value of the holding. */
  value: number
}

export type TransferDirection = 'in' | 'out' | 'self'

export interface HistoryTransfer {
  fungible_info?: { name?: string; symbol: string; icon?: { url: string } }
  nft_info?: { name?: string; flags?: { is_spam?: boolean } }
  direction: TransferDirection
  quantity: { numeric: string }
  value?: number
  price?: number
}

export interface HistoryTransaction {
  id: string
  metadata: {
    operationType: string
    hash: string
    /** ISO 8601. */
    minedAt: string
    sentFrom: string
    sentTo: string
    status: string
    nonce?: number
    /** CAIP-2. */
    chain?: string
  }
  transfers: HistoryTransfer[]
}

export interface HistoryPage {
  data: HistoryTransaction[]
  /** The cursor of the next page; null on the last. */
  next: string | null
}

/** A failed account-data call; `status` is the HTTP status when the api answered. */
export class AccountDataError extends Error {
  override name = 'AccountDataError'
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

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

type CacheEntry = { balances: TokenBalance[]; at: number } | { error: AccountDataError; at: number }

export function createAccountDataClient(config: AccountDataClientConfig): AccountDataClient {
  const base = config.apiUrl.replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? RPC_TIMEOUT_MS
  const now = config.now ?? Date.now
  const cache = new Map<string, CacheEntry>()
  const inFlight = new Map<string, Promise<TokenBalance[]>>()

  const get = async (path: string, params: Record<string, string>, what: string): Promise<unknown> => {
    const { projectId, sdkType, sdkVersion } = config.project()
    const query = new URLSearchParams({ projectId, st: sdkType ?? DEFAULT_SDK_TYPE, sv: sdkVersion ?? WIDGET_SDK_VERSION, ...params })
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let response: Response
    let body: unknown
    try {
      response = await config.fetch(`${base}${path}?${query}`, { signal: controller.signal })
      body = await response.json().catch(() => undefined)
    } catch (error) {
      throw new AccountDataError(
        controller.signal.aborted ? `${what} request timed out` : `${what} request failed: ${(error as Error)?.message ?? 'network error'}`,
      )
    } finally {
      clearTimeout(timer)
    }
    if (!response.ok) throw new AccountDataError(`${what} request failed: HTTP ${response.status}`, response.status)
    return body
  }

  const fetchBalances = async (key: string, address: string, caipNetworkId: string, force: boolean): Promise<TokenBalance[]> => {
    try {
      const body = await get(
        `/v1/account/${encodeURIComponent(address)}/balance`,
        { currency: 'usd', chainId: caipNetworkId, ...(force ? { forceUpdate: 'true' } : {}) },
        'Balance',
      )
      const balances = parseBalances(body)
      if (!balances) throw new AccountDataError('Malformed balance response')
      cache.set(key, { balances, at: now() })
      return balances
    } catch (error) {
      const failure = error instanceof AccountDataError ? error : new AccountDataError(String(error))
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
      const body = await get(
        `/v1/account/${encodeURIComponent(address)}/history`,
        { chainId: caipNetworkId, ...(cursor ? { cursor } : {}), ...(onramp ? { onramp } : {}) },
        'History',
      )
      const page = parseHistory(body)
      if (!page) throw new AccountDataError('Malformed history response')
      return { ...page, data: visibleTransactions(page.data, caipNetworkId) }
    },
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, max = 200): v is string => typeof v === 'string' && v.length <= max
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const DECIMAL = /^-?\d{1,78}(\.\d{1,78})?$/

/** `{ balances }` with the readable items, low-quality ones (decimals "0", SPEC section 5) left out. */
export function parseBalances(body: unknown): TokenBalance[] | undefined {
  if (!isObject(body) || !Array.isArray(body.balances)) return undefined
  return body.balances.slice(0, MAX_ITEMS).flatMap((item): TokenBalance[] => {
    if (!isObject(item) || !isObject(item.quantity)) return []
    const { name, symbol, chainId, address, iconUrl, price, value } = item
    const { decimals, numeric } = item.quantity
    if (!str(name) || !str(symbol, 32) || symbol === '' || !str(chainId, 100)) return []
    if (address !== undefined && !str(address, 200)) return []
    if (!str(decimals, 3) || !/^\d+$/.test(decimals) || decimals === '0') return []
    if (!str(numeric, 160) || !DECIMAL.test(numeric)) return []
    return [
      {
        name,
        symbol,
        chainId,
        ...(address !== undefined ? { address } : {}),
        quantity: { decimals, numeric },
        iconUrl: str(iconUrl, 4096) ? iconUrl : '',
        price: num(price) ? price : 0,
        value: num(value) ? value : 0,
      },
    ]
  })
}

/** `{ data, next }` with the readable transactions. */
export function parseHistory(body: unknown): HistoryPage | undefined {
  if (!isObject(body) || !Array.isArray(body.data)) return undefined
  const next = body.next === null || body.next === undefined ? null : str(body.next, 512) ? body.next : undefined
  if (next === undefined) return undefined
  const data = body.data.slice(0, MAX_ITEMS).flatMap((item): HistoryTransaction[] => {
    if (!isObject(item) || !str(item.id) || !isObject(item.metadata) || !Array.isArray(item.transfers)) return []
    const m = item.metadata
    if (!str(m.operationType, 64) || !str(m.hash, 100) || !str(m.minedAt, 64) || !str(m.status, 64)) return []
    if (!str(m.sentFrom) || !str(m.sentTo)) return []
    const transfers = item.transfers.slice(0, 50).flatMap(parseTransfer)
    return [
      {
        id: item.id,
        metadata: {
          operationType: m.operationType,
          hash: m.hash,
          minedAt: m.minedAt,
          sentFrom: m.sentFrom,
          sentTo: m.sentTo,
          status: m.status,
          ...(num(m.nonce) ? { nonce: m.nonce } : {}),
          ...(str(m.chain, 100) ? { chain: m.chain } : {}),
        },
        transfers,
      },
    ]
  })
  return { data, next }
}

function parseTransfer(t: unknown): HistoryTransfer[] {
  if (!isObject(t) || !isObject(t.quantity)) return []
  if (t.direction !== 'in' && t.direction !== 'out' && t.direction !== 'self') return []
  const numeric = t.quantity.numeric
  if (!str(numeric, 160) || !DECIMAL.test(numeric)) return []
  const info = isObject(t.fungible_info) && str(t.fungible_info.symbol, 32) ? t.fungible_info : undefined
  const icon = info && isObject(info.icon) && str(info.icon.url, 4096) ? { url: info.icon.url } : undefined
  const spam = isObject(t.nft_info) && isObject(t.nft_info.flags) && t.nft_info.flags.is_spam === true
  return [
    {
      ...(info
        ? { fungible_info: { symbol: info.symbol as string, ...(str(info.name) ? { name: info.name } : {}), ...(icon ? { icon } : {}) } }
        : {}),
      ...(spam ? { nft_info: { flags: { is_spam: true } } } : {}),
      direction: t.direction,
      quantity: { numeric },
      ...(num(t.value) ? { value: t.value } : {}),
      ...(num(t.price) ? { price: t.price } : {}),
    },
  ]
}
