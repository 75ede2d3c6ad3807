import { maxUint256 } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { NATIVE_TOKEN_ADDRESS } from '../prices/caip'
import { uniswapV2DexConfig } from '../prices/dex-config'
import { mountV1, postJson, recordingRegistry, testDeps } from '../prices/test-support'
import { convertRoutes, TokensResponse } from './routes'

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const DAI = '0xE481149120FF09958c38Cb236202741a1ffa28a3'
const WETH = '0xc81d8F681f9857FFb9479C7dfae9858E7293Bee3'
const SPAM = '0x4A4992E84f8BcD02ca5a78D70C0bd7FeeE750b45'
const dex = uniswapV2DexConfig(['eip155:31337', 'eip155:31338'], {
  contracts: {
    uniswapV2Router: '0xB9aB91835F6b5fBFbe5a7910edD3F9Ff308f4427',
    uniswapV2Factory: '0x1bFffF374225e01e254CC1fB714761f4BA478628',
    weth: WETH,
    usdc: USDC,
  },
  tokens: [
    { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
    { address: DAI, symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 },
    { address: WETH, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
    { address: SPAM, symbol: 'SPAM', name: 'Free Airdrop Reward', decimals: 18, spam: true },
  ],
})
const c10 = (address: string, chain = 'eip155:31337') => `${chain}:${address}`
const ETH = c10(NATIVE_TOKEN_ADDRESS)

let fetchSpy: MockInstance<typeof fetch>
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch')
})
afterEach(() => fetchSpy.mockRestore())

function setup() {
  // 31337 has an upstream whose every request fails; 31338 is configured but has no upstream.
  const chains = recordingRegistry(['eip155:31337'])
  return { app: mountV1(convertRoutes(testDeps(chains), { dex })), chains }
}

type ErrorBody = { status: number; error: string; reasons: { description: string; field?: string }[] }
async function expect400(res: Response, reason: string, field?: string) {
  expect(res.status).toBe(400)
  const body = (await res.json()) as ErrorBody
  expect(body.status).toBe(400)
  expect(body.reasons[0]!.description).toContain(reason)
  if (field) expect(body.reasons[0]!.field).toBe(field)
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()
const quote = (params: Record<string, string>) =>
  `/v1/convert/quotes?${query({ userAddress: USER, from: ETH, to: c10(USDC), gasPrice: '1', ...params })}`

describe('GET /v1/convert/tokens', () => {
  it("lists native first then the chain's tokens, without spam and without a chain request", async () => {
    const { app, chains } = setup()
    const res = await app.request('/v1/convert/tokens?chainId=eip155:31337')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { tokens: Record<string, unknown>[] }
    expect(TokensResponse.parse(body)).toEqual(body)
    const { tokens } = body
    expect(tokens.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'DAI', 'WETH'])
    expect(tokens[0]).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      decimals: 18,
      logoUri: 'http://api.localhost:4403/public/getTokenImage/ETH',
      eip2612: false,
    })
    expect(tokens[1]).toMatchObject({ address: `eip155:31337:${USDC}`, decimals: 6 })
    expect(chains.requests).toEqual([])
  })

  it.each(['eip155:1', 'eip155:31338', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])('%s: { tokens: [] }', async (chainId) => {
    const { app, chains } = setup()
    expect(await (await app.request(`/v1/convert/tokens?chainId=${chainId}`)).json()).toEqual({ tokens: [] })
    expect(chains.requests).toEqual([])
  })

  it('400 without or with a malformed chainId', async () => {
    const { app } = setup()
    await expect400(await app.request('/v1/convert/tokens'), 'chainId: required', 'chainId')
    await expect400(await app.request('/v1/convert/tokens?chainId=31337'), 'CAIP-2', 'chainId')
  })
})

describe('GET /v1/convert/quotes: input', () => {
  it.each([
    ['1.5', 'no decimal point'],
    ['-1', 'must be positive'],
    ['0', 'greater than zero'],
    [(maxUint256 + 1n).toString(), 'exceeds 2^256-1'],
    ['1e18', 'plain decimal digits'],
  ])('400 for the amount %j', async (amount, reason) => {
    const { app, chains } = setup()
    await expect400(await app.request(quote({ amount })), reason, 'amount')
    expect(chains.requests).toEqual([])
  })

  it('400 for bad tokens, pairs and addresses, before any chain request', async () => {
    const { app, chains } = setup()
    await expect400(await app.request(quote({ amount: '1', from: USDC })), 'from: expected a CAIP-10', 'from')
    await expect400(await app.request(quote({ amount: '1', to: 'eip155:31337:0x12' })), 'to: expected a CAIP-10', 'to')
    await expect400(await app.request(quote({ amount: '1', from: c10(USDC), to: c10(USDC.toLowerCase()) })), 'same token', 'to')
    await expect400(await app.request(quote({ amount: '1', to: c10(USDC, 'eip155:31338') })), 'same chain', 'to')
    await expect400(
      await app.request(quote({ amount: '1', to: c10('0x1111111111111111111111111111111111111111') })),
      'not a token listed',
      'to',
    )
    await expect400(await app.request(quote({ amount: '1', to: c10(SPAM) })), 'not a token listed', 'to')
    await expect400(await app.request(quote({ amount: '1', to: c10(WETH) })), 'wrapping or unwrapping', 'to')
    await expect400(await app.request(quote({ amount: '1', userAddress: '0x1234' })), 'userAddress', 'userAddress')
    await expect400(await app.request(quote({ amount: '1', userAddress: c10(USER, 'eip155:1') })), 'userAddress', 'userAddress')
    await expect400(await app.request(quote({ amount: '1', gasPrice: '1.5' })), 'gasPrice', 'gasPrice')
    await expect400(await app.request(`/v1/convert/quotes?from=${ETH}&to=${c10(USDC)}`), 'amount', 'amount')
    expect(chains.requests).toEqual([])
  })

  it.each([
    ['a chain without upstream', c10(NATIVE_TOKEN_ADDRESS, 'eip155:31338'), c10(USDC, 'eip155:31338')],
    ['an unknown chain', c10(NATIVE_TOKEN_ADDRESS, 'eip155:1'), c10(USDC, 'eip155:1')],
    [
      'another namespace',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    ],
  ])('{ quotes: [] } for %s, without any request', async (_, from, to) => {
    const { app, chains } = setup()
    const res = await app.request(quote({ amount: '1000', from, to, userAddress: 'x' }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ quotes: [] })
    expect(chains.requests).toEqual([])
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('a supported pair does reach the upstream (and a failing one is a 502)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { app, chains } = setup()
    const res = await app.request(quote({ amount: '1000' }))
    expect(res.status).toBe(502)
    expect(chains.requests.map((r) => r.method)).toContain('eth_call')
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })
})

describe('GET /v1/convert/allowance', () => {
  it('is 2^256-1 for the native token, without a request', async () => {
    const { app, chains } = setup()
    const res = await app.request(`/v1/convert/allowance?${query({ tokenAddress: ETH, userAddress: c10(USER) })}`)
    expect(await res.json()).toEqual({ allowance: maxUint256.toString() })
    expect(chains.requests).toEqual([])
  })

  it('is "0" on an unsupported chain, without a request', async () => {
    const { app, chains } = setup()
    const res = await app.request(
      `/v1/convert/allowance?${query({ tokenAddress: c10(USDC, 'eip155:1'), userAddress: c10(USER, 'eip155:1') })}`,
    )
    expect(await res.json()).toEqual({ allowance: '0' })
    expect(chains.requests).toEqual([])
  })

  it('400 for a bad token or user address', async () => {
    const { app } = setup()
    await expect400(
      await app.request(`/v1/convert/allowance?${query({ tokenAddress: USDC, userAddress: USER })}`),
      'tokenAddress',
      'tokenAddress',
    )
    await expect400(
      await app.request(`/v1/convert/allowance?${query({ tokenAddress: c10(USDC), userAddress: 'nope' })}`),
      'userAddress',
      'userAddress',
    )
    await expect400(await app.request(`/v1/convert/allowance?${query({ tokenAddress: c10(USDC) })}`), 'userAddress', 'userAddress')
  })
})

describe('GET /v1/convert/gas-price', () => {
  it.each(['eip155:1', 'eip155:31338', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])(
    "%s: 400 'Network not supported for Gas Price', without a request",
    async (chainId) => {
      const { app, chains } = setup()
      await expect400(await app.request(`/v1/convert/gas-price?chainId=${chainId}`), 'Network not supported for Gas Price', 'chainId')
      expect(chains.requests).toEqual([])
    },
  )
  it('400 for a missing chainId', async () => {
    await expect400(await setup().app.request('/v1/convert/gas-price'), 'chainId', 'chainId')
  })
})

describe('GET /v1/convert/build-approve', () => {
  const approve = (params: Record<string, string>) =>
    `/v1/convert/build-approve?${query({ userAddress: c10(USER), from: c10(USDC), to: c10(DAI), ...params })}`
  it('400 for the native token, bad amounts and unsupported chains, without a request', async () => {
    const { app, chains } = setup()
    await expect400(await app.request(approve({ from: ETH })), 'needs no approval', 'from')
    await expect400(await app.request(approve({ amount: '0' })), 'greater than zero', 'amount')
    await expect400(await app.request(approve({ amount: '2.5' })), 'no decimal point', 'amount')
    await expect400(
      await app.request(approve({ from: c10(USDC, 'eip155:1'), to: c10(DAI, 'eip155:1') })),
      'Network not supported for Swaps',
    )
    await expect400(await app.request(approve({ userAddress: c10(USER, 'eip155:31338') })), 'userAddress', 'userAddress')
    expect(chains.requests).toEqual([])
  })
})

describe('POST /v1/convert/build-transaction', () => {
  const build = (app: ReturnType<typeof setup>['app'], body: unknown) =>
    app.request('/v1/convert/build-transaction?projectId=demo', postJson(body))
  const valid = { amount: '1000000', eip155: { slippage: 1 }, projectId: 'demo', from: c10(USDC), to: c10(DAI), userAddress: c10(USER) }

  it.each([
    ['not JSON', '{"amount":', 'Request body must be JSON', undefined],
    ['a numeric amount', { ...valid, amount: 1000000 }, 'amount', 'amount'],
    ['a decimal amount', { ...valid, amount: '0.5' }, 'no decimal point', 'amount'],
    ['a negative amount', { ...valid, amount: '-5' }, 'must be positive', 'amount'],
    ['a zero amount', { ...valid, amount: '0' }, 'greater than zero', 'amount'],
    ['an overflowing amount', { ...valid, amount: (maxUint256 + 1n).toString() }, 'exceeds 2^256-1', 'amount'],
    ['no slippage', { ...valid, eip155: undefined }, 'slippage', 'eip155.slippage'],
    ['a negative slippage', { ...valid, eip155: { slippage: -1 } }, 'between 0 and 50', 'eip155.slippage'],
    ['a slippage over 50 %', { ...valid, eip155: { slippage: '51' } }, 'between 0 and 50', 'eip155.slippage'],
    ['the same token', { ...valid, to: c10(USDC) }, 'same token', 'to'],
    ['no user address', { ...valid, userAddress: undefined }, 'userAddress', 'userAddress'],
    ['a user on another chain', { ...valid, userAddress: c10(USER, 'eip155:1') }, 'userAddress', 'userAddress'],
    [
      'an unsupported chain',
      { ...valid, from: c10(USDC, 'eip155:31338'), to: c10(DAI, 'eip155:31338') },
      'Network not supported for Swaps',
      'from',
    ],
  ])('400 for %s, without a request', async (_, body, reason, field) => {
    const { app, chains } = setup()
    await expect400(await build(app, body), reason, field)
    expect(chains.requests).toEqual([])
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('a valid swap does reach the upstream (and a failing one is a 502)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { app, chains } = setup()
    const res = await build(app, valid)
    expect(res.status).toBe(502)
    expect(chains.requests.length).toBeGreaterThan(0)
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })
})
