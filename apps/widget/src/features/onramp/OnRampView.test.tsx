// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connect } from '../../connectors/connect'
import { openModal } from '../../core/modal/modal'
import { POPUP_BLOCKED_TEXT } from './actions'
import { apiCalls as calls, fakeApiFetch, json } from '../../testing/apiFetch'
import { createFakeHost, devnetWallet, TEST_ADDRESS } from '../../testing/fakeHost'
import { ONRAMP_QUOTE } from '../../testing/onramp'
import { renderApp } from '../../testing/renderApp'
import { currentRouteAtom, navigateAtom } from '../../core/router/atoms'
import { OPTIONS_FALLBACK_TEXT, QUOTE_ESTIMATE_TEXT } from './OnRampView'
import { PURCHASE_POLL_MS } from './BuyInProgressView'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const refusal = (status: number, description: string) => json({ status, error: description, reasons: [{ description }] }, status)

const LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]
const network = (chainId: string, name: string, contract = '') => ({
  name,
  display_name: name,
  chain_id: chainId,
  contract_address: contract,
})
const OPTIONS = {
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: LIMITS },
    { id: 'EUR', payment_method_limits: LIMITS },
  ],
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [network('31337', 'airlock-devnet', '0xusdc'), network('31338', 'airlock-devnet-2')],
    },
    { id: 'DAI', name: 'Dai Stablecoin', symbol: 'DAI', networks: [network('31338', 'airlock-devnet-2')] },
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [network('31337', 'airlock-devnet')] },
  ],
}
const CHECKOUT_URL = 'http://api.localhost:4400/onramp/checkout/abc'

type Route = (url: URL, body: unknown) => Response | Promise<Response> | undefined

/** The fake api plus the on-ramp routes (each overridable); every call is recorded. */
function onrampFetch(routes: { options?: Route; quote?: Route; url?: Route; history?: Route } = {}) {
  const base = fakeApiFetch()
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    if (url.pathname === '/v1/onramp/options') return (await routes.options?.(url, body)) ?? json(OPTIONS)
    if (url.pathname === '/v1/onramp/quote') return (await routes.quote?.(url, body)) ?? json(ONRAMP_QUOTE)
    if (url.pathname === '/v1/generators/onrampurl') return (await routes.url?.(url, body)) ?? json({ url: CHECKOUT_URL })
    if (url.searchParams.has('onramp') && routes.history) return (await routes.history(url, body))!
    return base(input, init)
  })
}

async function openBuy(fetch: typeof globalThis.fetch) {
  const rendered = await renderApp(createFakeHost(), { fetch, open: false })
  await act(async () => {
    await connect(rendered.ctx, devnetWallet.id)
    openModal(rendered.ctx)
  })
  await screen.findByTestId('account-view')
  await act(async () => rendered.ctx.store.set(navigateAtom, { type: 'push', route: { name: 'OnRamp' } }))
  await waitFor(() => expect(screen.getByTestId('onramp-view').dataset.state).toBe('ready'))
  return rendered
}

const typeAmount = async (value: string) => {
  await act(async () => fireEvent.change(screen.getByTestId('onramp-amount'), { target: { value } }))
}

describe('Buy view', () => {
  it("offers the active network's currencies, shows the card limits and quotes the amount after 500 ms", async () => {
    const fetch = onrampFetch()
    await openBuy(fetch)
    expect(screen.getByTestId('onramp-currency-USDC')).toBeTruthy()
    expect(screen.getByTestId('onramp-currency-ETH')).toBeTruthy()
    expect(screen.queryByTestId('onramp-currency-DAI')).toBeNull()
    expect(screen.getByTestId('onramp-currency-USDC').getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('onramp-limits').textContent).toBe('10.00 to 7,500.00 USD')
    expect(screen.getByTestId('onramp-buy').hasAttribute('disabled')).toBe(true)

    await typeAmount('1')
    await typeAmount('10')
    await typeAmount('100')
    expect(screen.getByTestId('onramp-quote').dataset.state).toBe('loading')
    await waitFor(() => expect(screen.getByTestId('onramp-quote').dataset.state).toBe('ready'))
    // Debounced: the three keystrokes asked for one quote.
    expect(calls(fetch, '/v1/onramp/quote').map((c) => c.body)).toEqual([
      {
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount: '100',
        network: 'airlock-devnet',
        paymentMethod: 'card',
        provider: 'coinbase',
      },
    ])
    expect(screen.getByTestId('onramp-quote-purchase').textContent).toBe('98.25 USDC')
    expect(screen.getByTestId('onramp-quote-coinbase-fee').textContent).toBe('1.50 USD')
    expect(screen.getByTestId('onramp-quote-network-fee').textContent).toBe('0.25 USD')
    expect(screen.getByTestId('onramp-quote-fees').textContent).toBe('1.75 USD')
    expect(screen.getByTestId('onramp-quote-total').textContent).toBe('100.00 USD')
    expect(screen.queryByTestId('onramp-quote-estimate')).toBeNull()
    expect(screen.getByTestId('onramp-buy').hasAttribute('disabled')).toBe(false)
  })

  it('enforces the minimum and maximum of the payment method, and refuses bad amounts', async () => {
    const fetch = onrampFetch()
    await openBuy(fetch)
    await typeAmount('9.99')
    expect(screen.getByTestId('onramp-amount-error').textContent).toBe('Minimum amount is 10.00 USD')
    expect(screen.getByTestId('onramp-buy').hasAttribute('disabled')).toBe(true)
    await typeAmount('7500.01')
    expect(screen.getByTestId('onramp-amount-error').textContent).toBe('Maximum amount is 7,500.00 USD')
    await act(async () => fireEvent.click(screen.getByTestId('onramp-method-ach_bank_account')))
    expect(screen.queryByTestId('onramp-amount-error')).toBeNull()
    expect(screen.getByTestId('onramp-limits').textContent).toBe('10.00 to 25,000.00 USD')
    await typeAmount('-5')
    expect(screen.getByTestId('onramp-amount-error').textContent).toBe('Please enter a valid amount')
    await typeAmount('10.123')
    expect(screen.getByTestId('onramp-amount-error').textContent).toBe('Use at most 2 decimals')
    await new Promise((r) => setTimeout(r, 600))
    expect(calls(fetch, '/v1/onramp/quote')).toEqual([])
  })

  it('shows the built-in default options when the options call fails (SPEC section 8)', async () => {
    await openBuy(onrampFetch({ options: () => refusal(503, 'down') }))
    expect(screen.getByTestId('onramp-options-fallback').textContent).toBe(OPTIONS_FALLBACK_TEXT)
    expect(screen.getByTestId('onramp-currency-USDC')).toBeTruthy()
    expect(screen.getByTestId('onramp-currency-ETH')).toBeTruthy()
    expect(screen.getByTestId('onramp-payment-USD')).toBeTruthy()
    expect(screen.getByTestId('onramp-payment-EUR')).toBeTruthy()
    expect(screen.getByTestId('onramp-limits').textContent).toBe('10.00 to 7,500.00 USD')
    await act(async () => fireEvent.click(screen.getByTestId('onramp-method-ach_bank_account')))
    expect(screen.getByTestId('onramp-limits').textContent).toBe('10.00 to 25,000.00 USD')
  })

  it("answers the mocked quote 'mocked-quote-id' as an estimate when the quote call fails", async () => {
    await openBuy(onrampFetch({ quote: () => refusal(500, 'boom') }))
    await act(async () => fireEvent.click(screen.getByTestId('onramp-payment-EUR')))
    await typeAmount('50')
    await waitFor(() => expect(screen.getByTestId('onramp-quote').dataset.state).toBe('ready'))
    expect(screen.getByTestId('onramp-quote').dataset.quoteId).toBe('mocked-quote-id')
    expect(screen.getByTestId('onramp-quote-estimate').textContent).toBe(QUOTE_ESTIMATE_TEXT)
    expect(screen.getByTestId('onramp-quote-total').textContent).toBe('50.00 EUR')
    expect(screen.getByTestId('onramp-buy').hasAttribute('disabled')).toBe(false)
  })

  it('opens the checkout popup in the click, then sends it to the generated URL and follows the purchase', async () => {
    const fetch = onrampFetch()
    const { ctx } = await openBuy(fetch)
    const popup = { location: { href: 'about:blank' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    await act(async () => fireEvent.click(screen.getByTestId('onramp-currency-ETH')))
    await typeAmount('250')
    const clicked = Date.now()
    fireEvent.click(screen.getByTestId('onramp-buy'))
    // Synchronously, before any request: the user activation of the click is still there.
    expect(open).toHaveBeenCalledExactlyOnceWith('about:blank', 'airlock-onramp', 'width=500,height=720')
    await screen.findByTestId('buy-in-progress')
    expect(popup.location.href).toBe(CHECKOUT_URL)
    expect(popup.close).not.toHaveBeenCalled()
    expect(calls(fetch, '/v1/generators/onrampurl').map((c) => c.body)).toEqual([
      {
        destinationWallets: [{ address: TEST_ADDRESS, blockchains: ['airlock-devnet'], assets: ['ETH'] }],
        defaultNetwork: 'airlock-devnet',
        partnerUserId: TEST_ADDRESS,
        defaultExperience: 'buy',
        presetFiatAmount: '250',
        paymentCurrency: 'USD',
        provider: 'coinbase',
      },
    ])
    expect(screen.getByTestId('buy-in-progress').dataset.status).toBe('waiting')
    const route = ctx.store.get(currentRouteAtom)
    expect(route.name === 'BuyInProgress' && route.params.purchaseCurrency).toBe('ETH')
    expect(route.name === 'BuyInProgress' && route.params.startedAt).toBeGreaterThanOrEqual(clicked)
  })

  it('says when the popup is blocked, and the next click retries', async () => {
    await openBuy(onrampFetch())
    const popup = { location: { href: 'about:blank' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockImplementationOnce(() => null)
    await typeAmount('100')
    await act(async () => fireEvent.click(screen.getByTestId('onramp-buy')))
    expect(screen.getByTestId('onramp-checkout-error').textContent).toBe(POPUP_BLOCKED_TEXT)
    expect(screen.getByTestId('onramp-buy').textContent).toBe('Try again')
    open.mockImplementationOnce(() => popup as unknown as Window)
    fireEvent.click(screen.getByTestId('onramp-buy'))
    await screen.findByTestId('buy-in-progress')
    expect(popup.location.href).toBe(CHECKOUT_URL)
  })

  it("closes the popup and shows the api's reason when the URL cannot be generated", async () => {
    await openBuy(onrampFetch({ url: () => refusal(400, 'ETH is not sold on the requested network') }))
    const popup = { location: { href: 'about:blank' }, close: vi.fn() }
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    await typeAmount('100')
    fireEvent.click(screen.getByTestId('onramp-buy'))
    await waitFor(() => expect(screen.getByTestId('onramp-checkout-error').textContent).toBe('ETH is not sold on the requested network'))
    expect(popup.close).toHaveBeenCalledOnce()
    expect(popup.location.href).toBe('about:blank')
    expect(screen.getByTestId('onramp-view')).toBeTruthy()
  })
})

describe('Buy in progress', () => {
  const purchase = (minedAt: string, status: string) => ({
    id: 'p-1',
    metadata: { operationType: 'buy', hash: '', minedAt, sentFrom: '', sentTo: TEST_ADDRESS, status, nonce: 0, chain: 'eip155:31337' },
    transfers: [
      { fungible_info: { name: 'USD Coin', symbol: 'USDC' }, direction: 'in', quantity: { numeric: '98.25' }, value: 98.25, price: 1 },
    ],
  })

  it('polls the on-ramp history until the purchase lands, then offers the account', async () => {
    const startedAt = Date.now()
    const answers = [
      { data: [purchase(new Date(startedAt - 60_000).toISOString(), 'ONRAMP_TRANSACTION_STATUS_SUCCESS')], next: null },
      { data: [purchase(new Date(startedAt + 5_000).toISOString(), 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS')], next: null },
      { data: [purchase(new Date(startedAt + 5_000).toISOString(), 'ONRAMP_TRANSACTION_STATUS_SUCCESS')], next: null },
    ]
    const history = vi.fn((url: URL) => {
      expect(url.searchParams.get('onramp')).toBe('coinbase')
      expect(url.searchParams.get('chainId')).toBe('eip155:31337')
      expect(url.pathname).toBe(`/v1/account/${TEST_ADDRESS}/history`)
      return json(answers.shift() ?? { data: [], next: null })
    })
    const { ctx } = await openBuy(onrampFetch({ history }))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    await act(async () =>
      ctx.store.set(navigateAtom, { type: 'push', route: { name: 'BuyInProgress', params: { startedAt, purchaseCurrency: 'USDC' } } }),
    )
    await act(async () => vi.advanceTimersByTimeAsync(0))
    await screen.findByTestId('buy-in-progress')
    await waitFor(() => expect(history).toHaveBeenCalledTimes(1))
    expect(screen.getByTestId('buy-in-progress').dataset.status).toBe('waiting')
    await act(async () => vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS))
    await waitFor(() => expect(screen.getByTestId('buy-in-progress').dataset.status).toBe('pending'))
    expect(screen.getByTestId('buy-in-progress-amount').textContent).toBe('98.25 USDC')
    await act(async () => vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS))
    await waitFor(() => expect(screen.getByTestId('buy-in-progress').dataset.status).toBe('success'))
    expect(screen.getByTestId('buy-in-progress-status').textContent).toBe('Purchase complete')
    // Landed: no more polling.
    await act(async () => vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS * 3))
    expect(history).toHaveBeenCalledTimes(3)
    await act(async () => fireEvent.click(screen.getByTestId('buy-in-progress-account')))
    await screen.findByTestId('account-view')
  })

  it('keeps polling through a failed read and stops when the view closes', async () => {
    const history = vi.fn(() => refusal(503, 'down'))
    const { ctx } = await openBuy(onrampFetch({ history }))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    await act(async () =>
      ctx.store.set(navigateAtom, {
        type: 'push',
        route: { name: 'BuyInProgress', params: { startedAt: Date.now(), purchaseCurrency: 'USDC' } },
      }),
    )
    await act(async () => vi.advanceTimersByTimeAsync(0))
    await screen.findByTestId('buy-in-progress-poll-error')
    await act(async () => vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS))
    await waitFor(() => expect(history).toHaveBeenCalledTimes(2))
    await act(async () => ctx.store.set(navigateAtom, { type: 'back' }))
    await act(async () => vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS * 3))
    expect(history).toHaveBeenCalledTimes(2)
  })
})
