import { describe, expect, it } from 'vitest'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { createApiApp } from './app'

/** The data API behind a load balancer: its rate limit keys on the client the balancer names. */

const projects = createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics: false } }])
const apiBehind = (trustedProxies?: string[]) =>
  createApiApp({
    origins: { widget: 'http://widget.localhost:4401' },
    projects,
    rpcUpstreams: {},
    rateLimit: { capacity: 2, refillPerSecond: 0.001 },
    ...(trustedProxies ? { trustedProxies } : {}),
  })
const get = async (app: ReturnType<typeof apiBehind>, peer: string, forwardedFor: string) =>
  (
    await app.request(
      '/getAnalyticsConfig?projectId=demo',
      { headers: { 'X-Forwarded-For': forwardedFor } },
      { incoming: { socket: { remoteAddress: peer } } },
    )
  ).status

describe('data API rate limit behind trusted proxies', () => {
  it('gives each client of the balancer its own bucket', async () => {
    const app = apiBehind(['10.0.0.0/8'])
    for (let i = 0; i < 2; i++) expect(await get(app, '10.0.0.2', '203.0.113.1')).toBe(200)
    expect(await get(app, '10.0.0.7', '203.0.113.1')).toBe(429)
    expect(await get(app, '10.0.0.2', '203.0.113.2')).toBe(200)
    // A hop the client forged left of the balancer's changes nothing.
    expect(await get(app, '10.0.0.2', '192.0.2.50, 203.0.113.1')).toBe(429)
  })

  it('keys on the socket peer by default, and for a peer it does not trust', async () => {
    for (const app of [apiBehind(), apiBehind(['10.0.0.0/8'])]) {
      for (let i = 0; i < 2; i++) expect(await get(app, '198.51.100.9', `203.0.113.${i}`)).toBe(200)
      expect(await get(app, '198.51.100.9', '203.0.113.99')).toBe(429)
    }
  })
})
