import type { OnrampOptionsResponse, OnrampPaymentCurrency, OnrampPurchaseCurrency } from '@airlock/protocol'

/**
 * The on-ramp options as the Buy view uses them: the built-in defaults when the options call fails
 * (SPEC section 8), the purchase currencies sold on the active network, and the limits of a payment
 * method in a payment currency.
 */

export type PaymentMethodId = 'card' | 'ach_bank_account'

export const PAYMENT_METHODS: readonly { id: PaymentMethodId; label: string }[] = [
  { id: 'card', label: 'Card' },
  { id: 'ach_bank_account', label: 'Bank account (ACH)' },
]

/** SPEC section 9: card 10.00 to 7500.00, bank account (ACH) 10.00 to 25000.00. */
const DEFAULT_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/**
 * SPEC section 8: what the Buy view offers when the options call fails. The currencies name no
 * networks: the api then picks the network from the one the request names.
 */
export const DEFAULT_ONRAMP_OPTIONS: OnrampOptionsResponse = {
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: DEFAULT_LIMITS.map((l) => ({ ...l })) })),
  purchaseCurrencies: [
    { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [] },
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [] },
  ],
}

const evmChainId = (caipNetworkId: string): string | undefined => /^eip155:(\d+)$/.exec(caipNetworkId)?.[1]

/** The currency's entry for the active network; undefined when the options name none for it. */
export function networkOf(currency: OnrampPurchaseCurrency, caipNetworkId: string) {
  const chainId = evmChainId(caipNetworkId)
  return currency.networks.find((n) => n.chain_id === chainId)
}

/** Purchase currencies sold on the active network; one that names no networks is offered everywhere. */
export function purchaseCurrenciesFor(options: OnrampOptionsResponse, caipNetworkId: string): OnrampPurchaseCurrency[] {
  return options.purchaseCurrencies.filter((c) => c.networks.length === 0 || networkOf(c, caipNetworkId) !== undefined)
}

/** The payment methods a payment currency carries limits for, in PAYMENT_METHODS order. */
export function paymentMethodsOf(currency: OnrampPaymentCurrency | undefined): PaymentMethodId[] {
  return PAYMENT_METHODS.filter((m) => currency?.payment_method_limits.some((l) => l.id === m.id)).map((m) => m.id)
}

export function limitsOf(currency: OnrampPaymentCurrency | undefined, method: PaymentMethodId): { min: string; max: string } | undefined {
  const limit = currency?.payment_method_limits.find((l) => l.id === method)
  return limit ? { min: limit.min, max: limit.max } : undefined
}
