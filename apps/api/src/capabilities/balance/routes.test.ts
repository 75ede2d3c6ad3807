import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { uniswapV2DexConfig } from '../prices/dex-config'
import { mountV1, recordingRegistry, testDeps } from '../prices/test-support'
import { balanceRoutes } from './routes'

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const dex = uniswapV2DexConfig(['eip155:31337', 'eip155:31338'], {
  contracts: {
    uniswapV2Router: '0xB9aB91835F6b5fBFbe5a7910edD3F9Ff308f4427',
    uniswapV2Factory: '0x1bFffF374225e01e254CC1fB714761f4BA478628',
    weth: '0xc81d8F681f9857FFb9479C7dfae9858E7293Bee3',
    usdc: '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58',
  },
  tokens: [{ address: '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58', symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
})

let fetchSpy: MockInstance<typeof fetch>
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch')
})
afterEach(() => {
  fetchSpy.mockRestore()
  vi.restoreAllMocks()
})

function setup() {
  // Only 31337 has an upstream; 31338 is in the DEX config but not in the registry.
  const chains = recordingRegistry(['eip155:31337'])
  const app = mountV1(balanceRoutes(testDeps(chains), { dex }))
  return { app, chains }
}

describe('GET /v1/account/:address/balance: input', () => {
  it.each(['0x123', 'hello', `${USER}00`, `eip155:31337:${USER}`, '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', USER.replace('f', 'g')])(
    '400 for the address %j, without a chain request',
    async (address) => {
      const { app, chains } = setup()
      const res = await app.request(`/v1/account/${encodeURIComponent(address)}/balance?currency=usd&chainId=eip155:31337`)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { status: number; error: string; reasons: { description: string; field?: string }[] }
      expect(body.status).toBe(400)
      expect(body.reasons[0]).toEqual({ description: expect.stringContaining('Invalid address'), field: 'address' })
      expect(chains.requests).toEqual([])
    },
  )

  it('400 for an unsupported currency or a malformed chainId', async () => {
    const { app, chains } = setup()
    const currency = await app.request(`/v1/account/${USER}/balance?currency=eur&chainId=eip155:31337`)
    expect(currency.status).toBe(400)
    expect(((await currency.json()) as { error: string }).error).toContain('only usd')
    const chain = await app.request(`/v1/account/${USER}/balance?currency=usd&chainId=31337`)
    expect(chain.status).toBe(400)
    expect(((await chain.json()) as { reasons: { field: string }[] }).reasons[0]!.field).toBe('chainId')
    expect(chains.requests).toEqual([])
  })
})

describe('GET /v1/account/:address/balance: unsupported chains', () => {
  it.each(['eip155:1', 'eip155:31338', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'bip122:000000000019d6689c085ae165831e93'])(
    '%s gives { balances: [] } without any upstream request',
    async (chainId) => {
      const { app, chains } = setup()
      const res = await app.request(`/v1/account/${USER}/balance?currency=usd&chainId=${chainId}&forceUpdate=x`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ balances: [] })
      expect(chains.requests).toEqual([])
      expect(fetchSpy).not.toHaveBeenCalled()
    },
  )

  it('a supported chain does reach the upstream (and a failing one is a 502)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { app, chains } = setup()
    const res = await app.request(`/v1/account/${USER}/balance?currency=usd&chainId=eip155:31337`)
    expect(res.status).toBe(502)
    expect(((await res.json()) as { error: string }).error).toContain('Token Balance Unavailable')
    expect(chains.requests.map((r) => r.method)).toEqual(['eth_call'])
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })
})
