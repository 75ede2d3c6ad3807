import { describe, expect, it, vi } from 'vitest'
import { DataApiError } from './dataApi'
import { createAccountDataClient, parseBalances, parseHistory, PORTFOLIO_RETRY_GATE_MS, PORTFOLIO_TTL_MS } from './accountData'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const eth = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 3000,
  price: 3000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: 'http://api.localhost:4403/token-icons/ETH.svg',
}

function setup(answer: (url: URL) => Response | Promise<Response>) {
  let time = 1_000_000
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input))))
  const client = createAccountDataClient({
    apiUrl: 'http://api.localhost:4403/',
    project: () => ({ projectId: 'demo', sdkType: 'appkit', sdkVersion: 'test-1' }),
    fetch,
    now: () => time,
  })
  return { client, fetch, advance: (ms: number) => (time += ms) }
}

describe('account balances', () => {
  it('asks the balance route with the project query, currency and chain', async () => {
    const { client, fetch } = setup(() => json({ balances: [eth] }))
    await expect(client.balances(ADDRESS, 'eip155:31337')).resolves.toEqual([eth])
    const url = new URL(String(fetch.mock.calls[0]![0]))
    expect(url.origin + url.pathname).toBe(`http://api.localhost:4403/v1/account/${ADDRESS}/balance`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'demo',
      st: 'appkit',
      sv: 'test-1',
      currency: 'usd',
      chainId: 'eip155:31337',
    })
  })

  it('caches 30 s; force asks again with forceUpdate', async () => {
    const { client, fetch, advance } = setup(() => json({ balances: [eth] }))
    await client.balances(ADDRESS, 'eip155:31337')
    await client.balances(ADDRESS.toLowerCase(), 'eip155:31337')
    expect(fetch).toHaveBeenCalledTimes(1)
    await client.balances(ADDRESS, 'eip155:31337', { force: true })
    expect(new URL(String(fetch.mock.calls[1]![0])).searchParams.get('forceUpdate')).toBe('true')
    advance(PORTFOLIO_TTL_MS)
    await client.balances(ADDRESS, 'eip155:31337')
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('answers a failure again without a request for 30 s (same error), then retries', async () => {
    let down = true
    const refusal = { status: 502, error: 'down', reasons: [{ description: 'Token Balance Unavailable: the chain did not answer' }] }
    const { client, fetch, advance } = setup(() => (down ? json(refusal, 502) : json({ balances: [] })))
    const first = await client.balances(ADDRESS, 'eip155:31337').catch((e: unknown) => e)
    // The api's first reason is the error's message.
    expect((first as Error).message).toBe('Token Balance Unavailable: the chain did not answer')
    expect(first).toBeInstanceOf(DataApiError)
    expect((first as DataApiError).status).toBe(502)
    const second = await client.balances(ADDRESS, 'eip155:31337', { force: true }).catch((e: unknown) => e)
    expect(second).toBe(first)
    expect(fetch).toHaveBeenCalledTimes(1)
    down = false
    advance(PORTFOLIO_RETRY_GATE_MS)
    await expect(client.balances(ADDRESS, 'eip155:31337')).resolves.toEqual([])
  })

  it('shares one request between concurrent callers', async () => {
    const { client, fetch } = setup(() => json({ balances: [eth] }))
    await Promise.all([client.balances(ADDRESS, 'eip155:31337'), client.balances(ADDRESS, 'eip155:31337')])
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('answers [] without a request on a namespace without balances', async () => {
    const { client, fetch } = setup(() => json({ balances: [eth] }))
    await expect(client.balances(ADDRESS, 'cosmos:cosmoshub-4')).resolves.toEqual([])
    expect(fetch).not.toHaveBeenCalled()
  })

  it('fails on a network error or a malformed body', async () => {
    await expect(setup(() => Promise.reject(new TypeError('offline'))).client.balances(ADDRESS, 'eip155:1')).rejects.toThrow(
      'Balance request failed: offline',
    )
    await expect(setup(() => json({ items: [] })).client.balances(ADDRESS, 'eip155:1')).rejects.toThrow('Balance: malformed response')
  })

  it('drops unreadable and low-quality items (decimals "0")', () => {
    expect(
      parseBalances({
        balances: [
          eth,
          { ...eth, symbol: 'ZERO', quantity: { decimals: '0', numeric: '1' } },
          { ...eth, symbol: 'BAD', quantity: { decimals: '18', numeric: '1e5' } },
          { ...eth, symbol: '' },
          { ...eth, symbol: 'NOICON', iconUrl: 42, value: 'x', price: null },
          null,
          { ...eth, symbol: 'USDC', address: 'eip155:31337:0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58' },
        ],
      }),
    ).toEqual([eth, { ...eth, symbol: 'USDC', address: 'eip155:31337:0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58' }])
  })
})

const historyTx = (id: string, fields: { chain?: string; spam?: boolean; transfers?: unknown[] } = {}) => ({
  id,
  metadata: {
    operationType: 'send',
    hash: '0xabc',
    minedAt: '2026-03-03T14:05:00.000Z',
    sentFrom: ADDRESS,
    sentTo: ADDRESS,
    status: 'confirmed',
    nonce: 1,
    chain: fields.chain ?? 'eip155:31337',
  },
  transfers: fields.transfers ?? [
    {
      fungible_info: { name: 'Ether', symbol: 'ETH' },
      ...(fields.spam ? { nft_info: { name: 'x', flags: { is_spam: true } } } : {}),
      direction: 'out',
      quantity: { numeric: '1.5' },
      value: 0,
      price: 0,
    },
  ],
})

describe('account history', () => {
  it('asks with the chain and cursor; drops spam and other chains; keeps transactions without transfers', async () => {
    const { client, fetch } = setup(() =>
      json({
        data: [
          historyTx('a'),
          historyTx('spam', { spam: true }),
          historyTx('other', { chain: 'eip155:1' }),
          historyTx('approve', { transfers: [] }),
        ],
        next: 'c2',
      }),
    )
    const page = await client.history(ADDRESS, 'eip155:31337', 'c1')
    expect(page.data.map((tx) => tx.id)).toEqual(['a', 'approve'])
    expect(page.next).toBe('c2')
    const url = new URL(String(fetch.mock.calls[0]![0]))
    expect(url.pathname).toBe(`/v1/account/${ADDRESS}/history`)
    expect(url.searchParams.get('chainId')).toBe('eip155:31337')
    expect(url.searchParams.get('cursor')).toBe('c1')
  })

  it('fails on HTTP errors and malformed bodies', async () => {
    await expect(setup(() => json({}, 500)).client.history(ADDRESS, 'eip155:1')).rejects.toThrow('HTTP 500')
    await expect(setup(() => json({ data: [], next: 5 })).client.history(ADDRESS, 'eip155:1')).rejects.toThrow(
      'History: malformed response',
    )
  })

  it('drops unreadable transactions (one unreadable transfer makes the transaction unreadable)', () => {
    const page = parseHistory({
      data: [
        historyTx('ok'),
        historyTx('bad-transfer', { transfers: [{ direction: 'sideways', quantity: { numeric: '1' } }] }),
        historyTx('bad-amount', { transfers: [{ ...(historyTx('x').transfers[0] as object), quantity: { numeric: 'lots' } }] }),
        { id: 'no-metadata', transfers: [] },
        { ...historyTx('bad-status'), metadata: { ...historyTx('x').metadata, status: 7 } },
      ],
      next: null,
    })
    expect(page?.data.map((tx) => tx.id)).toEqual(['ok'])
    expect(page?.data[0]).toEqual(historyTx('ok'))
  })

  it('asks for the purchases of an on-ramp with `onramp`', async () => {
    const { client, fetch } = setup(() => json({ data: [], next: null }))
    await client.history(ADDRESS, 'eip155:31337', undefined, 'coinbase')
    const url = new URL(String(fetch.mock.calls[0]![0]))
    expect(url.searchParams.get('onramp')).toBe('coinbase')
    expect(url.searchParams.has('cursor')).toBe(false)
  })
})
