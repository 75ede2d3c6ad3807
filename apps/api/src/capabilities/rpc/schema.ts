import { type RpcErrorCode, type RpcErrorObject, rpcErrorMessages } from '@airlock/protocol'
import * as z from 'zod'
import { DEFAULT_RPC_LIMITS } from './limits'

/** A JSON-RPC id. Notifications (no id) are not accepted: every call through the proxy is answered. */
export const JsonRpcId = z.union([z.string().max(200), z.number(), z.null()])
export type JsonRpcId = z.infer<typeof JsonRpcId>

export const JsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcId,
  method: z.string().min(1).max(100),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})
export type JsonRpcRequest = z.infer<typeof JsonRpcRequest>

export const JsonRpcErrorObject = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
})

/** What an upstream answers for one request; `result` may legitimately be null. */
export const UpstreamResponse = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: JsonRpcId,
    result: z.unknown().optional(),
    error: JsonRpcErrorObject.optional(),
  })
  .refine((r) => r.error !== undefined || 'result' in r, { message: 'a response has a result or an error' })
export type UpstreamResponse = z.infer<typeof UpstreamResponse>

export type JsonRpcResponse = { jsonrpc: '2.0'; id: JsonRpcId; result: unknown } | { jsonrpc: '2.0'; id: JsonRpcId; error: RpcErrorObject }

/** What `POST /v1/rpc` takes: one request or a batch (each item is checked with JsonRpcRequest by proxyJsonRpc). */
export const JsonRpcBody = z.union([JsonRpcRequest, z.array(JsonRpcRequest).min(1).max(DEFAULT_RPC_LIMITS.maxBatch)])

/** The schema of JsonRpcResponse, and of what `POST /v1/rpc` answers: one response, or one per batch item in order. */
export const JsonRpcResponseSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: JsonRpcId, result: z.unknown() }),
  z.object({ jsonrpc: z.literal('2.0'), id: JsonRpcId, error: JsonRpcErrorObject }),
]) satisfies z.ZodType<JsonRpcResponse>
export const JsonRpcReply = z.union([JsonRpcResponseSchema, z.array(JsonRpcResponseSchema)])

export function rpcError(id: JsonRpcId, code: RpcErrorCode, message?: string, data?: unknown): JsonRpcResponse {
  const error: RpcErrorObject = { code, message: message ?? rpcErrorMessages[code] ?? 'Unknown error' }
  if (data !== undefined) error.data = data
  return { jsonrpc: '2.0', id, error }
}

/** The id of a request that failed validation, when it has a usable one, else null (JSON-RPC 2.0 section 5). */
export function idOf(value: unknown): JsonRpcId {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const parsed = JsonRpcId.safeParse((value as { id?: unknown }).id)
  return parsed.success ? parsed.data : null
}
