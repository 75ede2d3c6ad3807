import type { Address, Hex } from 'viem'
import * as z from 'zod'
import { parseDecimal } from './money'

/** A chain the sandbox sells on, and the ERC-20s it sells there (the native currency is always sold). */
export interface OnrampNetworkConfig {
  /** CAIP-2, e.g. `eip155:31337`. */
  chain: string
  /** Network slug as on-ramp APIs name networks, e.g. `airlock-devnet`. */
  name: string
  displayName: string
  tokens: readonly { address: string; symbol: string; name: string; decimals: number; spam?: boolean }[]
  /** Native currency (default Ether, ETH, 18). */
  nativeCurrency?: { name: string; symbol: string; decimals: number }
}

export interface OnrampSandboxConfig {
  networks: readonly OnrampNetworkConfig[]
  /** Key of the account that pays purchases out (DEVNET_TREASURY). */
  treasuryPrivateKey: Hex
  /** Symbols sold, in display order (default USDC, DAI, ETH). */
  assets?: readonly string[]
  /** USD price of one unit of each asset, decimal strings (default USDC 1, DAI 1, ETH 3000: the devnet pools' price). */
  usdPrices?: Readonly<Record<string, string>>
  /** USD per one unit of each payment currency (default USD 1, EUR 1.08). */
  fiatUsdRates?: Readonly<Record<string, string>>
  /** Session lifetime (default 30 minutes). */
  sessionTtlMs?: number
  /** Open (unpaid, unexpired) checkout sessions one user (`partnerUserId`) of a project may hold (default 10). */
  maxOpenSessionsPerUser?: number
}

/** SPEC section 9: card 10.00-7500.00, bank account (ACH) 10.00-25000.00, for USD and EUR. */
export const PAYMENT_METHOD_LIMITS = Object.freeze([
  Object.freeze({ id: 'card', min: '10.00', max: '7500.00' }),
  Object.freeze({ id: 'ach_bank_account', min: '10.00', max: '25000.00' }),
])

export const DEFAULT_ASSETS = Object.freeze(['USDC', 'DAI', 'ETH'])
export const DEFAULT_USD_PRICES: Readonly<Record<string, string>> = Object.freeze({ USDC: '1', DAI: '1', ETH: '3000' })
export const DEFAULT_FIAT_USD_RATES: Readonly<Record<string, string>> = Object.freeze({ USD: '1', EUR: '1.08' })
export const SESSION_TTL_MS = 30 * 60 * 1000
/** A person clicking Buy again and again within the 30 minutes; a script minting checkouts is refused past it. */
export const MAX_OPEN_SESSIONS_PER_USER = 10

/** Network fee, in cents of the payment currency: sending the native currency is cheaper than a token. */
export const NETWORK_FEE_CENTS = Object.freeze({ native: 10n, token: 25n })

export interface CoinbaseNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

export interface PurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: CoinbaseNetwork[]
}

export interface PaymentCurrency {
  id: string
  payment_method_limits: { id: string; min: string; max: string }[]
}

/** The schemas of PurchaseCurrency and PaymentCurrency (Coinbase's shapes, as AppKit reads them). */
export const PurchaseCurrencySchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(
    z.object({
      name: z.string(),
      display_name: z.string(),
      chain_id: z.string().describe('the EVM chain id, decimal'),
      contract_address: z.string().describe('empty for the native currency'),
    }),
  ),
}) satisfies z.ZodType<PurchaseCurrency>
export const PaymentCurrencySchema = z.object({
  id: z.string().describe('ISO 4217'),
  payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })),
}) satisfies z.ZodType<PaymentCurrency>

/** One asset on one network: what a purchase delivers. */
export interface OnrampAsset {
  chain: string
  network: OnrampNetworkConfig
  symbol: string
  name: string
  decimals: number
  /** Lowercase; null for the native currency. */
  token: Address | null
  /** USD per unit, micro-units. */
  usdPriceMicro: bigint
}

export interface OnrampCatalog {
  /** Networks whose chain the API has an upstream for, in configuration order. */
  networks: readonly OnrampNetworkConfig[]
  assets: readonly string[]
  purchaseCurrencies(): PurchaseCurrency[]
  paymentCurrencies(): PaymentCurrency[]
  /** The asset `symbol` on `chain`, if sold there. */
  asset(symbol: string, chain: string): OnrampAsset | undefined
  /** A network by slug, display name, chain id or CAIP-2. */
  network(value: string): OnrampNetworkConfig | undefined
  /** USD per unit of a payment currency, micro-units; undefined if not accepted. */
  fiatUsdRateMicro(currency: string): bigint | undefined
}

const micro = (value: string, what: string): bigint => {
  const parsed = parseDecimal(value, 6)
  if (!parsed.ok || parsed.units <= 0n) throw new Error(`on-ramp sandbox: invalid ${what} "${value}"`)
  return parsed.units
}

export function createCatalog(config: OnrampSandboxConfig, supportedChains: readonly string[]): OnrampCatalog {
  const networks = config.networks.filter((n) => supportedChains.includes(n.chain))
  const assets = config.assets ?? DEFAULT_ASSETS
  const usdPrices = config.usdPrices ?? DEFAULT_USD_PRICES
  const fiatRates = config.fiatUsdRates ?? DEFAULT_FIAT_USD_RATES
  const priceMicro = new Map(Object.entries(usdPrices).map(([symbol, value]) => [symbol, micro(value, `${symbol} price`)]))
  const fiatMicro = new Map(Object.entries(fiatRates).map(([currency, value]) => [currency, micro(value, `${currency} rate`)]))

  const asset = (symbol: string, chain: string): OnrampAsset | undefined => {
    const network = networks.find((n) => n.chain === chain)
    const usdPriceMicro = priceMicro.get(symbol)
    if (!network || !assets.includes(symbol) || usdPriceMicro === undefined) return undefined
    const native = network.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
    if (native.symbol === symbol)
      return { chain, network, symbol, name: native.name, decimals: native.decimals, token: null, usdPriceMicro }
    const token = network.tokens.find((t) => t.symbol === symbol && !t.spam)
    if (!token) return undefined
    return {
      chain,
      network,
      symbol,
      name: token.name,
      decimals: token.decimals,
      token: token.address.toLowerCase() as Address,
      usdPriceMicro,
    }
  }

  return {
    networks,
    assets,
    purchaseCurrencies() {
      return assets.flatMap((symbol) => {
        const offers = networks.flatMap((n) => {
          const a = asset(symbol, n.chain)
          return a ? [a] : []
        })
        const first = offers[0]
        if (!first) return []
        return [
          {
            id: symbol,
            name: first.name,
            symbol,
            networks: offers.map((a) => ({
              name: a.network.name,
              display_name: a.network.displayName,
              chain_id: a.chain.split(':')[1]!,
              contract_address: a.token ?? '',
            })),
          },
        ]
      })
    },
    paymentCurrencies() {
      return [...fiatMicro.keys()].map((id) => ({ id, payment_method_limits: PAYMENT_METHOD_LIMITS.map((l) => ({ ...l })) }))
    },
    asset,
    network(value) {
      const v = value.trim().toLowerCase()
      return networks.find(
        (n) => n.name.toLowerCase() === v || n.displayName.toLowerCase() === v || n.chain === v || n.chain.split(':')[1] === v,
      )
    },
    fiatUsdRateMicro(currency) {
      return fiatMicro.get(currency)
    },
  }
}

/**
 * Builds the sandbox configuration from @airlock/devnet's exports (passed in: the api does not depend
 * on the devnet at run time): `onrampConfigFromDevnet({ chains: DEVNET_CHAINS, tokens: DEVNET_TOKENS, treasury: DEVNET_TREASURY })`.
 */
export function onrampConfigFromDevnet(devnet: {
  chains: readonly { chainId: number; name: string }[]
  tokens: readonly { address: string; symbol: string; name: string; decimals: number; spam?: boolean }[]
  treasury: { privateKey: Hex }
}): OnrampSandboxConfig {
  return {
    networks: devnet.chains.map((c) => ({
      chain: `eip155:${c.chainId}`,
      name: c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      displayName: c.name,
      tokens: devnet.tokens.filter((t) => !t.spam),
    })),
    treasuryPrivateKey: devnet.treasury.privateKey,
  }
}
