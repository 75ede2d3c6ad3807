import { describe, expect, it } from 'vitest'
import { createChainRegistry } from '../../chains/registry'
import { mountV1, testDeps } from '../prices/test-support'
import { SupportedChainsResponse, supportedChainsRoutes } from './routes'

const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const BITCOIN_REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

describe('GET /v1/supported-chains', () => {
  it('lists every network of the registry: eip155 and solana under http (JSON-RPC), bip122 under rest, none under ws', async () => {
    const chains = createChainRegistry({
      'eip155:31337': 'http://127.0.0.1:1',
      'eip155:31338': 'http://127.0.0.1:2',
      [SOLANA_DEVNET]: 'http://127.0.0.1:3',
      [BITCOIN_REGTEST]: 'http://127.0.0.1:4/api',
      'cosmos:x': 'http://127.0.0.1:5',
    })
    const res = await mountV1(supportedChainsRoutes(testDeps(chains))).request('/v1/supported-chains?projectId=demo')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toEqual({ http: ['eip155:31337', 'eip155:31338', SOLANA_DEVNET], ws: [], rest: [BITCOIN_REGTEST] })
    expect(SupportedChainsResponse.parse(body)).toEqual(body)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('keeps a REST-only bip122 network out of http, where a client would send it JSON-RPC', async () => {
    const chains = createChainRegistry({ [BITCOIN_REGTEST]: 'http://127.0.0.1:4/api' })
    const res = await mountV1(supportedChainsRoutes(testDeps(chains))).request('/v1/supported-chains')
    expect(await res.json()).toEqual({ http: [], ws: [], rest: [BITCOIN_REGTEST] })
  })

  it('is empty for an empty registry', async () => {
    const res = await mountV1(supportedChainsRoutes(testDeps(createChainRegistry({})))).request('/v1/supported-chains')
    expect(await res.json()).toEqual({ http: [], ws: [], rest: [] })
  })
})
