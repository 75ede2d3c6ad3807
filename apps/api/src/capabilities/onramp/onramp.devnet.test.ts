import { DEVNET_CONTRACTS, DEVNET_TREASURY, devnetAccounts } from '@airlock/devnet'
import { erc20Abi, getAddress, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HistoryResponseSchema, type HistoryResponse } from '../history/format'
import { CHAIN_A, CHAIN_B, type HistoryFixture } from '../history/testing'
import { CHECKOUT_CSP } from './checkout'
import { startOnrampFixture, type OnrampFixture } from './testing'
import { claimSession, insertSession } from './store'

// Ports of this file: the devnet's two chains (the API listens on an ephemeral port).
const PORTS: [number, number] = [18823, 18824]

const buyers = devnetAccounts.slice(1, 7).map((a) => a.address)

let onramp: OnrampFixture
let fx: HistoryFixture
let origin: string

beforeAll(async () => {
  onramp = await startOnrampFixture(PORTS)
  ;({ fx, origin } = onramp)
}, 60_000)

afterAll(() => onramp?.stop())

async function generate(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${origin}/v1/generators/onrampurl?projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ partnerUserId: 'user', defaultExperience: 'buy', ...body }),
  })
  expect(res.status).toBe(200)
  const { url } = (await res.json()) as { url: string }
  expect(url.startsWith(`${origin}/onramp/checkout/`)).toBe(true)
  return url
}

const pay = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })

const usdcBalance = (address: Address, chain = CHAIN_A) =>
  fx.reader(chain).readContract({ address: DEVNET_CONTRACTS.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

async function history(account: string, query = ''): Promise<HistoryResponse> {
  const res = await fetch(`${origin}/v1/account/${account}/history?projectId=demo${query}`)
  expect(res.status).toBe(200)
  const body = (await res.json()) as HistoryResponse
  // The documented schema (history/openapi.ts) describes on-ramp purchases too.
  expect(HistoryResponseSchema.parse(body)).toEqual(body)
  return body
}

const txHashIn = (html: string) => /data-tx-hash>(0x[0-9a-f]{64})</.exec(html)?.[1] as Hex | undefined

describe('on-ramp sandbox checkout, end to end over HTTP', () => {
  it('generate url -> checkout page -> declined card sends nothing -> 4242 pays on chain -> history lists it -> replay is 409', async () => {
    const buyer = buyers[0]!
    const url = await generate({
      destinationWallets: [{ address: buyer, blockchains: ['airlock-devnet'], assets: ['USDC'] }],
      presetFiatAmount: 100,
    })

    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(CHECKOUT_CSP)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    expect(html).toContain('Buy USD Coin (USDC)')
    expect(html).toContain('98.25 USDC')
    expect(html).toContain('Pay 100.00 USD')
    expect(html).toContain(getAddress(buyer))
    expect(html).toMatch(/<form method="post">/)
    expect(html).not.toMatch(/<script|\son\w+=/i)

    const before = await usdcBalance(buyer)
    const declined = await pay(url, { card: '4000 0000 0000 0002' })
    expect(declined.status).toBe(402)
    expect(await declined.text()).toContain('Your card was declined. No payment was taken and nothing was sent.')
    const invalid = await pay(url, { card: '1234 5678 9012 3456' })
    expect(invalid.status).toBe(400)
    expect(await invalid.text()).toContain('Invalid card number')
    expect(await usdcBalance(buyer)).toBe(before)
    expect((await history(buyer, '&onramp=coinbase')).data).toEqual([])

    const paid = await pay(url, { card: '4242 4242 4242 4242' })
    expect(paid.status).toBe(200)
    const receiptHtml = await paid.text()
    expect(receiptHtml).toContain('Purchase complete')
    const hash = txHashIn(receiptHtml)!
    expect(hash).toBeDefined()
    expect(await usdcBalance(buyer)).toBe(before + parseUnits('98.25', 6))
    const receipt = await fx.reader().getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.from)).toBe(DEVNET_TREASURY.address)

    // The payout is an ordinary indexed transfer, and the purchase is listed with onramp=coinbase.
    await fx.indexed(receipt)
    const [transfer] = (await history(buyer)).data.filter((t) => t.metadata.hash === hash)
    expect(transfer?.metadata).toMatchObject({ operationType: 'receive', sentFrom: DEVNET_TREASURY.address, chain: CHAIN_A })
    expect(transfer?.transfers).toEqual([
      expect.objectContaining({
        direction: 'in',
        quantity: { numeric: '98.25' },
        fungible_info: expect.objectContaining({ symbol: 'USDC' }),
      }),
    ])
    const purchases = await history(buyer, '&onramp=coinbase')
    expect(purchases).toEqual({
      data: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          metadata: {
            operationType: 'buy',
            hash,
            minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            sentFrom: DEVNET_TREASURY.address,
            sentTo: getAddress(buyer),
            status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
            nonce: (await fx.reader().getTransaction({ hash })).nonce,
            chain: CHAIN_A,
          },
          transfers: [
            {
              fungible_info: { name: 'USD Coin', symbol: 'USDC' },
              direction: 'in',
              quantity: { numeric: '98.25' },
              value: 98.25,
              price: 1,
            },
          ],
        },
      ],
      next: null,
    })
    expect((await history(buyer, '&onramp=meld')).data).toEqual([])
    expect((await history(buyer, `&onramp=coinbase&chainId=${CHAIN_B}`)).data).toEqual([])

    // Paid once: a replay (resubmitted form) and a reload are 409, and nothing more is sent.
    const replay = await pay(url, { card: '4242 4242 4242 4242' })
    expect(replay.status).toBe(409)
    const replayHtml = await replay.text()
    expect(replayHtml).toContain('Already paid')
    expect(replayHtml).toContain(hash)
    expect((await fetch(url)).status).toBe(409)
    expect(await usdcBalance(buyer)).toBe(before + parseUnits('98.25', 6))
  })

  it('buys native ETH for a preset crypto amount on the second chain', async () => {
    const buyer = buyers[1]!
    const url = await generate({
      destinationWallets: [{ address: buyer, blockchains: ['eip155:31338'], assets: ['ETH'] }],
      defaultNetwork: 'airlock-devnet-2',
      presetCryptoAmount: 0.05,
    })
    const client = fx.reader(CHAIN_B)
    const before = await client.getBalance({ address: buyer })
    const res = await pay(url, { card: '4242424242424242' })
    expect(res.status).toBe(200)
    const hash = txHashIn(await res.text())!
    expect(await client.getBalance({ address: buyer })).toBe(before + parseEther('0.05'))
    const receipt = await client.getTransactionReceipt({ hash })
    await fx.indexed(receipt, CHAIN_B)
    const purchases = await history(buyer, `&onramp=coinbase&chainId=${CHAIN_B}`)
    expect(purchases.data[0]?.transfers[0]).toMatchObject({
      fungible_info: { symbol: 'ETH' },
      quantity: { numeric: '0.05' },
      price: 3000,
      value: 150,
    })
    const [transfer] = (await history(buyer, `&chainId=${CHAIN_B}`)).data.filter((t) => t.metadata.hash === hash)
    expect(transfer?.transfers[0]).toMatchObject({ direction: 'in', fungible_info: { symbol: 'ETH' }, quantity: { numeric: '0.05' } })
  })

  it('without a preset the page asks for an amount, and checks it against the card limits', async () => {
    const buyer = buyers[2]!
    const url = await generate({ destinationWallets: [{ address: buyer, assets: ['DAI'] }] })
    const html = await (await fetch(url)).text()
    expect(html).toContain('name="amount"')
    const tooSmall = await pay(url, { amount: '5', card: '4242 4242 4242 4242' })
    expect(tooSmall.status).toBe(400)
    expect(await tooSmall.text()).toContain('amount must be between 10.00 and 7500.00 USD for card payments')
    const tooPrecise = await pay(url, { amount: '20.001', card: '4242 4242 4242 4242' })
    expect(tooPrecise.status).toBe(400)
    expect(await tooPrecise.text()).toContain('amount has more than 2 decimal places')
    const before = await fx
      .reader()
      .readContract({ address: DEVNET_CONTRACTS.dai, abi: erc20Abi, functionName: 'balanceOf', args: [buyer] })
    const ok = await pay(url, { amount: '20', card: '4242 4242 4242 4242' })
    expect(ok.status).toBe(200)
    const after = await fx.reader().readContract({ address: DEVNET_CONTRACTS.dai, abi: erc20Abi, functionName: 'balanceOf', args: [buyer] })
    expect(after - before).toBe(parseUnits('19.45', 18)) // 20.00 - 0.30 (coinbase, 1.5 %) - 0.25 network fee
  })

  it('two simultaneous payments of one session: one pays, the other is 409; only one payout', async () => {
    const buyer = buyers[3]!
    const url = await generate({ destinationWallets: [{ address: buyer, assets: ['USDC'] }], presetFiatAmount: '10.00' })
    const before = await usdcBalance(buyer)
    const results = await Promise.all([pay(url, { card: '4242424242424242' }), pay(url, { card: '4242424242424242' })])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await usdcBalance(buyer)).toBe(before + parseUnits('9.6', 6)) // 10.00 - 0.15 - 0.25
  })

  it('a session is claimed at most once, even by concurrent claims, and never after it expires', async () => {
    const now = Date.now()
    const session = (id: string, expiresIn: number) => ({
      id,
      project_id: 'demo',
      provider: 'coinbase',
      partner_user_id: 'u',
      chain: CHAIN_A,
      destination: buyers[0]!,
      asset: 'USDC',
      payment_currency: 'USD',
      preset_fiat_cents: '1000',
      preset_crypto_units: null,
      created_at: new Date(now),
      expires_at: new Date(now + expiresIn),
    })
    await insertSession(fx.db, session('claim-once', 60_000))
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimSession(fx.db, 'claim-once', new Date(now))))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await claimSession(fx.db, 'claim-once', new Date(now))).toBe(false)
    await insertSession(fx.db, session('claim-expired', 1000))
    expect(await claimSession(fx.db, 'claim-expired', new Date(now + 1000))).toBe(false)
    expect(await claimSession(fx.db, 'claim-expired', new Date(now + 999))).toBe(true)
  })

  it('treasury payouts of different sessions in parallel never collide on a nonce', async () => {
    const urls = await Promise.all(
      buyers
        .slice(4, 6)
        .flatMap((buyer) => [
          generate({ destinationWallets: [{ address: buyer, assets: ['USDC'] }], presetFiatAmount: 11 }),
          generate({ destinationWallets: [{ address: buyer, assets: ['ETH'] }], presetFiatAmount: 12 }),
        ]),
    )
    const results = await Promise.all(urls.map((url) => pay(url, { card: '4242 4242 4242 4242' })))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const hashes = await Promise.all(results.map(async (r) => txHashIn(await r.text())!))
    const nonces = await Promise.all(hashes.map(async (hash) => (await fx.reader().getTransaction({ hash })).nonce))
    expect(new Set(nonces).size).toBe(4)
  })

  it('unknown, malformed and expired sessions', async () => {
    expect((await fetch(`${origin}/onramp/checkout/${'A'.repeat(43)}`)).status).toBe(404)
    expect((await fetch(`${origin}/onramp/checkout/not-a-session`)).status).toBe(404)
    expect((await pay(`${origin}/onramp/checkout/${'B'.repeat(43)}`, { card: '4242424242424242' })).status).toBe(404)

    const url = await generate({ destinationWallets: [{ address: buyers[0]!, assets: ['USDC'] }], presetFiatAmount: 50 })
    await fx.db.query(`UPDATE onramp_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [url.split('/').at(-1)])
    const expired = await fetch(url)
    expect(expired.status).toBe(410)
    expect(await expired.text()).toContain('expired')
    const before = await usdcBalance(buyers[0]!)
    expect((await pay(url, { card: '4242424242424242' })).status).toBe(410)
    expect(await usdcBalance(buyers[0]!)).toBe(before)
  })
})
