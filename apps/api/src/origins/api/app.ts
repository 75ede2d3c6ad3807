import { Hono, type MiddlewareHandler } from 'hono'
import { analyticsRoutes, type AnalyticsLimits } from '../../capabilities/analytics'
import { balanceRoutes } from '../../capabilities/balance'
import { convertRoutes } from '../../capabilities/convert'
import { createPoolPriceSource, pricesRoutes, type DexConfig } from '../../capabilities/prices'
import { supportedChainsRoutes } from '../../capabilities/supported-chains'
import type { StackOrigins } from '../../platform/http/origin'
import type { ApiDeps } from '../../capabilities/deps'
import { explorerRoutes, type WalletRegistry } from '../../capabilities/explorer'
import { polkadotTransferRoutes } from '../../chains/polkadot/transfer-routes'
import { historyRoutes } from '../../capabilities/history'
import { onrampCheckoutRoutes, onrampRoutes, purchaseHistory, type OnrampSandboxConfig } from '../../capabilities/onramp'
import { API_CSP } from '../../platform/http/csp'
import { bucketStoreFor } from '../../platform/http/bucket-store'
import { rateLimit } from '../../platform/http/rate-limit'
import { requestLog, type RequestLogEntry } from '../../platform/http/request-log'
import { identityRoutes } from '../../capabilities/identity'
import { namesRoutes } from '../../capabilities/names'
import { apiOpenApiDocument } from './openapi/endpoints'
import { sessionsRoutes } from '../../capabilities/sessions'
import { siwxJwksRoute, siwxRoutes, type SiwxSigner } from '../../capabilities/siwx'
import { relayRoutes, type RelayRouteOptions } from '../../capabilities/relay'
import { securityHeaders } from '../../platform/http/security-headers'
import type { ProjectRegistry } from '../../platform/projects/registry'
import { DEFAULT_RPC_LIMITS, RPC_TIMEOUT_MS, type RpcLimits } from '../../capabilities/rpc/limits'
import { quotaStoreFor, type QuotaStore } from '../../capabilities/rpc/quota'
import { restProxy } from '../../capabilities/rpc/rest'
import { rpcProxy } from '../../capabilities/rpc/route'
import type { FetchLike } from '../../capabilities/rpc/upstream'
import type { ApiVariables } from '../../platform/projects/request'
import { projectGuard } from './project-guard'
import { apiError } from '../../platform/http/errors'
import { rateLimitClientOf } from '../../platform/http/client-address'

export interface ApiAppOptions {
  /** `api`, its own public origin, turns HSTS on when https; `secure`, the secure frame's, may call the RPC proxy. */
  origins: Pick<StackOrigins, 'widget'> & Partial<Pick<StackOrigins, 'api' | 'secure'>>
  projects: ProjectRegistry
  /** CAIP-2 chain id -> upstream JSON-RPC URL. */
  rpcUpstreams: Record<string, string>
  /** Upstream RPC timeout (default 10 s, SPEC section 9). */
  rpcTimeoutMs?: number
  /** Batch, eth_getLogs range, answer size and project quota of the RPC proxy (default DEFAULT_RPC_LIMITS). */
  rpcLimits?: RpcLimits
  /** Where the RPC proxy counts each project's calls (default: `data`'s database when other processes share it, else memory). */
  rpcQuotaStore?: QuotaStore
  /** The fetch used for upstream calls (default globalThis.fetch). */
  fetch?: FetchLike
  /**
   * Storage and chains for the data routes of SPEC section 7. Tests of the guard and the RPC
   * proxy leave it out; then only health, the RPC proxy and the wallet explorer are served.
   */
  data?: ApiDeps
  /** The wallet explorer's wallets (default: `apps/api/data/wallets.json` and its icons). */
  walletRegistry?: WalletRegistry
  /** Tokens and the DEX per chain for balances, prices and swaps; a chain without one gets empty results. */
  dex?: DexConfig
  /** The on-ramp sandbox; without it the on-ramp routes are not served. */
  onramp?: OnrampSandboxConfig
  /** The key of sign-in session tokens (siwx/tokens.ts); without it (or `data`) the sign-in routes and the JWKS are not served. */
  siwx?: SiwxSigner
  /** The bundler and paymaster (`/v1/relay/:chainId`); without it (or `data`) they are not served. */
  relay?: RelayRouteOptions
  /**
   * Per project and client; `false` turns it off (benchmarks that play many clients from one
   * address). Kept in `data`'s database when other processes share it, else in memory.
   */
  rateLimit?: { capacity: number; refillPerSecond: number } | false
  /** The proxies in front of the API (IPs, CIDR ranges): the rate limit reads the client from their X-Forwarded-For. */
  trustedProxies?: readonly string[]
  /** The analytics quota per project and the retention (default DEFAULT_ANALYTICS_LIMITS). */
  analytics?: AnalyticsLimits
  /** Where request log lines go (default: none). */
  log?: (entry: RequestLogEntry) => void
  /** Runs around every request first (the process's metrics). */
  measure?: MiddlewareHandler
}

/** Generous for a person, tight for a flood: a modal session makes a few dozen calls. */
export const DEFAULT_RATE_LIMIT = { capacity: 1000, refillPerSecond: 100 }

export type ApiApp = Hono<{ Variables: ApiVariables }>

/** The data API (Hono). Later issues add the SPEC section 7 routes under /v1. */
export function createApiApp(options: ApiAppOptions): ApiApp {
  const app = new Hono<{ Variables: ApiVariables }>()
  const headers = securityHeaders(API_CSP, 'no-referrer', { publicOrigin: options.origins.api })
  if (options.measure) app.use('*', options.measure)

  app.use('*', async (c, next) => {
    await next()
    // The checkout page is a form a person submits: it sends its own CSP, with form-action 'self'.
    const ownCsp = c.req.path.startsWith('/onramp/checkout/')
    for (const [name, value] of Object.entries(headers)) if (!(ownCsp && name === 'Content-Security-Policy')) c.res.headers.set(name, value)
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  })

  if (options.log) app.use('*', requestLog(options.log))
  app.get('/health', (c) => c.json({ status: 'ok' }))
  // The OpenAPI document of the API; public, like /health. Its server is the API origin (else the request's).
  let openApi: ReturnType<typeof apiOpenApiDocument> | undefined
  app.get('/openapi.json', (c) => {
    const apiOrigin = options.data?.apiOrigin
    const doc = apiOrigin ? (openApi ??= apiOpenApiDocument(apiOrigin)) : apiOpenApiDocument(new URL(c.req.url).origin)
    c.header('Cache-Control', 'public, max-age=300')
    return c.json(doc)
  })

  const guard = projectGuard({
    projects: options.projects,
    widgetOrigin: options.origins.widget,
    ...(options.origins.secure ? { secureOrigin: options.origins.secure } : {}),
  })
  const guarded = ['/v1/*', '/e', '/getWallets', '/getWalletImage/*', '/public/*', '/getAnalyticsConfig']
  for (const path of guarded) app.use(path, guard)
  const rpc = rpcProxy({
    upstreams: options.rpcUpstreams,
    timeoutMs: options.rpcTimeoutMs ?? RPC_TIMEOUT_MS,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    limits: options.rpcLimits ?? DEFAULT_RPC_LIMITS,
    quotaStore: options.rpcQuotaStore ?? quotaStoreFor(options.data?.db),
    clientOf: rateLimitClientOf(options.trustedProxies),
    bucketStore: bucketStoreFor(options.data?.db),
  })
  // Before the rate limit, which charges each call of an RPC batch: the intake reads the body.
  app.use('/v1/rpc', rpc.intake)
  const limits = options.rateLimit ?? DEFAULT_RATE_LIMIT
  if (limits) {
    const client = rateLimitClientOf(options.trustedProxies)
    // Shared by every API process when they share a Postgres server (options.data's database).
    const limiter = rateLimit({
      ...limits,
      scope: 'api',
      store: bucketStoreFor(options.data?.db),
      key: (c) => `${c.req.query('projectId')}|${client(c)}`,
      cost: rpc.cost,
    })
    for (const path of guarded) app.use(path, limiter)
  }
  app.route('/', explorerRoutes(options.walletRegistry ? { registry: options.walletRegistry } : {}))
  app.route('/v1/rpc', rpc.route)
  app.route(
    '/v1/rest',
    restProxy({
      upstreams: options.rpcUpstreams,
      timeoutMs: options.rpcTimeoutMs ?? RPC_TIMEOUT_MS,
      maxResponseBytes: (options.rpcLimits ?? DEFAULT_RPC_LIMITS).maxResponseBytes,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      charge: rpc.charge,
    }),
  )

  if (options.data) {
    const deps = options.data
    const dex = options.dex ?? {}
    const priceSource = createPoolPriceSource({ chains: deps.chains, dex })
    for (const routes of [
      supportedChainsRoutes(deps),
      balanceRoutes(deps, { dex, priceSource }),
      pricesRoutes(deps, { dex, priceSource }),
      convertRoutes(deps, { dex }),
      namesRoutes(deps),
      identityRoutes(deps),
      sessionsRoutes(deps),
      historyRoutes(deps, { priceSource, purchases: purchaseHistory(deps.db) }),
      polkadotTransferRoutes(deps.chains),
      ...(options.onramp ? [onrampRoutes(deps, options.onramp)] : []),
      ...(options.siwx ? [siwxRoutes(deps, options.siwx)] : []),
    ]) {
      app.route('/v1', routes)
    }
    if (options.onramp) app.route('/', onrampCheckoutRoutes(deps, options.onramp))
    if (options.relay) app.route('/v1/relay', relayRoutes(deps, options.relay))
    if (options.siwx) app.route('/', siwxJwksRoute(options.siwx))
    app.route('/', analyticsRoutes(deps, options.analytics))
  }

  app.notFound((c) => apiError(c, 404, 'Not Found'))
  app.onError((error, c) => {
    console.error(`[api] ${c.req.method} ${c.req.path}:`, error)
    return apiError(c, 500, 'Internal Server Error')
  })
  return app
}
