// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connect } from '../../connectors/connect'
import { openModal } from '../../core/modal/modal'
import { navigateAtom } from '../../core/router/atoms'
import { createFakeHost, devnetWallet, TEST_ADDRESS } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'

/** The list's end in view: the page's IntersectionObserver, driven by the test. */
let observed: { callback: IntersectionObserverCallback; target?: Element }[] = []
beforeEach(() => {
  observed = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { callback: IntersectionObserverCallback; target?: Element }
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback }
        observed.push(this.entry)
      }
      observe(target: Element) {
        this.entry.target = target
      }
      disconnect() {
        observed = observed.filter((e) => e !== this.entry)
      }
    },
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/**
 * The list watches its end from an effect after the page renders: on a loaded machine the rows can
 * be on screen before it does. A browser reports the end on observe, so wait for the observer first.
 */
const endWatched = () => waitFor(() => expect(observed.some(({ target }) => target?.isConnected)).toBe(true))

const scrollToEnd = () =>
  act(async () => {
    for (const { callback, target } of observed)
      callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver)
  })

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const tx = (
  n: number,
  fields: {
    operationType?: string
    status?: string
    minedAt?: string
    hash?: string
    direction?: 'in' | 'out'
    numeric?: string
    symbol?: string
  } = {},
) => ({
  id: `tx-${n}`,
  metadata: {
    operationType: fields.operationType ?? 'send',
    hash: fields.hash ?? `0x${n.toString(16).padStart(64, '0')}`,
    minedAt: fields.minedAt ?? '2026-03-03T14:05:00.000Z',
    sentFrom: TEST_ADDRESS,
    sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    status: fields.status ?? 'confirmed',
    nonce: n,
    chain: 'eip155:31337',
  },
  transfers: [
    {
      fungible_info: { name: 'x', symbol: fields.symbol ?? 'USDC' },
      direction: fields.direction ?? 'out',
      quantity: { numeric: fields.numeric ?? '25' },
      value: 0,
      price: 0,
    },
  ],
})

type History = (url: URL) => Response
function fakeApi(history: History) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    if (url.pathname === '/v1/rpc')
      return json({ jsonrpc: '2.0', id: (JSON.parse(String(init?.body)) as { id: number }).id, result: '0x0' })
    if (url.pathname.startsWith('/v1/identity/')) return json({ name: null, avatar: null })
    if (url.pathname.endsWith('/balance')) return json({ balances: [] })
    if (url.pathname === `/v1/account/${TEST_ADDRESS}/history`) return history(url)
    return json({ status: 404, error: 'Not found' }, 404)
  })
}

async function openTransactions(fetch: ReturnType<typeof fakeApi>) {
  const host = createFakeHost()
  const rendered = await renderApp(host, { fetch, open: false })
  await act(async () => {
    await connect(rendered.ctx, devnetWallet.id)
    openModal(rendered.ctx)
    rendered.ctx.store.set(navigateAtom, { type: 'push', route: { name: 'Transactions' } })
  })
  await screen.findByTestId('transactions-view')
  return { ...rendered, host }
}

const historyCalls = (fetch: ReturnType<typeof fakeApi>) =>
  fetch.mock.calls.map(([input]) => new URL(String(input))).filter((url) => url.pathname.endsWith('/history'))

describe('Transactions view', () => {
  it('loads the next page when the end of the list scrolls into view, once per page', async () => {
    const pages: Record<string, unknown> = {
      first: { data: [tx(1), tx(2, { minedAt: '2026-02-01T10:00:00.000Z' })], next: 'c1' },
      c1: { data: [tx(3, { minedAt: '2025-11-05T10:00:00.000Z', direction: 'in', numeric: '1000.5' })], next: null },
    }
    const fetch = fakeApi((url) =>
      json(url.searchParams.has('onramp') ? { data: [], next: null } : pages[url.searchParams.get('cursor') ?? 'first']),
    )
    await openTransactions(fetch)
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2))
    await endWatched()
    await scrollToEnd()
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(3))
    expect(historyCalls(fetch).map((url) => url.searchParams.get('cursor'))).toEqual([null, null, 'c1'])
    expect(screen.getAllByTestId('activity-month').map((m) => m.textContent)).toEqual(['March 2026', 'February 2026', 'November 2025'])
    expect(screen.getAllByTestId('activity-row')[2]!.textContent).toContain('+1,000.500 USDC')
    // The last page: nothing more to watch or load.
    expect(screen.queryByTestId('activity-end')).toBeNull()
    await scrollToEnd()
    expect(historyCalls(fetch)).toHaveLength(3)
  })

  it('shows on-ramp purchases as Bought, and the pending count capped at 99', async () => {
    const purchases = Array.from({ length: 100 }, (_, i) =>
      tx(100 + i, {
        operationType: 'buy',
        status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
        hash: '',
        direction: 'in',
        numeric: '0.05',
        symbol: 'ETH',
      }),
    )
    const fetch = fakeApi((url) =>
      json(url.searchParams.get('onramp') === 'coinbase' ? { data: purchases, next: null } : { data: [tx(1)], next: null }),
    )
    await openTransactions(fetch)
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(101))
    expect(screen.getByTestId('activity-pending').textContent).toBe('99+ pending')
    const bought = screen.getAllByTestId('activity-row').find((row) => row.dataset.operation === 'buy')!
    expect(bought.textContent).toContain('Bought')
    expect(bought.textContent).toContain('+0.050 ETH')
    expect(bought.textContent).toContain('Pending')
  })

  it("a failed next page: 'Failed to fetch transactions', the list kept, and a Load more button that retries", async () => {
    let failMore = true
    const fetch = fakeApi((url) => {
      if (url.searchParams.has('onramp')) return json({ data: [], next: null })
      if (url.searchParams.get('cursor') === 'c1')
        return failMore ? json({ status: 503, error: 'down' }, 503) : json({ data: [tx(2)], next: null })
      return json({ data: [tx(1)], next: 'c1' })
    })
    const { host } = await openTransactions(fetch)
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1))
    await endWatched()
    await scrollToEnd()
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Failed to fetch transactions'))
    const event = host.events.find((e) => e.type === 'event' && e.event.data.event === 'ERROR_FETCH_TRANSACTIONS')
    expect(event?.type === 'event' && event.event.data.properties).toMatchObject({ address: TEST_ADDRESS, projectId: 'demo', cursor: 'c1' })
    expect(screen.getAllByTestId('activity-row')).toHaveLength(1)
    // No automatic retry loop: the end stays in view, only a click asks again.
    await scrollToEnd()
    expect(historyCalls(fetch)).toHaveLength(3)
    failMore = false
    await act(async () => fireEvent.click(screen.getByTestId('activity-load-more')))
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2))
  })

  it('an empty history', async () => {
    await openTransactions(fakeApi(() => json({ data: [], next: null })))
    expect((await screen.findByTestId('activity-empty')).textContent).toContain('No activity yet')
  })
})
