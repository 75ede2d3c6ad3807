import { DEVNET_CHAINS } from '@airlock/devnet'
import { DEVNET_TOKENS, DEVNET_TREASURY } from '@airlock/devnet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import packageJson from '../../../../package.json' with { type: 'json' }
import { createApiApp, type ApiApp } from '../app'
import { createChainRegistry } from '../../../chains/registry'
import type { Database } from '../../../platform/db/database'
import { openDatabase } from '../../../platform/db/open'
import { onrampConfigFromDevnet } from '../../../capabilities/onramp'
import { createMemoryProjectRegistry } from '../../../platform/projects/registry'
import { siwxSigner } from '../../../capabilities/siwx'
import { relayOptions } from '../../../capabilities/relay'
import { devnetSandbox } from '../../../config'
import { API_ENDPOINTS, apiOpenApiDocument } from './endpoints'

const API_ORIGIN = 'http://api.localhost:4403'

/** Every route createApiApp serves with all its options on (method + OpenAPI path). Update it with the app. */
const APP_ROUTES = [
  'GET /health',
  'GET /openapi.json',
  'GET /getWallets',
  'GET /getWalletImage/{id}',
  'GET /public/getAssetImage/{id}',
  'GET /public/getTokenImage/{id}',
  'GET /public/getCurrencyImage/{id}',
  'GET /getAnalyticsConfig',
  'POST /v1/rpc',
  'POST /v1/relay/{chainId}',
  'GET /v1/rest/{chainId}/{path}',
  'POST /v1/rest/{chainId}/{path}',
  'GET /v1/supported-chains',
  'GET /v1/account/{address}/balance',
  'POST /v1/fungible/price',
  'GET /v1/convert/tokens',
  'GET /v1/convert/quotes',
  'GET /v1/convert/allowance',
  'GET /v1/convert/gas-price',
  'GET /v1/convert/build-approve',
  'POST /v1/convert/build-transaction',
  'GET /v1/profile/account/{name}',
  'GET /v1/profile/reverse/{address}',
  'GET /v1/profile/suggestions/{name}',
  'POST /v1/profile/account',
  'POST /v1/profile/account/{name}/attributes',
  'GET /v1/identity/{address}',
  'GET /v1/sessions/{address}',
  'POST /v1/sessions/{address}',
  'POST /v1/sessions/{address}/revoke',
  'POST /v1/siwx/nonce',
  'POST /v1/siwx/sessions',
  'POST /v1/siwx/sessions/list',
  'POST /v1/siwx/sessions/revoke',
  'POST /v1/siwx/verify',
  'GET /.well-known/jwks.json',
  'GET /v1/account/{account}/history',
  'POST /v1/polkadot/transfers',
  'POST /v1/polkadot/transfers/submit',
  'GET /v1/onramp/options',
  'GET /v1/onramp/providers',
  'POST /v1/onramp/quote',
  'POST /v1/generators/onrampurl',
  'GET /onramp/checkout/{sessionId}',
  'POST /onramp/checkout/{sessionId}',
  'POST /e',
].sort()

let db: Database
let app: ApiApp
beforeAll(async () => {
  db = await openDatabase()
  const projects = createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics: false } }])
  app = createApiApp({
    origins: { widget: 'http://widget.localhost:4401' },
    projects,
    rpcUpstreams: {},
    data: { db, chains: createChainRegistry({}), projects, apiOrigin: API_ORIGIN, now: Date.now },
    dex: {},
    onramp: onrampConfigFromDevnet({ chains: DEVNET_CHAINS, tokens: DEVNET_TOKENS, treasury: DEVNET_TREASURY }),
    siwx: siwxSigner(new Uint8Array(32).fill(7)),
    relay: await relayOptions(db, devnetSandbox([]).relay),
  })
}, 60_000)
afterAll(async () => {
  await db?.close()
}, 60_000)

/** The app's routes as `METHOD /path/{param}`, middleware (method ALL) left out, once each. */
function servedRoutes(): string[] {
  const routes = app.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}')}`)
  return [...new Set(routes)].sort()
}

const documented = () => API_ENDPOINTS.map((e) => `${e.method.toUpperCase()} ${e.path}`).sort()

type Operation = {
  summary?: string
  parameters: { name: string; in: string; required: boolean; schema?: unknown }[]
  responses?: Record<string, unknown>
}

describe('the OpenAPI endpoint list', () => {
  it('the app serves exactly the routes of the hard list', () => {
    expect(servedRoutes()).toEqual(APP_ROUTES)
  })

  it('documents every route the app serves, once, and nothing else', () => {
    expect(documented()).toEqual(APP_ROUTES)
    expect(new Set(documented()).size).toBe(API_ENDPOINTS.length)
  })

  it('is a valid enough OpenAPI 3.1 document: every operation has a summary, responses and typed parameters', () => {
    const doc = apiOpenApiDocument(API_ORIGIN)
    expect(doc).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'Airlock API', version: packageJson.version },
      servers: [{ url: API_ORIGIN }],
    })
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as Operation })),
    )
    expect(operations).toHaveLength(APP_ROUTES.length)
    for (const { path, method, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`
      expect(operation.summary, where).toBeTruthy()
      expect(
        Object.keys(operation.responses ?? {}).filter((status) => /^2\d\d$/.test(status)),
        where,
      ).toHaveLength(1)
      expect(Object.keys(operation.responses ?? {}), where).toContain('default')
      for (const parameter of operation.parameters) expect(parameter.schema, `${where} ${parameter.name}`).toBeTypeOf('object')
      // Each {param} of the path template is a path parameter, and the other way round.
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort()
      const pathParameters = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name)
      expect(pathParameters.sort(), where).toEqual(inPath)
      // Parameter names are unique per location.
      const keys = operation.parameters.map((p) => `${p.in}:${p.name}`)
      expect(new Set(keys).size, where).toBe(keys.length)
      // The guard asks every /v1 call, the explorer and /e for projectId.
      const guarded = /^\/(v1\/|e$|getWallets$|getWalletImage\/|public\/|getAnalyticsConfig$)/.test(path)
      if (guarded)
        expect(
          operation.parameters.find((p) => p.name === 'projectId' && p.in === 'query'),
          where,
        ).toBeDefined()
    }
  })
})

describe('the document', () => {
  it('has the real success statuses and the HTML checkout', () => {
    const { paths } = apiOpenApiDocument(API_ORIGIN) as { paths: Record<string, Record<string, Operation & { requestBody?: unknown }>> }
    expect(Object.keys(paths['/v1/sessions/{address}']!.post!.responses!)).toEqual(['201', 'default'])
    expect(Object.keys(paths['/e']!.post!.responses!)).toEqual(['202', 'default'])
    const checkout = paths['/onramp/checkout/{sessionId}']!
    expect(checkout.get!.responses!['200']).toMatchObject({ content: { 'text/html': {} } })
    expect(checkout.post!.requestBody).toMatchObject({
      content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['card'] } } },
    })
  })
})

describe('GET /openapi.json', () => {
  it('serves the document without a project id, cacheable for 5 minutes', async () => {
    const res = await app.request('/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(apiOpenApiDocument(API_ORIGIN))))
  })
})
