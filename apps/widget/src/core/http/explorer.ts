import { ExplorerWalletPage } from '@airlock/protocol'
import { DEFAULT_SDK_TYPE, RPC_TIMEOUT_MS, WIDGET_SDK_VERSION, type ProjectParams } from './client'

/** `/getWallets` filters (Reown's explorer API; apps/api/src/capabilities/explorer/query.ts serves it). */
export interface GetWalletsParams {
  /** 1-based. */
  page: number
  /** 1..100 (SPEC section 9: page size 40, search up to 100). */
  entries: number
  search?: string | undefined
  /** Only these ids, in this order (featured wallets, includeWalletIds). */
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  /** CAIP-2 chains: wallets supporting any of them. */
  chains?: readonly string[] | undefined
  /** `namespace:injected_id`: wallets that inject themselves so (a Polkadot extension's key). */
  injected?: readonly string[] | undefined
  badgeType?: 'none' | 'certified' | undefined
}

/** A failed explorer call; `status` is the HTTP status when the API answered. */
export class ExplorerError extends Error {
  override name = 'ExplorerError'
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

export interface ExplorerClientConfig {
  /** The API origin: the explorer routes are mounted at its root. */
  apiUrl: string
  /** Read per call: options arrive from the host after boot. */
  project: () => ProjectParams
  fetch: typeof fetch
  timeoutMs?: number
}

export interface ExplorerClient {
  getWallets(params: GetWalletsParams, signal?: AbortSignal): Promise<ExplorerWalletPage>
  /** `<img src>` for a wallet's `image_id`: the project goes in the query, an image cannot send headers. */
  imageUrl(imageId: string): string
  /**
   * An image URL the api answered (token and network icons under /public/*): the image routes are
   * project-guarded, so an `<img>` of the api origin gets the project query. Other URLs unchanged.
   */
  apiImageUrl(url: string): string
}

export function createExplorerClient(config: ExplorerClientConfig): ExplorerClient {
  const base = config.apiUrl.replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? RPC_TIMEOUT_MS

  const projectQuery = () => {
    const { projectId, sdkType, sdkVersion } = config.project()
    return new URLSearchParams({ projectId, st: sdkType ?? DEFAULT_SDK_TYPE, sv: sdkVersion ?? WIDGET_SDK_VERSION })
  }

  const getWallets = async (params: GetWalletsParams, signal?: AbortSignal): Promise<ExplorerWalletPage> => {
    const query = projectQuery()
    query.set('page', String(params.page))
    query.set('entries', String(params.entries))
    const search = params.search?.trim()
    if (search) query.set('search', search)
    const list = (name: string, values: readonly string[] | undefined) => {
      if (values?.length) query.set(name, values.join(','))
    }
    list('include', params.include)
    list('exclude', params.exclude)
    list('chains', params.chains)
    list('injected', params.injected)
    if (params.badgeType) query.set('badge_type', params.badgeType)

    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    const onAbort = () => controller.abort()
    signal?.addEventListener('abort', onAbort)
    let response: Response
    let body: unknown
    try {
      if (signal?.aborted) throw new DOMException('Aborted', 'AbortError')
      response = await config.fetch(`${base}/getWallets?${query}`, { signal: controller.signal })
      body = await response.json().catch(() => undefined)
    } catch (error) {
      if (signal?.aborted) throw new ExplorerError('Wallet request cancelled')
      const message = controller.signal.aborted
        ? 'Wallet request timed out'
        : `Wallet request failed: ${(error as Error)?.message ?? 'network error'}`
      throw new ExplorerError(message)
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    if (!response.ok) throw new ExplorerError(`Wallet explorer answered HTTP ${response.status}${apiMessage(body)}`, response.status)
    const parsed = ExplorerWalletPage.safeParse(body)
    if (!parsed.success) throw new ExplorerError('Malformed wallet explorer response', response.status)
    return parsed.data
  }

  const imageUrl = (imageId: string) => `${base}/getWalletImage/${encodeURIComponent(imageId)}?${projectQuery()}`

  const apiImageUrl = (url: string) => {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return url
    }
    const guarded = parsed.origin === new URL(base).origin && parsed.pathname.startsWith('/public/')
    if (!guarded || parsed.searchParams.has('projectId')) return url
    for (const [key, value] of projectQuery()) parsed.searchParams.set(key, value)
    return parsed.toString()
  }

  return { getWallets, imageUrl, apiImageUrl }
}

/** The API's error body is `{ status, error, reasons }`; its message helps whoever reads the log. */
function apiMessage(body: unknown): string {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined
  return typeof error === 'string' && error ? `: ${error.slice(0, 200)}` : ''
}
