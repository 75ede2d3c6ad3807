import { isRpcErrorObject, type RpcErrorObject } from '@airlock/protocol'
import { createPriceLookup, type PriceLookup } from './prices'

/**
 * The frame's way to a chain: one JSON-RPC call through the data API's RPC proxy (`POST
 * {apiUrl}/v1/rpc?chainId=…&projectId=…`, the deployment's own node, the endpoint the widget uses
 * too). Never throws: the caller says what each outcome means for its user.
 */
export type ProxyAnswer =
  | { kind: 'result'; result: unknown }
  /** The node (or the proxy for it) answered with a JSON-RPC error. */
  | { kind: 'rpcError'; error: RpcErrorObject }
  /** No JSON-RPC answer: an HTTP failure, with the proxy's reason when it gave one. */
  | { kind: 'http'; status: number; reason: string | undefined }
  | { kind: 'timedOut' }
  | { kind: 'unreachable' }

export interface ChainProxyOptions {
  apiUrl: string
  fetch?: typeof fetch
}

export type ChainProxy = ((request: {
  chainId: string
  projectId: string
  method: string
  params: unknown
  timeoutMs: number
}) => Promise<ProxyAnswer>) & {
  /** The same API's prices of the chain's tokens (its own pools), for the simulation's balance changes. */
  prices?: PriceLookup
}

export function createChainProxy(options: ChainProxyOptions): ChainProxy {
  const base = options.apiUrl.replace(/\/+$/, '')
  const post = createJsonRpcPost(options.fetch)
  const call: ChainProxy = ({ chainId, projectId, method, params, timeoutMs }) =>
    post(`${base}/v1/rpc?${new URLSearchParams({ chainId, projectId })}`, method, params, timeoutMs)
  return Object.assign(call, { prices: createPriceLookup(options) })
}

/**
 * One JSON-RPC 2.0 call by POST to `url`, as a ProxyAnswer: the chain proxy's transport, and the
 * smart-account relay's (families/eip155/smart-account/relay.ts). Never throws.
 */
export function createJsonRpcPost(fetcher?: typeof fetch) {
  const request = fetcher ?? ((input, init) => fetch(input, init))
  let nextId = 1
  return async (url: string, method: string, params: unknown, timeoutMs: number): Promise<ProxyAnswer> => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let response: Response
    let body: unknown
    try {
      response = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
        signal: controller.signal,
      })
      body = await response.json().catch(() => undefined)
    } catch {
      return controller.signal.aborted ? { kind: 'timedOut' } : { kind: 'unreachable' }
    } finally {
      clearTimeout(timer)
    }
    const reply = typeof body === 'object' && body !== null ? (body as { result?: unknown; error?: unknown }) : {}
    if (isRpcErrorObject(reply.error)) return { kind: 'rpcError', error: reply.error }
    if (!response.ok)
      return { kind: 'http', status: response.status, reason: typeof reply.error === 'string' ? reply.error.slice(0, 200) : undefined }
    return { kind: 'result', result: reply.result }
  }
}
