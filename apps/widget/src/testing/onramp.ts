import type { OnrampQuoteResponse } from '@airlock/protocol'

/** A quote of 100.00 USD for 98.25 USDC: 1.50 USD Coinbase fee and 0.25 USD network fee (test data). */
export const ONRAMP_QUOTE: OnrampQuoteResponse = {
  coinbaseFee: { amount: '1.50', currency: 'USD' },
  networkFee: { amount: '0.25', currency: 'USD' },
  paymentSubtotal: { amount: '98.25', currency: 'USD' },
  paymentTotal: { amount: '100.00', currency: 'USD' },
  purchaseAmount: { amount: '98.25', currency: 'USDC' },
  quoteId: 'q-123',
  provider: 'coinbase',
}
