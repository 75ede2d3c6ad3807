import { RpcErrorCode } from '@airlock/protocol'
import { isMethodAllowed } from './allowlist'
import { RPC_MAX_BATCH } from './limits'
import { idOf, type JsonRpcId, JsonRpcRequest, type JsonRpcResponse, rpcError, type UpstreamResponse } from './schema'
import { callUpstream, type FetchLike } from './upstream'

export interface ProxyContext {
  /** CAIP-2 chain id, already validated. */
  chainId: string
  /** Upstream URL, undefined when the chain is not supported. */
  upstreamUrl: string | undefined
  timeoutMs: number
  fetch: FetchLike
}

interface Forwarded {
  /** Position in the caller's batch. */
  index: number
  originalId: JsonRpcId
  request: JsonRpcRequest
}

function toResponse(originalId: JsonRpcId, upstream: UpstreamResponse | undefined): JsonRpcResponse {
  if (!upstream) return rpcError(originalId, RpcErrorCode.InternalError, 'The RPC node gave no response for this request')
  if (upstream.error) return { jsonrpc: '2.0', id: originalId, error: upstream.error }
  return { jsonrpc: '2.0', id: originalId, result: upstream.result }
}

/**
 * Answers a parsed JSON-RPC body (single or batch): validates every request, refuses methods off
 * the allowlist (-32601) and chains without an upstream (-32002) without contacting anything,
 * and forwards the rest in one upstream call. Upstream ids are rewritten to batch positions, so
 * duplicate or odd caller ids cannot confuse the mapping back. Never throws; an unreachable
 * upstream becomes -32603 for the forwarded requests only.
 */
export async function proxyJsonRpc(body: unknown, ctx: ProxyContext): Promise<JsonRpcResponse | JsonRpcResponse[]> {
  const isBatch = Array.isArray(body)
  if (isBatch && body.length === 0) return rpcError(null, RpcErrorCode.InvalidRequest, 'Invalid Request: empty batch')
  if (isBatch && body.length > RPC_MAX_BATCH) {
    return rpcError(null, RpcErrorCode.LimitExceeded, `Batch of ${body.length} requests exceeds the limit of ${RPC_MAX_BATCH}`)
  }
  const items: unknown[] = isBatch ? body : [body]
  const namespace = ctx.chainId.split(':', 1)[0] ?? ''
  const responses: (JsonRpcResponse | undefined)[] = new Array(items.length)
  const forwarded: Forwarded[] = []

  items.forEach((item, index) => {
    const parsed = JsonRpcRequest.safeParse(item)
    if (!parsed.success) {
      responses[index] = rpcError(idOf(item), RpcErrorCode.InvalidRequest)
    } else if (!ctx.upstreamUrl) {
      responses[index] = rpcError(parsed.data.id, RpcErrorCode.ResourceUnavailable, `Unsupported chain ${ctx.chainId}`)
    } else if (!isMethodAllowed(namespace, parsed.data.method)) {
      responses[index] = rpcError(
        parsed.data.id,
        RpcErrorCode.MethodNotFound,
        `The method ${parsed.data.method} does not exist / is not available through the Airlock RPC proxy`,
      )
    } else {
      forwarded.push({ index, originalId: parsed.data.id, request: parsed.data })
    }
  })

  if (forwarded.length > 0 && ctx.upstreamUrl) {
    const calls = forwarded.map((f) => ({
      jsonrpc: '2.0' as const,
      id: f.index,
      method: f.request.method,
      ...(f.request.params === undefined ? {} : { params: f.request.params }),
    }))
    const result = await callUpstream(ctx.upstreamUrl, isBatch ? calls : calls[0], {
      chainId: ctx.chainId,
      timeoutMs: ctx.timeoutMs,
      fetch: ctx.fetch,
    })
    if (!result.ok) {
      for (const f of forwarded) responses[f.index] = rpcError(f.originalId, RpcErrorCode.InternalError, result.message)
    } else {
      const list = Array.isArray(result.body) ? result.body : [result.body]
      const byId = new Map(list.map((r) => [r.id, r]))
      // A whole-batch rejection (one error object, id null) applies to every forwarded request.
      const batchError = !Array.isArray(result.body) && result.body.id === null && result.body.error ? result.body : undefined
      for (const f of forwarded) responses[f.index] = toResponse(f.originalId, byId.get(f.index) ?? batchError)
    }
  }

  const answered = responses.map((r) => r ?? rpcError(null, RpcErrorCode.InternalError))
  return isBatch ? answered : (answered[0] ?? rpcError(null, RpcErrorCode.InternalError))
}
