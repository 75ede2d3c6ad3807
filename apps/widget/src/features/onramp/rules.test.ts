import type { OnrampOptionsResponse, OnrampPurchase } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { ONRAMP_QUOTE } from '../../testing/onramp'
import { checkAmount, INVALID_AMOUNT_TEXT, TOO_MANY_DECIMALS_TEXT } from './amount'
import { DEFAULT_ONRAMP_OPTIONS, limitsOf, paymentMethodsOf, purchaseCurrenciesFor } from './options'
import { findPurchase } from './purchase'
import { formatCrypto, formatFiat, isMockedQuote, MOCKED_QUOTE_ID, mockedQuote, quoteLines } from './quote'

const card = { min: '10.00', max: '7500.00' }

describe('the built-in default options (SPEC sections 8 and 9)', () => {
  it('offer USD and EUR, card 10.00 to 7500.00 and bank account 10.00 to 25000.00', () => {
    expect(DEFAULT_ONRAMP_OPTIONS.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    for (const currency of DEFAULT_ONRAMP_OPTIONS.paymentCurrencies) {
      expect(limitsOf(currency, 'card')).toEqual({ min: '10.00', max: '7500.00' })
      expect(limitsOf(currency, 'ach_bank_account')).toEqual({ min: '10.00', max: '25000.00' })
      expect(paymentMethodsOf(currency)).toEqual(['card', 'ach_bank_account'])
    }
  })

  it('name no networks, so every network is offered them', () => {
    expect(purchaseCurrenciesFor(DEFAULT_ONRAMP_OPTIONS, 'eip155:8453').map((c) => c.symbol)).toEqual(['USDC', 'ETH'])
  })
})

describe('purchase currencies of the active network', () => {
  const net = (chainId: string) => ({ name: `n${chainId}`, display_name: `N ${chainId}`, chain_id: chainId, contract_address: '' })
  const options: OnrampOptionsResponse = {
    paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', ...card }] }],
    purchaseCurrencies: [
      { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [net('31337'), net('31338')] },
      { id: 'DAI', name: 'Dai', symbol: 'DAI', networks: [net('31338')] },
    ],
  }

  it('keeps only those the options sell on that chain', () => {
    expect(purchaseCurrenciesFor(options, 'eip155:31337').map((c) => c.symbol)).toEqual(['USDC'])
    expect(purchaseCurrenciesFor(options, 'eip155:31338').map((c) => c.symbol)).toEqual(['USDC', 'DAI'])
    expect(purchaseCurrenciesFor(options, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual([])
  })

  it('offers only the payment methods the currency has limits for', () => {
    expect(paymentMethodsOf(options.paymentCurrencies[0])).toEqual(['card'])
    expect(limitsOf(options.paymentCurrencies[0], 'ach_bank_account')).toBeUndefined()
  })
})

describe('the amount', () => {
  it('accepts amounts within the limits, normalised', () => {
    expect(checkAmount('100', card, 'USD')).toEqual({ ok: true, amount: '100' })
    expect(checkAmount(' 10.5 ', card, 'USD')).toEqual({ ok: true, amount: '10.5' })
    expect(checkAmount('7500.00', card, 'USD')).toEqual({ ok: true, amount: '7500.00' })
    expect(checkAmount('25.', card, 'USD')).toEqual({ ok: true, amount: '25' })
  })

  it('accepts a pasted en-US amount with thousands separators', () => {
    expect(checkAmount('1,250.50', card, 'USD')).toEqual({ ok: true, amount: '1250.50' })
  })

  it('empty is nothing to quote, without an error', () => {
    expect(checkAmount('', card, 'USD')).toEqual({ ok: false, error: undefined })
  })

  it('refuses what is not an amount', () => {
    for (const input of ['-5', 'abc', '1e3', '1,2', '12,50', '0', '0.00', '.', '1.2.3'])
      expect(checkAmount(input, card, 'USD'), input).toEqual({ ok: false, error: INVALID_AMOUNT_TEXT })
  })

  it('refuses more than 2 decimals', () => {
    expect(checkAmount('10.001', card, 'USD')).toEqual({ ok: false, error: TOO_MANY_DECIMALS_TEXT })
  })

  it("says the payment method's minimum and maximum", () => {
    expect(checkAmount('9.99', card, 'USD')).toEqual({ ok: false, error: 'Minimum amount is 10.00 USD' })
    expect(checkAmount('7500.01', card, 'EUR')).toEqual({ ok: false, error: 'Maximum amount is 7,500.00 EUR' })
    expect(checkAmount('25000', { min: '10.00', max: '25000.00' }, 'USD')).toEqual({ ok: true, amount: '25000' })
    expect(checkAmount('25000.01', { min: '10.00', max: '25000.00' }, 'USD')).toEqual({
      ok: false,
      error: 'Maximum amount is 25,000.00 USD',
    })
  })
})

describe('quotes', () => {
  it('shows the purchase, each fee, their sum and the total', () => {
    expect(quoteLines(ONRAMP_QUOTE)).toEqual({
      purchase: '98.25 USDC',
      coinbaseFee: '1.50 USD',
      networkFee: '0.25 USD',
      fees: '1.75 USD',
      total: '100.00 USD',
      estimate: false,
    })
  })

  it('formats fiat en-US with 2 decimals and crypto with up to 6', () => {
    expect(formatFiat({ amount: '7500', currency: 'EUR' })).toBe('7,500.00 EUR')
    expect(formatCrypto({ amount: '0.032508333333333333', currency: 'ETH' })).toBe('0.032508 ETH')
    expect(formatCrypto({ amount: '2456.5', currency: 'USDC' })).toBe('2,456.5 USDC')
    expect(formatCrypto({ amount: '3', currency: 'DAI' })).toBe('3 DAI')
  })

  it("the mocked quote (SPEC section 8) is 'mocked-quote-id', the amount as total and no fees", () => {
    const mocked = mockedQuote('100', 'EUR', 'ETH')
    expect(mocked.quoteId).toBe(MOCKED_QUOTE_ID)
    expect(MOCKED_QUOTE_ID).toBe('mocked-quote-id')
    expect(isMockedQuote(mocked)).toBe(true)
    expect(quoteLines(mocked)).toEqual({
      purchase: '— ETH',
      coinbaseFee: '0.00 EUR',
      networkFee: '0.00 EUR',
      fees: '0.00 EUR',
      total: '100.00 EUR',
      estimate: true,
    })
  })
})

describe('the purchase that landed', () => {
  const purchase = (id: string, minedAt: string, symbol: string, status: OnrampPurchase['metadata']['status']): OnrampPurchase => ({
    id,
    metadata: { hash: '', minedAt, status, chain: 'eip155:31337' },
    transfers: [{ fungible_info: { symbol }, quantity: { numeric: '98.25' } }],
  })
  const startedAt = Date.parse('2026-03-01T12:00:00Z')

  it('is the newest purchase of the currency made after the start', () => {
    const list = [
      purchase('new-dai', '2026-03-01T12:02:00Z', 'DAI', 'ONRAMP_TRANSACTION_STATUS_SUCCESS'),
      purchase('new', '2026-03-01T12:01:00Z', 'USDC', 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'),
      purchase('old', '2026-03-01T11:59:00Z', 'USDC', 'ONRAMP_TRANSACTION_STATUS_SUCCESS'),
    ]
    expect(findPurchase(list, startedAt, 'usdc')).toEqual({ id: 'new', status: 'pending', amount: '98.25', symbol: 'USDC', hash: '' })
  })

  it('is none while only older purchases exist', () => {
    expect(findPurchase([purchase('old', '2026-03-01T11:59:00Z', 'USDC', 'ONRAMP_TRANSACTION_STATUS_SUCCESS')], startedAt, 'USDC')).toBe(
      undefined,
    )
  })

  it('maps the statuses to pending, success and failed', () => {
    const at = '2026-03-01T12:01:00Z'
    expect(findPurchase([purchase('a', at, 'ETH', 'ONRAMP_TRANSACTION_STATUS_SUCCESS')], startedAt, 'ETH')?.status).toBe('success')
    expect(findPurchase([purchase('a', at, 'ETH', 'ONRAMP_TRANSACTION_STATUS_FAILED')], startedAt, 'ETH')?.status).toBe('failed')
  })
})
