import type { Ledger } from './ledger'
import { RPC_ERRORS, RpcError } from './rpc-error'
import { solanaMethod } from './rpc-methods'

export type JsonRpcId = string | number | null

export interface JsonRpcRequest {
  id: JsonRpcId
  method: string
  params: unknown
}

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: { code: number; message: string; data?: unknown } }

/** Requests in one batch at most (a node has a similar cap; this keeps one POST from starving the rest). */
export const MAX_BATCH = 100

export const errorResponse = (id: JsonRpcId, error: RpcError): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) },
})

const isId = (value: unknown): value is JsonRpcId =>
  value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))

/** A JSON-RPC 2.0 request object, or the -32600 answer it deserves. */
export function readRequest(value: unknown): JsonRpcRequest | JsonRpcResponse {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return errorResponse(null, new RpcError(RPC_ERRORS.invalidRequest, 'Invalid request'))
  const { jsonrpc, id = null, method, params } = value as Record<string, unknown>
  if (!isId(id))
    return errorResponse(null, new RpcError(RPC_ERRORS.invalidRequest, 'Invalid request: id must be a string, a number or null'))
  if (jsonrpc !== '2.0') return errorResponse(id, new RpcError(RPC_ERRORS.invalidRequest, 'Invalid request: jsonrpc must be "2.0"'))
  if (typeof method !== 'string')
    return errorResponse(id, new RpcError(RPC_ERRORS.invalidRequest, 'Invalid request: method must be a string'))
  if (params !== undefined && !Array.isArray(params))
    return errorResponse(id, new RpcError(RPC_ERRORS.invalidParams, 'Invalid params: expected an array of parameters'))
  return { id, method, params }
}

/** Runs one request; a thrown RpcError is its answer, anything else an internal error (logged, never a crash). */
export async function callMethod(request: JsonRpcRequest, ledger: Ledger, log?: (line: string) => void): Promise<JsonRpcResponse> {
  const handler = solanaMethod(request.method)
  if (!handler)
    return errorResponse(request.id, new RpcError(RPC_ERRORS.methodNotFound, `Method not found: ${request.method.slice(0, 64)}`))
  try {
    return { jsonrpc: '2.0', id: request.id, result: await handler(request.params, ledger) }
  } catch (error) {
    if (error instanceof RpcError) return errorResponse(request.id, error)
    log?.(`solana devnet: ${request.method} failed: ${(error as Error).stack ?? String(error)}`)
    return errorResponse(request.id, new RpcError(RPC_ERRORS.internal, `Internal error: ${(error as Error).message}`))
  }
}

/** A parsed HTTP body: one request or a batch. */
export async function answer(body: unknown, ledger: Ledger, log?: (line: string) => void): Promise<JsonRpcResponse | JsonRpcResponse[]> {
  if (!Array.isArray(body)) {
    const request = readRequest(body)
    return 'method' in request ? callMethod(request, ledger, log) : request
  }
  if (body.length === 0) return errorResponse(null, new RpcError(RPC_ERRORS.invalidRequest, 'Invalid request: empty batch'))
  if (body.length > MAX_BATCH)
    return errorResponse(null, new RpcError(RPC_ERRORS.invalidRequest, `Invalid request: a batch holds at most ${MAX_BATCH} requests`))
  const out: JsonRpcResponse[] = []
  // In order, one at a time: transactions in a batch land in the order they were sent.
  for (const item of body) {
    const request = readRequest(item)
    out.push('method' in request ? await callMethod(request, ledger, log) : request)
  }
  return out
}
