import { describe, expect, it } from 'vitest'
import { createChainRegistry } from '../chains/registry'
import { mountV1, testDeps } from '../prices/test-support'
import { SupportedChainsResponse, supportedChainsRoutes } from './routes'

describe('GET /v1/supported-chains', () => {
  it('lists the CAIP-2 ids of the registry under http, none under ws', async () => {
    const chains = createChainRegistry({
      'eip155:31337': 'http://127.0.0.1:1',
      'eip155:31338': 'http://127.0.0.1:2',
      'solana:x': 'http://127.0.0.1:3',
    })
    const res = await mountV1(supportedChainsRoutes(testDeps(chains))).request('/v1/supported-chains?projectId=demo')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
    expect(SupportedChainsResponse.parse(body)).toEqual(body)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('is empty for an empty registry', async () => {
    const res = await mountV1(supportedChainsRoutes(testDeps(createChainRegistry({})))).request('/v1/supported-chains')
    expect(await res.json()).toEqual({ http: [], ws: [] })
  })
})
