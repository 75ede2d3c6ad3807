import {
  OnrampOptionsResponse,
  OnrampPurchasesResponse,
  OnrampQuoteResponse,
  OnrampUrlResponse,
  type OnrampPurchase,
} from '@airlock/protocol'
import type { DataApi } from './dataApi'

/**
 * The on-ramp calls of the data API (SPEC section 7). The sandbox serves two providers; the Buy
 * view quotes and checks out with the one the URL generator uses, so the quote shown is the price
 * the checkout charges.
 */
export const ONRAMP_PROVIDER = 'coinbase'

export function fetchOnrampOptions(api: DataApi): Promise<OnrampOptionsResponse> {
  return api.get('/v1/onramp/options', {}, OnrampOptionsResponse, 'On-ramp options')
}

export interface QuoteRequest {
  purchaseCurrency: string
  paymentCurrency: string
  /** The fiat total, decimal string. */
  amount: string
  /** The network's name from the options, else the CAIP-2 id. */
  network: string
  paymentMethod: string
}

export function fetchOnrampQuote(api: DataApi, request: QuoteRequest): Promise<OnrampQuoteResponse> {
  return api.post('/v1/onramp/quote', { ...request, provider: ONRAMP_PROVIDER }, OnrampQuoteResponse, 'Quote')
}

export interface OnrampUrlRequest {
  address: string
  network: string
  purchaseCurrency: string
  paymentCurrency: string
  /** The fiat total, decimal string. */
  amount: string
}

/** The checkout URL of a new sandbox session paying out to `address` (AppKit's generator request). */
export async function generateOnrampUrl(api: DataApi, request: OnrampUrlRequest): Promise<string> {
  const { url } = await api.post(
    '/v1/generators/onrampurl',
    {
      destinationWallets: [{ address: request.address, blockchains: [request.network], assets: [request.purchaseCurrency] }],
      defaultNetwork: request.network,
      partnerUserId: request.address,
      defaultExperience: 'buy',
      presetFiatAmount: request.amount,
      paymentCurrency: request.paymentCurrency,
      provider: ONRAMP_PROVIDER,
    },
    OnrampUrlResponse,
    'On-ramp URL',
  )
  return url
}

/** The newest page of the account's purchases on one network. */
export async function fetchOnrampPurchases(api: DataApi, address: string, caipNetworkId: string): Promise<OnrampPurchase[]> {
  const page = await api.get(
    `/v1/account/${encodeURIComponent(address)}/history`,
    { onramp: ONRAMP_PROVIDER, chainId: caipNetworkId },
    OnrampPurchasesResponse,
    'Purchase history',
  )
  return page.data
}
