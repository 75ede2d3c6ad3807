import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { createChainRegistry, type ChainRegistry } from '../../chains/registry'
import type { Database } from '../../platform/db/database'
import { localCoordination } from '../../platform/db/local-locks'
import type { ApiDeps } from '../deps'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import type { OnrampSandboxConfig } from './catalog'
import { OnrampQuoteResponseSchema } from './quote'
import { OnrampOptionsResponse, OnrampProvidersResponse, OnrampUrlResponse, onrampRoutes } from './routes'

const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const DAI = '0xE481149120FF09958c38Cb236202741a1ffa28a3'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const config: OnrampSandboxConfig = {
  networks: [
    {
      chain: 'eip155:31337',
      name: 'airlock-devnet',
      displayName: 'Airlock Devnet',
      tokens: [
        { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
        { address: DAI, symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 },
      ],
    },
    {
      chain: 'eip155:31338',
      name: 'airlock-devnet-2',
      displayName: 'Airlock Devnet 2',
      tokens: [{ address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
    },
  ],
  treasuryPrivateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
}
const PROJECT = { id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics: false } }

/** Routes over a recording fake database: these tests need no chain and no real storage. */
function setup(supported = ['eip155:31337', 'eip155:31338']) {
  const queries: { sql: string; params: readonly unknown[] }[] = []
  const db: Database = {
    query: vi.fn(async (sql: string, params: readonly unknown[] = []) => {
      queries.push({ sql, params })
      return { rows: [] }
    }) as Database['query'],
    transaction: (work) => work(db),
    shared: false,
    ...localCoordination(),
    close: async () => {},
  }
  const chains: ChainRegistry = { supported: () => supported, client: vi.fn(() => undefined), family: createChainRegistry({}).family }
  const deps: ApiDeps = {
    db,
    chains,
    projects: createMemoryProjectRegistry([PROJECT]),
    apiOrigin: 'http://api.localhost:4403',
    now: () => 1_700_000_000_000,
  }
  const app = new Hono<{ Variables: ApiVariables }>()
  app.use('/v1/*', async (c, next) => {
    c.set('project', PROJECT)
    await next()
  })
  app.route('/v1', onrampRoutes(deps, config))
  const post = (path: string, body: unknown) =>
    app.request(`/v1${path}?projectId=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  return { app, post, queries, chains }
}

const usdcCurrency = { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [] }
const usd = { id: 'USD', payment_method_limits: [] }

describe('GET /v1/onramp/options', () => {
  it('lists USDC, DAI and ETH on the devnet chains and USD/EUR with the SPEC limits', async () => {
    const res = await setup().app.request('/v1/onramp/options?projectId=demo')
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      purchaseCurrencies: { symbol: string; networks: { chain_id: string }[] }[]
      paymentCurrencies: unknown[]
    }
    expect(body.purchaseCurrencies.map((c) => [c.symbol, c.networks.map((n) => n.chain_id)])).toEqual([
      ['USDC', ['31337', '31338']],
      ['DAI', ['31337']],
      ['ETH', ['31337', '31338']],
    ])
    expect(body.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
      {
        id: 'EUR',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
    ])
  })

  it('offers nothing on chains the API has no upstream for', async () => {
    const res = await setup([]).app.request('/v1/onramp/options')
    expect(await res.json()).toEqual({ purchaseCurrencies: [], paymentCurrencies: expect.any(Array) })
  })
})

describe('GET /v1/onramp/providers', () => {
  it('lists both sandbox providers with their fee range', async () => {
    const res = await setup().app.request('/v1/onramp/providers')
    expect(await res.json()).toEqual({
      providers: [
        { name: 'coinbase', label: 'Coinbase (sandbox)', feeRange: '1-2%' },
        { name: 'meld', label: 'Meld (sandbox)', feeRange: '1-2%' },
      ],
    })
  })
})

describe('POST /v1/onramp/quote', () => {
  it('quotes with AppKit’s request (currency objects, network = the symbol) and the cheaper provider', async () => {
    const { post } = setup()
    const res = await post('/onramp/quote', { purchaseCurrency: usdcCurrency, paymentCurrency: usd, amount: '100', network: 'USDC' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      coinbaseFee: { amount: '1.50', currency: 'USD' },
      networkFee: { amount: '0.25', currency: 'USD' },
      paymentSubtotal: { amount: '98.25', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      purchaseAmount: { amount: '98.25', currency: 'USDC' },
      quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      provider: 'coinbase',
    })
    const big = (await (await post('/onramp/quote', { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 1000 })).json()) as Record<
      string,
      unknown
    >
    expect(big).toMatchObject({ provider: 'meld', coinbaseFee: { amount: '10.00', currency: 'USD' } })
    const forced = (await (
      await post('/onramp/quote', { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 1000, provider: 'coinbase' })
    ).json()) as Record<string, unknown>
    expect(forced).toMatchObject({ provider: 'coinbase', coinbaseFee: { amount: '15.00', currency: 'USD' } })
  })

  it('quotes ETH in EUR', async () => {
    const res = await setup().post('/onramp/quote', {
      purchaseCurrency: { symbol: 'ETH' },
      paymentCurrency: { id: 'EUR' },
      amount: '300.00',
      network: 'airlock-devnet-2',
    })
    expect(await res.json()).toMatchObject({
      paymentTotal: { amount: '300.00', currency: 'EUR' },
      purchaseAmount: { currency: 'ETH', amount: '0.106344' },
    })
  })

  it.each([
    [{ amount: '9.99' }, 'amount must be between 10.00 and 7500.00 USD for card payments'],
    [{ amount: '7500.01' }, 'amount must be between 10.00 and 7500.00 USD for card payments'],
    [{ amount: '20000', paymentMethod: 'ach_bank_account' }, null],
    [{ amount: '25000.01', paymentMethod: 'ach_bank_account' }, 'amount must be between 10.00 and 25000.00 USD for bank account payments'],
    [{ amount: '100.001' }, 'amount has more than 2 decimal places'],
    [{ amount: '1e3' }, 'amount must be a decimal number such as 100.00'],
    [{ amount: '0' }, 'amount must be between 10.00 and 7500.00 USD for card payments'],
    [{ paymentCurrency: 'GBP' }, 'paymentCurrency GBP is not accepted: use one of USD, EUR'],
    [{ purchaseCurrency: 'SPAM' }, 'purchaseCurrency SPAM is not sold here'],
    [{ provider: 'paypal' }, 'Unknown provider "paypal": expected one of coinbase, meld'],
  ])('%o -> %s', async (override, reason) => {
    const res = await setup().post('/onramp/quote', { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', ...override })
    if (reason === null) return expect(res.status).toBe(200)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ status: 400, error: reason, reasons: [{ description: reason }] })
  })

  it('400 for a body that is not JSON or misses fields', async () => {
    const { app, post } = setup()
    const res = await app.request('/v1/onramp/quote', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ reasons: [{ description: 'Request body must be JSON' }] })
    expect((await post('/onramp/quote', { purchaseCurrency: 'USDC' })).status).toBe(400)
  })
})

describe('POST /v1/generators/onrampurl', () => {
  const appKitBody = {
    destinationWallets: [{ address: ALICE, blockchains: ['ethereum', 'arbitrum', 'polygon'], assets: ['USDC'] }],
    defaultNetwork: 'ethereum',
    partnerUserId: ALICE,
    defaultExperience: 'buy',
    presetCryptoAmount: 25.5,
  }

  it('creates an unguessable session on the API’s checkout page (AppKit’s body: unknown networks fall back to the devnet)', async () => {
    const { post, queries } = setup()
    const res = await post('/generators/onrampurl', appKitBody)
    expect(res.status).toBe(200)
    const { url } = (await res.json()) as { url: string }
    expect(url).toMatch(/^http:\/\/api\.localhost:4403\/onramp\/checkout\/[A-Za-z0-9_-]{43}$/)
    const insert = queries.find((q) => q.sql.includes('INSERT INTO onramp_sessions'))!
    expect(insert.params).toEqual([
      url.split('/').at(-1),
      'demo',
      'coinbase',
      ALICE,
      'eip155:31337',
      ALICE.toLowerCase(),
      'USDC',
      'USD',
      null,
      '25500000',
      new Date(1_700_000_000_000).toISOString(),
      new Date(1_700_000_000_000 + 30 * 60_000).toISOString(),
    ])
    const second = (await (await post('/generators/onrampurl', appKitBody)).json()) as { url: string }
    expect(second.url).not.toBe(url)
  })

  it('honours a known network, a CAIP-10 destination and a preset fiat amount', async () => {
    const { post, queries } = setup()
    const res = await post('/generators/onrampurl', {
      destinationWallets: [{ address: `eip155:31338:${ALICE}`, assets: ['ETH'] }],
      partnerUserId: 'user-1',
      presetFiatAmount: '50.00',
    })
    expect(res.status).toBe(200)
    const params = queries.find((q) => q.sql.includes('INSERT INTO onramp_sessions'))!.params
    expect(params.slice(4, 10)).toEqual(['eip155:31338', ALICE.toLowerCase(), 'ETH', 'USD', '5000', null])
  })

  it.each([
    [
      { destinationWallets: [{ address: '0x1234', assets: ['USDC'] }] },
      'destinationWallets.0.address must be an EVM address (0x + 40 hex digits)',
    ],
    [{ destinationWallets: [] }, null],
    [{ presetCryptoAmount: undefined, presetFiatAmount: 5 }, 'presetFiatAmount must be between 10.00 and 7500.00 USD for card payments'],
    [{ presetCryptoAmount: undefined, presetFiatAmount: '12.345' }, 'presetFiatAmount has more than 2 decimal places'],
    [{ presetCryptoAmount: '1.1234567' }, 'presetCryptoAmount has more than 6 decimal places (USDC)'],
    [{ presetCryptoAmount: 100_000 }, null],
    [{ presetCryptoAmount: 1, presetFiatAmount: 20 }, 'Give presetCryptoAmount or presetFiatAmount, not both'],
    [{ destinationWallets: [{ address: ALICE, assets: ['DOGE'] }] }, 'None of the assets DOGE is sold here'],
    [{ defaultExperience: 'send' }, null],
  ])('%o -> 400 %s', async (override, reason) => {
    const { post, queries } = setup()
    const res = await post('/generators/onrampurl', { ...appKitBody, ...override })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { reasons: { description: string }[] }
    if (reason) expect(body.reasons[0]?.description).toBe(reason)
    expect(queries).toEqual([])
  })
})

describe('the documented response schemas (openapi.ts)', () => {
  it('describe the real responses, with no field left out', async () => {
    const { app, post } = setup()
    const check = async (res: Response, schema: { parse(value: unknown): unknown }) => {
      expect(res.status).toBe(200)
      const body: unknown = await res.json()
      expect(schema.parse(body)).toEqual(body)
    }
    await check(await app.request('/v1/onramp/options?projectId=demo'), OnrampOptionsResponse)
    await check(await app.request('/v1/onramp/providers?projectId=demo'), OnrampProvidersResponse)
    await check(await post('/onramp/quote', { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100' }), OnrampQuoteResponseSchema)
    await check(
      await post('/generators/onrampurl', { destinationWallets: [{ address: ALICE, assets: ['USDC'] }], partnerUserId: ALICE }),
      OnrampUrlResponse,
    )
  })
})
