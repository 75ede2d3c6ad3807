import { isRpcErrorObject, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'

/** SPEC section 9: RPC timeout 10 s. */
export const RPC_TIMEOUT_MS = 10_000
export const DEFAULT_SDK_TYPE = 'appkit'
export const WIDGET_SDK_VERSION = 'airlock-widget-0.1.0'

export interface ProjectParams {
  projectId: string
  sdkType?: string
  sdkVersion?: string
}

export interface ApiClientConfig {
  apiUrl: string
  /** Read per call: options arrive from the host after boot. */
  project: () => ProjectParams
  fetch: typeof fetch
  timeoutMs?: number
}

/**
 * A node API of REST paths (bip122: esplora) through the data API's pass-through
 * `/v1/rest/{chainId}/{path}`: a GET, or a POST of `body` as text; the answer's text.
 */
export type NodeRest = (caipNetworkId: string, path: string, body?: string) => Promise<string>

/**
 * A POST of JSON to one of the data API's transaction builders (`/v1/{path}`), for a family whose
 * transactions need the runtime's metadata the API holds (polkadot: `polkadot/transfers`); the
 * answer's JSON, for the family to check.
 */
export type NodeBuild = (path: string, body: unknown) => Promise<unknown>

export interface ApiClient {
  /** The RPC proxy URL for a network, also handed to wallets in wallet_addEthereumChain. */
  rpcUrl(caipNetworkId: string): string
  /** The RPC proxy; `rest` and `build` ride along for the families that need them, so the adapters get all in one value. */
  rpc: ((caipNetworkId: string, method: string, params?: unknown) => Promise<unknown>) & { rest: NodeRest; build: NodeBuild }
  /**
   * The API's ERC-4337 bundler and ERC-7677 paymaster of an EVM chain (`/v1/relay/{chainId}`,
   * decimal id): one JSON-RPC call, its result unchecked (the caller reads it with its schema).
   */
  relay(chainId: number, method: string, params?: unknown): Promise<unknown>
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const base = config.apiUrl.replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? RPC_TIMEOUT_MS
  let nextId = 1

  const projectQuery = () => {
    const { projectId, sdkType, sdkVersion } = config.project()
    return { projectId, st: sdkType ?? DEFAULT_SDK_TYPE, sv: sdkVersion ?? WIDGET_SDK_VERSION }
  }
  const rpcUrl = (caipNetworkId: string) => `${base}/v1/rpc?${new URLSearchParams({ chainId: caipNetworkId, ...projectQuery() })}`

  /** Aborts after the timeout; a fetch that fails or times out is the proxy unreachable (-32002). */
  const fetchTimed = async <T>(url: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<[Response, T]> => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      const response = await config.fetch(url, { ...init, signal: controller.signal })
      return [response, await read(response)]
    } catch (error) {
      const message = controller.signal.aborted
        ? 'RPC request timed out'
        : `RPC request failed: ${(error as Error)?.message ?? 'network error'}`
      throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, message)
    } finally {
      clearTimeout(timer)
    }
  }

  /** One JSON-RPC 2.0 call to the proxy or the relay (`who`, in a refusal): its result, or its error as it came. */
  const post = async (url: string, who: string, method: string, params?: unknown) => {
    const [response, body] = await fetchTimed(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
      },
      (r) => r.json().catch(() => undefined) as Promise<unknown>,
    )
    const error = isObject(body) ? body.error : undefined
    if (isRpcErrorObject(error)) throw new ProviderRpcError(error.code, error.message, error.data)
    if (!response.ok)
      throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, `${who} answered HTTP ${response.status}`, {
        status: response.status,
      })
    if (!isObject(body) || !('result' in body)) throw new ProviderRpcError(RpcErrorCode.InternalError, 'Malformed RPC response')
    return body.result
  }
  const jsonRpc = (caipNetworkId: string, method: string, params?: unknown) => post(rpcUrl(caipNetworkId), 'RPC proxy', method, params)
  const relay = (chainId: number, method: string, params?: unknown) =>
    post(`${base}/v1/relay/${chainId}?${new URLSearchParams(projectQuery())}`, 'Relay', method, params)

  /** A data API path's answer as text, or its refusal as a ResourceUnavailable error with its reason and status. */
  const fetchText = async (path: string, init: RequestInit): Promise<string> => {
    const [response, text] = await fetchTimed(`${base}/v1/${path}?${new URLSearchParams(projectQuery())}`, init, (r) => r.text())
    if (response.ok) return text
    // The API's own refusals are JSON `{error}`; the node's (a refused transaction) its plain text.
    let reason = text
    try {
      const parsed = JSON.parse(text) as unknown
      if (isObject(parsed) && typeof parsed.error === 'string') reason = parsed.error
    } catch {
      // Plain text.
    }
    throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, reason.slice(0, 300) || `Node API answered HTTP ${response.status}`, {
      status: response.status,
    })
  }

  const rest: NodeRest = (caipNetworkId, path, body) =>
    fetchText(
      `rest/${caipNetworkId}/${path.replace(/^\/+/, '')}`,
      body === undefined ? { method: 'GET' } : { method: 'POST', headers: { 'content-type': 'text/plain' }, body },
    )

  const build: NodeBuild = async (path, body) =>
    JSON.parse(
      await fetchText(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    ) as unknown

  return { rpcUrl, rpc: Object.assign(jsonRpc, { rest, build }), relay }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
