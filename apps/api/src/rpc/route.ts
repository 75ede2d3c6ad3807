import { RpcErrorCode } from '@airlock/protocol'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as z from 'zod'
import { Caip2ChainId } from '../config'
import type { ApiVariables } from '../api/project-guard'
import { RPC_MAX_BODY_BYTES } from './limits'
import { proxyJsonRpc } from './proxy'
import { rpcError } from './schema'
import type { FetchLike } from './upstream'
import { apiError } from '../http/errors'

/** The query the route reads (chainId is checked with Caip2ChainId below; projectId by the guard). */
export const RpcQuery = z.object({ chainId: Caip2ChainId.describe('CAIP-2 chain id, e.g. eip155:1') })

export interface RpcRouteOptions {
  /** CAIP-2 chain id -> upstream JSON-RPC URL. */
  upstreams: Record<string, string>
  timeoutMs: number
  fetch: FetchLike
}

/**
 * `POST /v1/rpc?chainId=<CAIP-2>&projectId=...`: the chain RPC proxy.
 *
 * HTTP status policy: every JSON-RPC outcome, including -32700, -32600, -32601, -32002 and an
 * unreachable upstream (-32603), is HTTP 200 with a JSON-RPC body, because a batch can mix
 * successes and failures and JSON-RPC clients read errors from the body. Non-JSON-RPC problems
 * use HTTP statuses: 400 `{ error }` for a missing or malformed chainId, 413 (with a JSON-RPC
 * -32005 body) for a body over 1 MiB, 401/403 from the project guard.
 */
export function rpcRoute(options: RpcRouteOptions): Hono<{ Variables: ApiVariables }> {
  const upstreams = new Map(Object.entries(options.upstreams))
  const route = new Hono<{ Variables: ApiVariables }>()
  route.post(
    '/',
    bodyLimit({
      maxSize: RPC_MAX_BODY_BYTES,
      onError: (c) => c.json(rpcError(null, RpcErrorCode.LimitExceeded, 'Request body exceeds 1 MiB'), 413),
    }),
    async (c) => {
      const rawChainId = c.req.query('chainId')
      if (rawChainId === undefined || rawChainId === '') {
        return apiError(c, 400, 'Missing chainId query parameter: a CAIP-2 chain id such as eip155:1')
      }
      const chainId = Caip2ChainId.safeParse(rawChainId)
      if (!chainId.success) return apiError(c, 400, 'Invalid chainId query parameter: expected a CAIP-2 chain id such as eip155:1')

      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        return c.json(rpcError(null, RpcErrorCode.ParseError, 'Parse error: the request body is not valid JSON'))
      }
      const response = await proxyJsonRpc(body, {
        chainId: chainId.data,
        upstreamUrl: upstreams.get(chainId.data),
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      })
      return c.json(response)
    },
  )
  route.all('/', (c) => {
    c.header('Allow', 'POST, OPTIONS')
    return apiError(c, 405, 'Method Not Allowed: use POST')
  })
  return route
}
