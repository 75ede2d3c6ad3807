import * as z from 'zod'
import { NETWORK_FEE_CENTS, PAYMENT_METHOD_LIMITS, type OnrampAsset } from './catalog'
import { ceilDiv, CENTS, formatFixed, formatTrimmed, mulDivRound, parseDecimal } from './money'
import { ONRAMP_PROVIDERS, type OnrampProvider } from './providers'

/**
 * Quote maths (all exact):
 * - paymentTotal = what the card is charged;
 * - coinbaseFee = the provider's fee, `feeBps` of the total, rounded half up to the cent;
 * - networkFee = a fixed sandbox gas fee (0.10 for the native currency, 0.25 for a token);
 * - paymentSubtotal = total - fee - networkFee: what buys the crypto;
 * - purchaseAmount = subtotal converted at the sandbox price, rounded down to the token's decimals.
 * From a crypto amount instead, the subtotal is rounded up to the cent and the total is the smallest
 * one whose fee covers it.
 */
export interface Quote {
  provider: OnrampProvider
  asset: OnrampAsset
  currency: string
  totalCents: bigint
  feeCents: bigint
  networkFeeCents: bigint
  subtotalCents: bigint
  cryptoUnits: bigint
}

export type PaymentMethod = 'card' | 'ach_bank_account'

export interface QuoteContext {
  asset: OnrampAsset
  currency: string
  /** USD per unit of `currency`, micro-units. */
  fiatUsdMicro: bigint
}

const BPS = 10_000n
const networkFeeOf = (asset: OnrampAsset) => (asset.token ? NETWORK_FEE_CENTS.token : NETWORK_FEE_CENTS.native)

/** Crypto units bought by `subtotalCents`, rounded down. */
export function cryptoForFiat(subtotalCents: bigint, ctx: QuoteContext): bigint {
  return (subtotalCents * ctx.fiatUsdMicro * 10n ** BigInt(ctx.asset.decimals)) / (100n * ctx.asset.usdPriceMicro)
}

/** Cents that buy `units`, rounded up. */
export function fiatForCrypto(units: bigint, ctx: QuoteContext): bigint {
  return ceilDiv(units * 100n * ctx.asset.usdPriceMicro, ctx.fiatUsdMicro * 10n ** BigInt(ctx.asset.decimals))
}

export function quoteFromFiat(ctx: QuoteContext, provider: OnrampProvider, totalCents: bigint): Quote {
  const networkFeeCents = networkFeeOf(ctx.asset)
  const feeCents = mulDivRound(totalCents, provider.feeBps(totalCents), BPS)
  const rest = totalCents - feeCents - networkFeeCents
  const subtotalCents = rest > 0n ? rest : 0n
  return {
    provider,
    asset: ctx.asset,
    currency: ctx.currency,
    totalCents,
    feeCents,
    networkFeeCents,
    subtotalCents,
    cryptoUnits: cryptoForFiat(subtotalCents, ctx),
  }
}

export function quoteFromCrypto(ctx: QuoteContext, provider: OnrampProvider, cryptoUnits: bigint): Quote {
  const networkFeeCents = networkFeeOf(ctx.asset)
  const subtotalCents = fiatForCrypto(cryptoUnits, ctx)
  const base = subtotalCents + networkFeeCents
  const totals = provider.feeTiers.map((bps) => ({ bps, total: ceilDiv(base * BPS, BPS - bps) }))
  const consistent = totals.filter(({ bps, total }) => provider.feeBps(total) === bps).map((t) => t.total)
  const totalCents = consistent.length ? min(consistent) : max(totals.map((t) => t.total))
  return {
    provider,
    asset: ctx.asset,
    currency: ctx.currency,
    totalCents,
    feeCents: totalCents - base,
    networkFeeCents,
    subtotalCents,
    cryptoUnits,
  }
}

/** The quote of `provider`, or of the cheaper provider (more crypto for a fiat total, a lower total for a crypto amount). */
export function bestQuote(ctx: QuoteContext, amount: { totalCents: bigint } | { cryptoUnits: bigint }, provider?: OnrampProvider): Quote {
  const candidates = (provider ? [provider] : ONRAMP_PROVIDERS).map((p) =>
    'totalCents' in amount ? quoteFromFiat(ctx, p, amount.totalCents) : quoteFromCrypto(ctx, p, amount.cryptoUnits),
  )
  return candidates.reduce((best, q) =>
    'totalCents' in amount ? (q.cryptoUnits > best.cryptoUnits ? q : best) : q.totalCents < best.totalCents ? q : best,
  )
}

/** Undefined when `totalCents` is within the payment method's limits, else the limits (SPEC section 9). */
export function limitViolation(totalCents: bigint, method: PaymentMethod): { min: string; max: string } | undefined {
  const limits = PAYMENT_METHOD_LIMITS.find((l) => l.id === method)!
  const lo = parseDecimal(limits.min, CENTS)
  const hi = parseDecimal(limits.max, CENTS)
  if (!lo.ok || !hi.ok) throw new Error('invalid payment method limits')
  return totalCents < lo.units || totalCents > hi.units ? { min: limits.min, max: limits.max } : undefined
}

export interface QuoteAmount {
  amount: string
  currency: string
}

/** AppKit's `OnrampQuote` (with `coinbaseFee`), plus the provider that quoted. */
export interface OnrampQuoteResponse {
  coinbaseFee: QuoteAmount
  networkFee: QuoteAmount
  paymentSubtotal: QuoteAmount
  paymentTotal: QuoteAmount
  purchaseAmount: QuoteAmount
  quoteId: string
  provider: string
}

const QuoteAmountSchema = z.object({ amount: z.string().describe('decimal string'), currency: z.string() })
export const OnrampQuoteResponseSchema = z.object({
  coinbaseFee: QuoteAmountSchema.describe("the provider's fee"),
  networkFee: QuoteAmountSchema,
  paymentSubtotal: QuoteAmountSchema.describe('what buys the crypto'),
  paymentTotal: QuoteAmountSchema.describe('what the card is charged'),
  purchaseAmount: QuoteAmountSchema.describe('crypto delivered, in the asset'),
  quoteId: z.string(),
  provider: z.string(),
}) satisfies z.ZodType<OnrampQuoteResponse>

export function toQuoteResponse(quote: Quote, quoteId: string): OnrampQuoteResponse {
  const fiat = (cents: bigint) => ({ amount: formatFixed(cents, CENTS), currency: quote.currency })
  return {
    coinbaseFee: fiat(quote.feeCents),
    networkFee: fiat(quote.networkFeeCents),
    paymentSubtotal: fiat(quote.subtotalCents),
    paymentTotal: fiat(quote.totalCents),
    purchaseAmount: { amount: formatTrimmed(quote.cryptoUnits, quote.asset.decimals), currency: quote.asset.symbol },
    quoteId,
    provider: quote.provider.id,
  }
}

const min = (values: bigint[]) => values.reduce((a, b) => (b < a ? b : a))
const max = (values: bigint[]) => values.reduce((a, b) => (b > a ? b : a))
