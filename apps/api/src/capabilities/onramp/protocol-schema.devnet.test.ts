import { devnetAccounts } from '@airlock/devnet'
import { OnrampOptionsResponse, OnrampPurchasesResponse, OnrampQuoteResponse, OnrampUrlResponse } from '@airlock/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOnrampFixture, type OnrampFixture } from './testing'

/** The widget parses the on-ramp answers with @airlock/protocol's zod/mini schemas: real answers must pass them. */

// Ports of this file: the devnet's two chains (the API listens on an ephemeral port).
const PORTS: [number, number] = [18841, 18842]
const buyer = devnetAccounts[7]!.address

let onramp: OnrampFixture
let origin: string

beforeAll(async () => {
  onramp = await startOnrampFixture(PORTS)
  origin = onramp.origin
}, 60_000)

afterAll(() => onramp?.stop())

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${origin}${path}${path.includes('?') ? '&' : '?'}projectId=demo`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
  expect(res.status).toBe(200)
  return res.json()
}

describe('on-ramp answers parse with the protocol schemas the widget uses', () => {
  it('GET /v1/onramp/options', async () => {
    const parsed = OnrampOptionsResponse.safeParse(await call('GET', '/v1/onramp/options'))
    expect(parsed.success).toBe(true)
    expect(parsed.data?.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(parsed.data?.purchaseCurrencies.map((c) => c.symbol)).toEqual(['USDC', 'DAI', 'ETH'])
  })

  it('POST /v1/onramp/quote, for a token and the native currency', async () => {
    for (const purchaseCurrency of ['USDC', 'ETH']) {
      const body = await call('POST', '/v1/onramp/quote', {
        purchaseCurrency,
        paymentCurrency: 'EUR',
        amount: '100',
        network: 'airlock-devnet',
        paymentMethod: 'card',
        provider: 'coinbase',
      })
      const parsed = OnrampQuoteResponse.safeParse(body)
      expect(parsed.success).toBe(true)
      expect(parsed.data).toMatchObject({
        paymentTotal: { amount: '100.00', currency: 'EUR' },
        purchaseAmount: { currency: purchaseCurrency },
      })
    }
  })

  it('POST /v1/generators/onrampurl, then the paid purchase in the on-ramp history', async () => {
    const generated = OnrampUrlResponse.safeParse(
      await call('POST', '/v1/generators/onrampurl', {
        destinationWallets: [{ address: buyer, blockchains: ['airlock-devnet'], assets: ['USDC'] }],
        defaultNetwork: 'airlock-devnet',
        partnerUserId: buyer,
        defaultExperience: 'buy',
        presetFiatAmount: '50',
        paymentCurrency: 'USD',
        provider: 'coinbase',
      }),
    )
    expect(generated.success).toBe(true)
    const paid = await fetch(generated.data!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: '4242 4242 4242 4242' }).toString(),
    })
    expect(paid.status).toBe(200)
    const history = OnrampPurchasesResponse.safeParse(
      await call('GET', `/v1/account/${buyer}/history?onramp=coinbase&chainId=eip155:31337`),
    )
    expect(history.success).toBe(true)
    expect(history.data?.data[0]).toMatchObject({
      metadata: { status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS' },
      transfers: [{ fungible_info: { symbol: 'USDC' } }],
    })
  })
})
