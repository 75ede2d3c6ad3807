import { RpcErrorCode } from '@airlock/protocol'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as z from 'zod'
import { Caip2ChainId } from '../../chains/caip2'
import type { ApiVariables, RpcBody } from '../../platform/projects/request'
import type { BucketStore } from '../../platform/http/bucket-store'
import { apiError } from '../../platform/http/errors'
import { tokenBuckets } from '../../platform/http/rate-limit'
import { callCost, isBatchTooLong } from './calls'
import { RPC_MAX_BODY_BYTES, type RpcLimits } from './limits'
import { proxyJsonRpc } from './proxy'
import { createMemoryQuotaStore, projectQuota, type QuotaStore } from './quota'
import { rpcError } from './schema'
import type { FetchLike } from './upstream'

/** The query the route reads (chainId is checked with Caip2ChainId below; projectId by the guard). */
export const RpcQuery = z.object({
  chainId: Caip2ChainId.describe(
    'CAIP-2 chain id of an EVM chain or a Solana cluster, e.g. eip155:1 or solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  ),
})

export interface RpcProxyOptions {
  /** CAIP-2 chain id -> upstream JSON-RPC URL. */
  upstreams: Record<string, string>
  timeoutMs: number
  fetch: FetchLike
  limits: RpcLimits
  /** Where each project's calls are counted (default: process memory). */
  quotaStore?: QuotaStore
  /** What a request's client counts as (its address, an IPv6 /64): its calls may take only `limits.clientQuotaShare` of the quota. */
  clientOf: (c: ApiContext) => string
  /** Where each client's share is counted (default: process memory). */
  bucketStore?: BucketStore
}

type ApiContext = Context<{ Variables: ApiVariables }>

/**
 * `POST /v1/rpc?chainId=<CAIP-2>&projectId=...`: the chain RPC proxy, in three parts the app
 * mounts around its rate limit:
 * - `intake` (after the project guard, before the rate limit): a call without `Origin` must be
 *   for a project that allows server use (`serverRpc`), else 403; the body is read up to 1 MiB
 *   (413 beyond) and parsed once;
 * - `cost`: what the rate limit charges, one token per call of a batch (`callCost`);
 * - `route`: 400 for a missing or malformed chainId, 413 for a batch over `maxBatch`, 429 with
 *   Retry-After once the project's quota is used, then the proxy.
 *
 * HTTP status policy: every JSON-RPC outcome of the calls themselves, including -32700, -32600,
 * -32601, -32002, an over-range eth_getLogs (-32005) and an unreachable or over-long upstream
 * answer (-32603, -32005), is HTTP 200 with a JSON-RPC body, because a batch can mix successes
 * and failures and JSON-RPC clients read errors from the body. Refusals of the whole request are
 * HTTP 4xx: with a JSON-RPC body (id null) from this module, `{ error }` from the guard, the rate
 * limit and the chainId check.
 */
export function rpcProxy(options: RpcProxyOptions) {
  const upstreams = new Map(Object.entries(options.upstreams))
  const { limits } = options
  const quota = projectQuota({ quota: limits.projectQuota, store: options.quotaStore ?? createMemoryQuotaStore() })
  const { calls, windowSeconds } = limits.projectQuota
  const share = Math.max(1, Math.floor(calls * limits.clientQuotaShare))
  const shares = tokenBuckets({
    scope: 'rpc-client-share',
    capacity: share,
    refillPerSecond: share / windowSeconds,
    ...(options.bucketStore ? { store: options.bucketStore } : {}),
  })
  const readBody = bodyLimit({
    maxSize: RPC_MAX_BODY_BYTES,
    onError: (c) => c.json(rpcError(null, RpcErrorCode.LimitExceeded, 'Request body exceeds 1 MiB'), 413),
  })

  const intake: MiddlewareHandler<{ Variables: ApiVariables }> = async (c, next) => {
    if (c.req.method !== 'POST') return next()
    const refused = serverUseRefusal(c)
    if (refused) return c.json(rpcError(null, RpcErrorCode.Unauthorized, refused), 403)
    return readBody(c, async () => {
      let body: RpcBody
      try {
        body = { json: true, value: JSON.parse(await c.req.text()) }
      } catch {
        body = { json: false }
      }
      c.set('rpcBody', body)
      await next()
    })
  }

  /**
   * Counts `cost` calls against the client's share, then the project's quota; the refusal (with
   * Retry-After set), or undefined when they may go.
   */
  const charge = async (c: ApiContext, cost: number): Promise<string | undefined> => {
    const project = c.get('project')
    // The client's share first: calls past it spend nothing of the project's quota. (A request
    // larger than the whole share can never pass: it waits a full window and is refused again.)
    const wait = cost > share ? windowSeconds : await shares.take(`${project.id}|${options.clientOf(c)}`, cost)
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return `This client has used its share of project ${project.id}'s RPC quota (${share} of ${calls} calls per ${windowSeconds} s): try again in ${wait} s`
    }
    const allowed = await quota.take(project.id, cost)
    if (allowed.ok) return undefined
    c.header('Retry-After', String(allowed.retryAfterSeconds))
    return allowed.message
  }

  const cost = (c: ApiContext): number => {
    const body = c.get('rpcBody')
    return body?.json ? callCost(body.value, limits.maxBatch) : 1
  }

  const route = new Hono<{ Variables: ApiVariables }>()
  route.post('/', async (c) => {
    const rawChainId = c.req.query('chainId')
    if (rawChainId === undefined || rawChainId === '') {
      return apiError(c, 400, 'Missing chainId query parameter: a CAIP-2 chain id such as eip155:1')
    }
    const chainId = Caip2ChainId.safeParse(rawChainId)
    if (!chainId.success) return apiError(c, 400, 'Invalid chainId query parameter: expected a CAIP-2 chain id such as eip155:1')

    const body = c.get('rpcBody')
    if (!body?.json) return c.json(rpcError(null, RpcErrorCode.ParseError, 'Parse error: the request body is not valid JSON'))
    if (isBatchTooLong(body.value, limits.maxBatch)) {
      const message = `Batch of ${body.value.length} calls exceeds the limit of ${limits.maxBatch} per request: split it`
      return c.json(rpcError(null, RpcErrorCode.LimitExceeded, message), 413)
    }
    const refused = await charge(c, callCost(body.value, limits.maxBatch))
    if (refused) return c.json(rpcError(null, RpcErrorCode.LimitExceeded, refused), 429)
    const response = await proxyJsonRpc(body.value, {
      chainId: chainId.data,
      upstreamUrl: upstreams.get(chainId.data),
      timeoutMs: options.timeoutMs,
      maxResponseBytes: limits.maxResponseBytes,
      maxLogBlockRange: limits.maxLogBlockRange,
      fetch: options.fetch,
    })
    return c.json(response)
  })
  route.all('/', (c) => {
    c.header('Allow', 'POST, OPTIONS')
    return apiError(c, 405, 'Method Not Allowed: use POST')
  })
  return { intake, cost, route, charge }
}

export type RpcProxy = ReturnType<typeof rpcProxy>

/** The refusal of a call without Origin (from a server or script) for a project that does not allow server use, else undefined. */
export function serverUseRefusal(c: ApiContext): string | undefined {
  const project = c.get('project')
  if (c.req.header('origin') !== undefined || project.serverRpc) return undefined
  return `Project ${project.id} does not allow RPC calls without an Origin header (from a server or script): call from one of its allowed origins, or enable serverRpc for the project`
}
