import { Hono } from 'hono'
import type { StackOrigins } from '../config'
import { API_CSP } from '../http/csp'
import { securityHeaders } from '../http/security-headers'
import type { ProjectRegistry } from '../projects/registry'
import { RPC_TIMEOUT_MS } from '../rpc/limits'
import { rpcRoute } from '../rpc/route'
import type { FetchLike } from '../rpc/upstream'
import { type ApiVariables, projectGuard } from './project-guard'

export interface ApiAppOptions {
  origins: Pick<StackOrigins, 'widget'>
  projects: ProjectRegistry
  /** CAIP-2 chain id -> upstream JSON-RPC URL. */
  rpcUpstreams: Record<string, string>
  /** Upstream RPC timeout (default 10 s, SPEC section 9). */
  rpcTimeoutMs?: number
  /** The fetch used for upstream calls (default globalThis.fetch). */
  fetch?: FetchLike
}

export type ApiApp = Hono<{ Variables: ApiVariables }>

/** The data API (Hono). Later issues add the SPEC section 7 routes under /v1. */
export function createApiApp(options: ApiAppOptions): ApiApp {
  const app = new Hono<{ Variables: ApiVariables }>()
  const headers = securityHeaders(API_CSP, 'no-referrer')

  app.use('*', async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  })

  app.get('/health', (c) => c.json({ status: 'ok' }))

  app.use('/v1/*', projectGuard({ projects: options.projects, widgetOrigin: options.origins.widget }))
  app.route(
    '/v1/rpc',
    rpcRoute({
      upstreams: options.rpcUpstreams,
      timeoutMs: options.rpcTimeoutMs ?? RPC_TIMEOUT_MS,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    }),
  )

  app.notFound((c) => c.json({ error: 'Not Found' }, 404))
  app.onError((error, c) => {
    console.error(`[api] ${c.req.method} ${c.req.path}:`, error)
    return c.json({ error: 'Internal Server Error' }, 500)
  })
  return app
}
