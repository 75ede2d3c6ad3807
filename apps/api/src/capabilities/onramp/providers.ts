/**
 * The two sandbox on-ramp providers. Their ids are the names AppKit gives its providers
 * (`ONRAMP_PROVIDERS`: 'coinbase', 'meld'), so `?onramp=coinbase` finds the purchases made through
 * the Coinbase-style URL generator. Both charge within SPEC section 9's 1-2 % range, differently:
 *
 * - coinbase: 1.5 % of the payment total.
 * - meld: 2 % below 500.00, 1 % from 500.00 (of the payment total, in the payment currency).
 *
 * So the cheaper one depends on the amount; a quote picks the cheaper unless one is asked for.
 */
export interface OnrampProvider {
  id: string
  label: string
  feeRange: string
  /** Fee in basis points for a payment total (in cents of the payment currency). */
  feeBps(totalCents: bigint): bigint
  /** Every value feeBps can return (the crypto-amount direction tries each). */
  feeTiers: readonly bigint[]
}

export const ONRAMP_PROVIDERS: readonly OnrampProvider[] = Object.freeze([
  { id: 'coinbase', label: 'Coinbase (sandbox)', feeRange: '1-2%', feeBps: () => 150n, feeTiers: [150n] },
  {
    id: 'meld',
    label: 'Meld (sandbox)',
    feeRange: '1-2%',
    feeBps: (total: bigint) => (total < 50_000n ? 200n : 100n),
    feeTiers: [200n, 100n],
  },
])

export const ONRAMP_PROVIDER_IDS: readonly string[] = ONRAMP_PROVIDERS.map((p) => p.id)

/** The provider a generated checkout URL uses unless the request names one: Coinbase's URL generator. */
export const DEFAULT_CHECKOUT_PROVIDER = 'coinbase'

export function providerById(id: string): OnrampProvider | undefined {
  return ONRAMP_PROVIDERS.find((p) => p.id === id)
}
