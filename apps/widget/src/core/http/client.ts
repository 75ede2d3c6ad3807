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

export interface ApiClient {
  /** The RPC proxy URL for a network, also handed to wallets in wallet_addEthereumChain. */
  rpcUrl(caipNetworkId: string): string
  rpc(caipNetworkId: string, method: string, params?: unknown): Promise<unknown>
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const base = config.apiUrl.replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? RPC_TIMEOUT_MS
  let nextId = 1

  const rpcUrl = (caipNetworkId: string) => {
    const { projectId, sdkType, sdkVersion } = config.project()
    const query = new URLSearchParams({
      chainId: caipNetworkId,
      projectId,
      st: sdkType ?? DEFAULT_SDK_TYPE,
      sv: sdkVersion ?? WIDGET_SDK_VERSION,
    })
    return `${base}/v1/rpc?${query}`
  }

  const rpc = async (caipNetworkId: string, method: string, params?: unknown) => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let response: Response
    let body: unknown
    try {
      response = await config.fetch(rpcUrl(caipNetworkId), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
        signal: controller.signal,
      })
      body = await response.json().catch(() => undefined)
    } catch (error) {
      const message = controller.signal.aborted
        ? 'RPC request timed out'
        : `RPC request failed: ${(error as Error)?.message ?? 'network error'}`
      throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, message)
    } finally {
      clearTimeout(timer)
    }
    const error = isObject(body) ? body.error : undefined
    if (isRpcErrorObject(error)) throw new ProviderRpcError(error.code, error.message, error.data)
    if (!response.ok)
      throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, `RPC proxy answered HTTP ${response.status}`, {
        status: response.status,
      })
    if (!isObject(body) || !('result' in body)) throw new ProviderRpcError(RpcErrorCode.InternalError, 'Malformed RPC response')
    return body.result
  }

  return { rpcUrl, rpc }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
