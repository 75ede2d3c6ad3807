// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connect } from '../../../connectors/connect'
import { closeModal, openModal } from '../../../core/modal/modal'
import { AUTH_CONNECTOR_ID } from '../../../connectors/embedded/id'
import { accountTabAtom } from '../atoms'
import { currentRouteAtom } from '../../../core/router/atoms'
import { historyTransfer as transfer } from '../../../testing/history'
import { createFakeHost, devnetWallet, TEST_ADDRESS } from '../../../testing/fakeHost'
import { renderApp } from '../../../testing/renderApp'
import { connectEvm } from '../../../testing/session'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const API = 'http://api.localhost:4403'
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const token = (symbol: string, numeric: string, value: number, address?: string) => ({
  name: `${symbol} token`,
  symbol,
  chainId: 'eip155:31337',
  ...(address ? { address: `eip155:31337:${address}` } : {}),
  value,
  price: value / Number(numeric),
  quantity: { decimals: symbol === 'USDC' ? '6' : '18', numeric },
  iconUrl: `${API}/token-icons/${symbol}.svg`,
})

const tx = (
  n: number,
  fields: { operationType?: string; status?: string; chain?: string; transfers?: unknown[]; minedAt?: string } = {},
) => ({
  id: `0x${n.toString(16).padStart(64, '0')}:${fields.chain ?? 'eip155:31337'}`,
  metadata: {
    operationType: fields.operationType ?? 'send',
    hash: `0x${n.toString(16).padStart(64, '0')}`,
    minedAt: fields.minedAt ?? '2026-03-03T14:05:00.000Z',
    sentFrom: TEST_ADDRESS,
    sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    status: fields.status ?? 'confirmed',
    nonce: n,
    chain: fields.chain ?? 'eip155:31337',
  },
  transfers: fields.transfers ?? [transfer('out', '1.5', 'ETH')],
})

type Handler = (url: URL) => Response | Promise<Response>

/** The api at the network edge: RPC proxy and identity answer quietly; balance and history as the test says. */
function fakeApi(routes: { balance?: Handler; history?: Handler } = {}) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    if (url.pathname === '/v1/rpc')
      return json({ jsonrpc: '2.0', id: (JSON.parse(String(init?.body)) as { id: number }).id, result: '0x0' })
    if (url.pathname.startsWith('/v1/identity/')) return json({ name: null, avatar: null })
    if (url.pathname === `/v1/account/${TEST_ADDRESS}/balance`) return routes.balance ? routes.balance(url) : json({ balances: [] })
    if (url.pathname === `/v1/account/${TEST_ADDRESS}/history`) return routes.history ? routes.history(url) : json({ data: [], next: null })
    return json({ message: 'Not found' }, 404)
  })
}

async function openEmbeddedAccount(fetch: ReturnType<typeof fakeApi>, host = createFakeHost()) {
  const rendered = await renderApp(host, { fetch, open: false })
  await act(async () => {
    // The AUTH connector's connected state (its frame flow has its own tests).
    connectEvm(rendered.ctx.store, { address: TEST_ADDRESS, chainId: 31337, connectorId: AUTH_CONNECTOR_ID, connectorName: 'Email' })
    openModal(rendered.ctx)
  })
  await screen.findByTestId('account-tabs')
  return { ...rendered, host }
}

const calls = (fetch: ReturnType<typeof fakeApi>, path: string) =>
  fetch.mock.calls.map(([input]) => new URL(String(input))).filter((url) => url.pathname.endsWith(path))

describe('Account tabs (embedded wallet)', () => {
  it('are not shown for other connectors, which get the token list and an Activity button instead', async () => {
    const fetch = fakeApi({ balance: () => json({ balances: [token('ETH', '2', 5000)] }) })
    const rendered = await renderApp(createFakeHost(), { fetch, open: false })
    await act(async () => {
      await connect(rendered.ctx, devnetWallet.id)
      openModal(rendered.ctx)
    })
    await screen.findByTestId('account-view')
    await screen.findByTestId('token-row-ETH')
    expect(screen.queryByTestId('account-tabs')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('account-activity')))
    expect(rendered.ctx.store.get(currentRouteAtom).name).toBe('Transactions')
  })

  it('Tokens: the balances by value, with symbol, amount and USD value', async () => {
    const fetch = fakeApi({
      balance: () =>
        json({
          balances: [
            token('DAI', '3', 3),
            token('ETH', '1.23456', 4321.5),
            token('USDC', '1250.5', 1250.5, '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'),
            { ...token('LOW', '5', 0), quantity: { decimals: '0', numeric: '5' } },
          ],
        }),
    })
    await openEmbeddedAccount(fetch)
    expect(screen.getByTestId('account-tab-tokens').getAttribute('aria-selected')).toBe('true')
    await screen.findByTestId('token-row-ETH')
    const rows = screen.getAllByTestId(/^token-row-/).map((row) => row.dataset.testid)
    // Sorted by USD value; decimals "0" is low quality (SPEC section 5) and left out.
    expect(rows).toEqual(['token-row-ETH', 'token-row-USDC', 'token-row-DAI'])
    const eth = within(screen.getByTestId('token-row-ETH'))
    expect(eth.getByTestId('token-amount').textContent).toBe('1.235')
    expect(eth.getByTestId('token-value').textContent).toBe('$4,321.50')
    expect(screen.getByTestId('token-row-USDC').textContent).toContain('USDC token')
    expect(screen.getByTestId('token-row-ETH').querySelector('img')?.getAttribute('src')).toBe(`${API}/token-icons/ETH.svg`)
    const [request] = calls(fetch, '/balance')
    expect(Object.fromEntries(request!.searchParams)).toMatchObject({ currency: 'usd', chainId: 'eip155:31337', projectId: 'demo' })
  })

  it('Tokens: a Polkadot balance shows what may move and what is reserved', async () => {
    const breakdown = {
      free: '10',
      reserved: '2.5',
      frozen: '1',
      transferable: '10',
      transferableKeepAlive: '9.99',
      existentialDeposit: '0.01',
    }
    await openEmbeddedAccount(fakeApi({ balance: () => json({ balances: [{ ...token('DOT', '12.5', 0), breakdown }] }) }))
    const dot = within(await screen.findByTestId('token-row-DOT'))
    expect(dot.getByTestId('token-amount').textContent).toBe('12.500')
    expect(dot.getByTestId('token-breakdown').textContent).toBe('10.000 transferable · 2.500 reserved')
    expect(dot.getByTestId('token-breakdown').getAttribute('title')).toContain('must keep 0.01 DOT (existential deposit)')
    expect(screen.queryAllByTestId('token-breakdown')).toHaveLength(1)
  })

  it('Tokens: an empty state', async () => {
    await openEmbeddedAccount(fakeApi())
    expect(await screen.findByTestId('tokens-empty')).toBeTruthy()
  })

  it("Tokens: 'Token Balance Unavailable' once, and no new request within 30 s", async () => {
    const fetch = fakeApi({ balance: () => json({ message: 'Token Balance Unavailable: the chain did not answer' }, 502) })
    const { ctx } = await openEmbeddedAccount(fetch)
    await screen.findByTestId('tokens-error')
    expect(screen.getByTestId('toast').textContent).toContain('Token Balance Unavailable')
    expect(screen.getByTestId('toast').dataset.variant).toBe('error')
    await act(async () => ctx.toasts.close())
    await act(async () => fireEvent.click(screen.getByTestId('account-tab-nfts')))
    await act(async () => fireEvent.click(screen.getByTestId('account-tab-tokens')))
    await screen.findByTestId('tokens-error')
    expect(screen.queryByTestId('toast')).toBeNull()
    expect(calls(fetch, '/balance')).toHaveLength(1)
  })

  it('NFTs: a real empty state', async () => {
    await openEmbeddedAccount(fakeApi())
    await act(async () => fireEvent.click(screen.getByTestId('account-tab-nfts')))
    expect(screen.getByTestId('nfts-empty').textContent).toContain('No NFTs yet')
    expect(screen.getByTestId('account-tab-nfts').getAttribute('aria-selected')).toBe('true')
  })

  it('Activity: transfers with direction, amount, symbol, time and status; spam and other chains left out; load more', async () => {
    const page1 = {
      data: [
        tx(1, { transfers: [transfer('out', '1.5', 'ETH')] }),
        tx(2, { operationType: 'receive', transfers: [transfer('in', '250', 'USDC')], minedAt: '2026-02-10T09:00:00.000Z' }),
        tx(3, { operationType: 'receive', transfers: [transfer('in', '1000000', 'SPAM', true)] }),
        tx(4, { chain: 'eip155:1' }),
        tx(5, { operationType: 'trade', status: 'failed', transfers: [transfer('out', '0.1', 'ETH'), transfer('in', '300', 'USDC')] }),
      ],
      next: 'cursor-1',
    }
    const page2 = { data: [tx(6, { operationType: 'approve', transfers: [], minedAt: '2025-12-20T09:00:00.000Z' })], next: null }
    const fetch = fakeApi({
      history: (url) =>
        json(url.searchParams.has('onramp') ? { data: [], next: null } : url.searchParams.get('cursor') === 'cursor-1' ? page2 : page1),
    })
    await openEmbeddedAccount(fetch)
    await act(async () => fireEvent.click(screen.getByTestId('account-tab-activity')))
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(3))
    // Newest first, under their month: March (sent, swapped), then February (received).
    expect(screen.getAllByTestId('activity-month').map((m) => m.textContent)).toEqual(['March 2026', 'February 2026'])
    const [sent, swapped, received] = screen.getAllByTestId('activity-row')
    expect(sent!.dataset.direction).toBe('out')
    expect(sent!.textContent).toContain('Sent')
    expect(sent!.textContent).toContain('-1.500 ETH')
    expect(sent!.textContent).toContain('Confirmed')
    expect(sent!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-03T14:05:00.000Z')
    expect(received!.dataset.direction).toBe('in')
    expect(received!.textContent).toContain('+250.000 USDC')
    expect(swapped!.textContent).toContain('Swapped')
    expect(swapped!.textContent).toContain('-0.100 ETH')
    expect(swapped!.textContent).toContain('+300.000 USDC')
    expect(swapped!.dataset.status).toBe('error')
    expect(swapped!.textContent).toContain('Failed')

    const [first, purchases] = calls(fetch, '/history')
    expect(first!.searchParams.get('chainId')).toBe('eip155:31337')
    expect(first!.searchParams.has('cursor')).toBe(false)
    // The on-ramp purchases are asked for alongside (SPEC section 3 coinbaseTransactions).
    expect(purchases!.searchParams.get('onramp')).toBe('coinbase')

    await act(async () => fireEvent.click(screen.getByTestId('activity-load-more')))
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(4))
    expect(calls(fetch, '/history')[2]!.searchParams.get('cursor')).toBe('cursor-1')
    expect(screen.getAllByTestId('activity-row')[3]!.textContent).toContain('Approved')
    expect(screen.getAllByTestId('activity-month').map((m) => m.textContent)).toEqual(['March 2026', 'February 2026', 'December 2025'])
    expect(screen.queryByTestId('activity-load-more')).toBeNull()
  })

  it('Activity: an empty state', async () => {
    await openEmbeddedAccount(fakeApi())
    await act(async () => fireEvent.click(screen.getByTestId('account-tab-activity')))
    expect(await screen.findByTestId('activity-empty')).toBeTruthy()
  })

  it("Activity: 'Failed to fetch transactions', the analytics event, and a retry", async () => {
    let fail = true
    const fetch = fakeApi({ history: () => (fail ? new Response('down', { status: 503 }) : json({ data: [tx(1)], next: null })) })
    const { host } = await openEmbeddedAccount(fetch)
    await act(async () => fireEvent.click(screen.getByTestId('account-tab-activity')))
    await screen.findByTestId('activity-error')
    expect(screen.getByTestId('toast').textContent).toContain('Failed to fetch transactions')
    expect(host.tracked()).toContain('ERROR_FETCH_TRANSACTIONS')
    const event = host.events.find((e) => e.type === 'event' && e.event.data.event === 'ERROR_FETCH_TRANSACTIONS')
    expect(event?.type === 'event' && event.event.data.properties).toMatchObject({
      address: TEST_ADDRESS,
      projectId: 'demo',
    })
    fail = false
    await act(async () => fireEvent.click(screen.getByTestId('activity-retry')))
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1))
  })

  it('Activity: a malformed answer is a failure, not a crash', async () => {
    await openEmbeddedAccount(fakeApi({ history: () => json({ data: 'nope' }) }))
    await act(async () => fireEvent.click(screen.getByTestId('account-tab-activity')))
    expect(await screen.findByTestId('activity-error')).toBeTruthy()
  })

  it('keeps the current tab in the account store across closing and opening', async () => {
    const { ctx } = await openEmbeddedAccount(fakeApi())
    await act(async () => fireEvent.click(screen.getByTestId('account-tab-activity')))
    expect(ctx.store.get(accountTabAtom)).toBe('activity')
    await act(async () => closeModal(ctx))
    await act(async () => openModal(ctx))
    await screen.findByTestId('account-tabs')
    expect(screen.getByTestId('account-tab-activity').getAttribute('aria-selected')).toBe('true')
    // Arrow keys move between tabs.
    await act(async () => fireEvent.keyDown(screen.getByTestId('account-tab-activity'), { key: 'ArrowRight' }))
    expect(ctx.store.get(accountTabAtom)).toBe('tokens')
  })
})
