import { formatDecimal, roundDecimal } from '@airlock/chains'
import type { OnrampQuoteAmount, OnrampQuoteResponse } from '@airlock/protocol'

/** SPEC section 8: the quote answered when the quote call fails. */
export const MOCKED_QUOTE_ID = 'mocked-quote-id'

/**
 * The stand-in quote: no fees are known and no price, so the total is the amount typed and the
 * purchase amount is left empty (the checkout shows the real one).
 */
export function mockedQuote(amount: string, paymentCurrency: string, purchaseCurrency: string): OnrampQuoteResponse {
  const fiat = (value: string) => ({ amount: value, currency: paymentCurrency })
  return {
    coinbaseFee: fiat('0'),
    networkFee: fiat('0'),
    paymentSubtotal: fiat(amount),
    paymentTotal: fiat(amount),
    purchaseAmount: { amount: '', currency: purchaseCurrency },
    quoteId: MOCKED_QUOTE_ID,
  }
}

export const isMockedQuote = (quote: OnrampQuoteResponse) => quote.quoteId === MOCKED_QUOTE_ID

const DECIMAL = /^\d+(\.\d+)?$/

/** A fiat amount, en-US with 2 decimals: '1,234.50 USD'. */
export function formatFiat({ amount, currency }: OnrampQuoteAmount): string {
  return DECIMAL.test(amount) ? `${formatDecimal(amount)} ${currency}` : `— ${currency}`
}

/** A crypto amount with up to 6 decimals, trailing zeros dropped: '0.032508 ETH', '98.25 USDC'. */
export function formatCrypto({ amount, currency }: OnrampQuoteAmount): string {
  if (!DECIMAL.test(amount)) return `— ${currency}`
  const [whole = '0', fraction = ''] = roundDecimal(amount, 6).split('.')
  const trimmed = fraction.replace(/0+$/, '')
  return `${formatDecimal(whole, 0)}${trimmed ? `.${trimmed}` : ''} ${currency}`
}

export interface QuoteLines {
  purchase: string
  coinbaseFee: string
  networkFee: string
  fees: string
  total: string
  estimate: boolean
}

/** What the Buy view shows of a quote; fees are the provider's plus the network's. */
export function quoteLines(quote: OnrampQuoteResponse): QuoteLines {
  const feeCents = [quote.coinbaseFee, quote.networkFee].reduce(
    (sum, fee) => sum + (DECIMAL.test(fee.amount) ? BigInt(roundDecimal(fee.amount, 2).replace('.', '')) : 0n),
    0n,
  )
  const fees = `${feeCents / 100n}.${(feeCents % 100n).toString().padStart(2, '0')}`
  return {
    purchase: formatCrypto(quote.purchaseAmount),
    coinbaseFee: formatFiat(quote.coinbaseFee),
    networkFee: formatFiat(quote.networkFee),
    fees: formatFiat({ amount: fees, currency: quote.paymentTotal.currency }),
    total: formatFiat(quote.paymentTotal),
    estimate: isMockedQuote(quote),
  }
}
