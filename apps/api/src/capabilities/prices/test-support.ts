import { Hono } from 'hono'
import { createPublicClient, custom, type PublicClient } from 'viem'
import type { ApiVariables } from '../../platform/projects/request'
import { createChainRegistry, type ChainRegistry } from '../../chains/registry'
import type { ApiDeps } from '../deps'

/**
 * Test helpers shared by the balance, prices, convert and supported-chains tests (not used by the
 * routes themselves).
 */

/** A registry whose clients record every JSON-RPC request and fail it: for "no upstream request" cases. */
export function recordingRegistry(caip2Ids: readonly string[]): ChainRegistry & { requests: { chain: string; method: string }[] } {
  const requests: { chain: string; method: string }[] = []
  const clients = new Map<string, PublicClient>(
    caip2Ids.map((id) => [
      id,
      createPublicClient({
        chain: {
          id: Number(id.split(':')[1]),
          name: id,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
          contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } },
        },
        transport: custom(
          {
            request: async ({ method }: { method: string }) => {
              requests.push({ chain: id, method })
              throw new Error(`unexpected upstream request ${method} to ${id}`)
            },
          },
          { retryCount: 0 },
        ),
      }) as PublicClient,
    ]),
  )
  return { requests, supported: () => [...clients.keys()], client: (id) => clients.get(id), family: createChainRegistry({}).family }
}

export function testDeps(chains: ChainRegistry, now: () => number = () => Date.now()): ApiDeps {
  return {
    db: undefined as unknown as ApiDeps['db'],
    projects: { getProject: async () => undefined },
    chains,
    apiOrigin: 'http://api.localhost:4403',
    now,
  }
}

/** Mounts `routes` under /v1 behind a stand-in for the project guard (sets `project` and `sdk`). */
export function mountV1(routes: Hono<{ Variables: ApiVariables }>): Hono<{ Variables: ApiVariables }> {
  const app = new Hono<{ Variables: ApiVariables }>()
  app.use('/v1/*', async (c, next) => {
    c.set('project', { id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics: false } })
    c.set('sdk', { type: undefined, version: undefined })
    await next()
  })
  app.route('/v1', routes)
  return app
}

export const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})
