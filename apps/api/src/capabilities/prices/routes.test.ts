import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { NATIVE_TOKEN_ADDRESS } from './caip'
import { uniswapV2DexConfig } from './dex-config'
import { pricesRoutes } from './routes'
import { mountV1, postJson, recordingRegistry, testDeps } from './test-support'

const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const SPAM = '0x4A4992E84f8BcD02ca5a78D70C0bd7FeeE750b45'
const dex = uniswapV2DexConfig(['eip155:31337', 'eip155:31338'], {
  contracts: {
    uniswapV2Router: '0xB9aB91835F6b5fBFbe5a7910edD3F9Ff308f4427',
    uniswapV2Factory: '0x1bFffF374225e01e254CC1fB714761f4BA478628',
    weth: '0xc81d8F681f9857FFb9479C7dfae9858E7293Bee3',
    usdc: USDC,
  },
  tokens: [
    { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
    { address: SPAM, symbol: 'SPAM', name: 'Free Airdrop Reward', decimals: 18, spam: true },
  ],
})

let fetchSpy: MockInstance<typeof fetch>
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch')
})
afterEach(() => fetchSpy.mockRestore())

function setup() {
  const chains = recordingRegistry(['eip155:31337'])
  return { app: mountV1(pricesRoutes(testDeps(chains), { dex })), chains }
}

const price = (app: ReturnType<typeof setup>['app'], body: unknown) => app.request('/v1/fungible/price?projectId=demo', postJson(body))

describe('POST /v1/fungible/price: input', () => {
  it.each([
    ['not JSON', '{', 'Request body must be JSON'],
    ['no addresses', { currency: 'usd' }, 'addresses'],
    ['empty addresses', { currency: 'usd', addresses: [] }, 'at least one'],
    ['addresses not a list', { currency: 'usd', addresses: 'eip155:31337:0x' }, 'addresses'],
    ['too many addresses', { currency: 'usd', addresses: Array(101).fill(`eip155:31337:${USDC}`) }, 'at most 100'],
    ['a plain address', { currency: 'usd', addresses: [USDC] }, 'addresses.0'],
    ['a short eip155 address', { currency: 'usd', addresses: [`eip155:31337:${USDC}`, 'eip155:31337:0x1234'] }, 'addresses.1'],
    ['another currency', { currency: 'eur', addresses: [`eip155:31337:${USDC}`] }, 'only usd'],
  ])('400 for %s', async (_, body, reason) => {
    const { app, chains } = setup()
    const res = await price(app, body)
    expect(res.status).toBe(400)
    const json = (await res.json()) as { error: string; reasons: { description: string }[] }
    expect(json.reasons[0]!.description).toContain(reason)
    expect(chains.requests).toEqual([])
  })
})

describe('POST /v1/fungible/price: unsupported', () => {
  it('leaves out other namespaces, chains without upstream, unknown and spam tokens, without any request', async () => {
    const { app, chains } = setup()
    const res = await price(app, {
      currency: 'usd',
      projectId: 'demo',
      addresses: [
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112',
        `eip155:1:${USDC}`,
        `eip155:31338:${NATIVE_TOKEN_ADDRESS}`,
        `eip155:31337:0x1111111111111111111111111111111111111111`,
        `eip155:31337:${SPAM}`,
      ],
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ fungibles: [] })
    expect(chains.requests).toEqual([])
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('a supported token does reach the upstream (and a failing one is a 502)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { app, chains } = setup()
    const res = await price(app, { currency: 'usd', addresses: [`eip155:31337:${NATIVE_TOKEN_ADDRESS}`] })
    expect(res.status).toBe(502)
    expect(chains.requests.length).toBeGreaterThan(0)
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })
})
