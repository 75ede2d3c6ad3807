import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as z from 'zod'
import { Caip2ChainId } from '../../chains/caip2'
import { FAMILIES, isNamespace } from '../../chains/families'
import { apiError } from '../../platform/http/errors'
import type { ApiVariables } from '../../platform/projects/request'
import { RPC_MAX_BODY_BYTES } from './limits'
import { serverUseRefusal, type RpcProxy } from './route'
import { readCapped, type FetchLike } from './upstream'

export const RestParams = z.object({
  chainId: Caip2ChainId.describe('CAIP-2 id of a network whose nodes speak REST, e.g. bip122:000000000019d6689c085ae165831e93'),
  path: z.string().describe("an allow-listed path of the network's API, e.g. address/{address}/utxo"),
})

export interface RestProxyOptions {
  /** CAIP-2 chain id -> upstream base URL (the same upstreams as the JSON-RPC proxy). */
  upstreams: Record<string, string>
  timeoutMs: number
  maxResponseBytes: number
  fetch: FetchLike
  /** The JSON-RPC proxy's quota: a REST call counts as one call, against the same share and quota. */
  charge: RpcProxy['charge']
}

/**
 * `GET|POST /v1/rest/{chainId}/{path}`: a pass-through to a REST node API (bip122: esplora) for
 * the families that have one. Only what the family's `restTarget` allows is forwarded, with its
 * parameters checked (404 for any other path, 400 for a bad parameter); the project guard and the
 * rate limit run before it, as for /v1/rpc, a call without Origin needs `serverRpc` (403), and each
 * call counts against the RPC proxy's client share and project quota (429 with Retry-After). The
 * upstream's status and body come back as they are (esplora's refusal of a transaction is its
 * 400 text); an unreachable upstream is a 502 that does not name it.
 */
export function restProxy(options: RestProxyOptions) {
  const upstreams = new Map(Object.entries(options.upstreams))
  const route = new Hono<{ Variables: ApiVariables }>()
  const readBody = bodyLimit({
    maxSize: RPC_MAX_BODY_BYTES,
    onError: (c) => apiError(c, 413, 'Request body exceeds 1 MiB'),
  })
  route.on(['GET', 'POST'], '/:chainId/:path{.+}', readBody, async (c) => {
    const chainId = Caip2ChainId.safeParse(c.req.param('chainId'))
    if (!chainId.success)
      return apiError(c, 400, 'Invalid chainId: expected a CAIP-2 chain id such as bip122:000000000019d6689c085ae165831e93')
    const namespace = chainId.data.split(':', 1)[0]
    const family = isNamespace(namespace) ? FAMILIES[namespace] : undefined
    const upstream = upstreams.get(chainId.data)
    if (!family?.restTarget || !upstream) return apiError(c, 404, `No REST API for ${chainId.data} through Airlock`)
    const segments = c.req.param('path').split('/')
    const body = c.req.method === 'POST' ? await c.req.text() : undefined
    const target = family.restTarget({
      method: c.req.method,
      segments,
      caipNetworkId: chainId.data,
      ...(body === undefined ? {} : { body }),
    })
    if ('error' in target) return apiError(c, target.status, target.error)
    const refusedServer = serverUseRefusal(c)
    if (refusedServer) return apiError(c, 403, refusedServer)
    const refused = await options.charge(c, 1)
    if (refused) return apiError(c, 429, refused)

    const who = `The node API for ${chainId.data}`
    let response: Response
    let text: string | undefined
    try {
      response = await options.fetch(`${upstream.replace(/\/+$/, '')}${target.path}`, {
        method: c.req.method,
        headers: { accept: 'application/json, text/plain', ...(target.body === undefined ? {} : { 'content-type': 'text/plain' }) },
        ...(target.body === undefined ? {} : { body: target.body }),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      text = await readCapped(response, options.maxResponseBytes)
    } catch {
      return apiError(c, 502, `${who} did not answer`)
    }
    if (text === undefined) return apiError(c, 502, `${who} answered more than ${options.maxResponseBytes} bytes`)
    const json = (response.headers.get('content-type') ?? '').includes('application/json')
    return c.body(text, response.status as 200, { 'content-type': json ? 'application/json' : 'text/plain; charset=utf-8' })
  })
  return route
}
