import { afterEach, describe, expect, it, vi } from 'vitest'
import { fitOnrampForm, loadOnrampOptions, QUOTE_DEBOUNCE_MS, updateOnrampForm } from './actions'
import { createFakeHost, createTestContext } from '../../testing/fakeHost'
import { onrampFormAtom, onrampOptionsAtom, onrampQuoteAtom } from './store'
import { connectEvm, moveEvmChain } from '../../testing/session'

afterEach(() => {
  vi.useRealTimers()
})

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const limits = [{ id: 'card', min: '10.00', max: '7500.00' }]
const net = (chainId: string) => ({ name: `net-${chainId}`, display_name: chainId, chain_id: chainId, contract_address: '' })
const OPTIONS = {
  paymentCurrencies: [{ id: 'USD', payment_method_limits: limits }],
  purchaseCurrencies: [
    { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [net('31337')] },
    { id: 'DAI', name: 'Dai', symbol: 'DAI', networks: [net('31338')] },
  ],
}
const quoteFor = (amount: string) => ({
  coinbaseFee: { amount: '0', currency: 'USD' },
  networkFee: { amount: '0', currency: 'USD' },
  paymentSubtotal: { amount, currency: 'USD' },
  paymentTotal: { amount, currency: 'USD' },
  purchaseAmount: { amount, currency: 'USDC' },
  quoteId: `q-${amount}`,
})

function setup(fetch: typeof globalThis.fetch) {
  const ctx = createTestContext(createFakeHost(), { fetch })
  connectEvm(ctx.store, { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 31337, connectorId: 'x' })
  return ctx
}

describe('on-ramp store and actions', () => {
  it('fits the form to the options and moves the purchase currency when the network changes', async () => {
    const ctx = setup(vi.fn(async () => json(OPTIONS)))
    await loadOnrampOptions(ctx)
    expect(ctx.store.get(onrampOptionsAtom)).toMatchObject({ status: 'ready', fallback: false })
    expect(ctx.store.get(onrampFormAtom)).toEqual({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', paymentMethod: 'card', amount: '' })
    moveEvmChain(ctx.store, 31338)
    fitOnrampForm(ctx)
    expect(ctx.store.get(onrampFormAtom).purchaseCurrency).toBe('DAI')
  })

  it('asks for the options again after a failure instead of keeping the defaults for good', async () => {
    const fetch = vi.fn(async () => json({ status: 503, error: 'down' }, 503))
    const ctx = setup(fetch)
    await loadOnrampOptions(ctx)
    expect(ctx.store.get(onrampOptionsAtom)).toMatchObject({ status: 'ready', fallback: true })
    fetch.mockImplementation(async () => json(OPTIONS))
    await loadOnrampOptions(ctx)
    expect(ctx.store.get(onrampOptionsAtom)).toMatchObject({ status: 'ready', fallback: false })
  })

  it('shows only the answer for the latest form: a slower, older quote is dropped', async () => {
    vi.useFakeTimers()
    const answers: (() => void)[] = []
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input)).pathname === '/v1/onramp/options') return json(OPTIONS)
      const { amount } = JSON.parse(String(init?.body)) as { amount: string }
      return new Promise<Response>((resolve) => answers.push(() => resolve(json(quoteFor(amount)))))
    })
    const ctx = setup(fetch)
    await loadOnrampOptions(ctx)
    updateOnrampForm(ctx, { amount: '20' })
    await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS)
    updateOnrampForm(ctx, { amount: '30' })
    await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS)
    expect(answers).toHaveLength(2)
    answers[1]!()
    await vi.advanceTimersByTimeAsync(0)
    answers[0]!()
    await vi.advanceTimersByTimeAsync(0)
    const state = ctx.store.get(onrampQuoteAtom)
    expect(state.status === 'ready' && state.quote.quoteId).toBe('q-30')
  })
})
