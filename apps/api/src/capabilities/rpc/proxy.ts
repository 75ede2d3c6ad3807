import { RpcErrorCode } from '@airlock/protocol'
import * as z from 'zod'
import { isMethodAllowed } from './allowlist'
import { type BlockTag, logRangeError, type LogQuery, parseLogQuery, tagsOf } from './log-range'
import { simulateTooLarge } from './simulate-size'
import { idOf, type JsonRpcId, JsonRpcRequest, type JsonRpcResponse, rpcError, type UpstreamResponse } from './schema'
import { callUpstream, type UpstreamOptions } from './upstream'

export interface ProxyContext extends UpstreamOptions {
  /** CAIP-2 chain id, already validated. */
  chainId: string
  /** Upstream URL, undefined when the chain is not supported. */
  upstreamUrl: string | undefined
  /** Blocks one eth_getLogs may span. */
  maxLogBlockRange: number
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

const BlockHeader = z.object({ number: z.string().regex(/^0x[0-9a-fA-F]{1,16}$/) })

/** The numbers of the blocks the tags name now, in one upstream batch; a tag the node did not answer is left out. */
async function blockNumbers(url: string, tags: readonly BlockTag[], ctx: ProxyContext): Promise<Map<BlockTag, bigint>> {
  const numbers = new Map<BlockTag, bigint>()
  if (tags.length === 0) return numbers
  const calls = tags.map((tag, id) => ({ jsonrpc: '2.0', id, method: 'eth_getBlockByNumber', params: [tag, false] }))
  const result = await callUpstream(url, calls, ctx)
  if (!result.ok) return numbers
  for (const answer of Array.isArray(result.body) ? result.body : [result.body]) {
    const tag = typeof answer.id === 'number' ? tags[answer.id] : undefined
    const header = BlockHeader.safeParse(answer.result)
    if (tag && header.success) numbers.set(tag, BigInt(header.data.number))
  }
  return numbers
}

/**
 * Refuses, in `responses`, the eth_getLogs calls over the block range limit or whose range cannot
 * be told, and answers the calls left to forward. Tags (latest, safe, …) are resolved with the
 * node first, in one batch, only when some call uses them.
 */
async function screenLogQueries(url: string, forwarded: Forwarded[], responses: (JsonRpcResponse | undefined)[], ctx: ProxyContext) {
  const queries = new Map<Forwarded, LogQuery>()
  for (const f of forwarded) if (f.request.method === 'eth_getLogs') queries.set(f, parseLogQuery(f.request.params))
  if (queries.size === 0) return forwarded
  const numbers = await blockNumbers(url, [...new Set([...queries.values()].flatMap(tagsOf))], ctx)
  return forwarded.filter((f) => {
    const query = queries.get(f)
    const error = query && logRangeError(query, numbers, ctx.maxLogBlockRange)
    if (error) responses[f.index] = { jsonrpc: '2.0', id: f.originalId, error }
    return !error
  })
}

/** Screens `candidates` (eth_getLogs ranges) and forwards the rest in one upstream call, answering into `responses`. */
async function forward(
  url: string,
  isBatch: boolean,
  candidates: Forwarded[],
  responses: (JsonRpcResponse | undefined)[],
  ctx: ProxyContext,
) {
  const forwarded = await screenLogQueries(url, candidates, responses, ctx)
  if (forwarded.length === 0) return
  const calls = forwarded.map((f) => ({
    jsonrpc: '2.0' as const,
    id: f.index,
    method: f.request.method,
    ...(f.request.params === undefined ? {} : { params: f.request.params }),
  }))
  const result = await callUpstream(url, isBatch ? calls : calls[0], ctx)
  if (!result.ok) {
    for (const f of forwarded) responses[f.index] = rpcError(f.originalId, result.code, result.message)
    return
  }
  const list = Array.isArray(result.body) ? result.body : [result.body]
  const byId = new Map(list.map((r) => [r.id, r]))
  // A whole-batch rejection (one error object, id null) applies to every forwarded request.
  const batchError = !Array.isArray(result.body) && result.body.id === null && result.body.error ? result.body : undefined
  for (const f of forwarded) responses[f.index] = toResponse(f.originalId, byId.get(f.index) ?? batchError)
}

/**
 * Answers a parsed JSON-RPC body (single or batch, already within the batch limit): validates
 * every request, refuses methods off the allowlist (-32601), chains without an upstream (-32002)
 * and eth_getLogs over the block range limit (-32005) without forwarding them, and forwards the
 * rest in one upstream call. Upstream ids are rewritten to batch positions, so duplicate or odd
 * caller ids cannot confuse the mapping back. Never throws; an unreachable upstream becomes -32603
 * and an answer over the size limit -32005, for the forwarded requests only.
 */
export async function proxyJsonRpc(body: unknown, ctx: ProxyContext): Promise<JsonRpcResponse | JsonRpcResponse[]> {
  const isBatch = Array.isArray(body)
  if (isBatch && body.length === 0) return rpcError(null, RpcErrorCode.InvalidRequest, 'Invalid Request: empty batch')
  const items: unknown[] = isBatch ? body : [body]
  const namespace = ctx.chainId.split(':', 1)[0] ?? ''
  const responses: (JsonRpcResponse | undefined)[] = new Array(items.length)
  const candidates: Forwarded[] = []

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
      const refused = parsed.data.method === 'eth_simulateV1' ? simulateTooLarge(parsed.data.params) : undefined
      if (refused) responses[index] = { jsonrpc: '2.0', id: parsed.data.id, error: refused }
      else candidates.push({ index, originalId: parsed.data.id, request: parsed.data })
    }
  })

  if (ctx.upstreamUrl && candidates.length > 0) await forward(ctx.upstreamUrl, isBatch, candidates, responses, ctx)

  const answered = responses.map((r) => r ?? rpcError(null, RpcErrorCode.InternalError))
  return isBatch ? answered : (answered[0] ?? rpcError(null, RpcErrorCode.InternalError))
}
