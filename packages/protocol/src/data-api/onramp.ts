import * as z from 'zod/mini'

/**
 * The on-ramp calls' answers (SPEC sections 3 and 7) as the widget reads them: `GET /v1/onramp/options`,
 * `POST /v1/onramp/quote`, `POST /v1/generators/onrampurl`, and the purchases of
 * `GET /v1/account/{account}/history?onramp=<provider>`. Amounts are decimal strings.
 */

const text = (max = 200) => z.string().check(z.maxLength(max))
const list = <T extends z.core.SomeType>(item: T, max = 200) => z.array(item).check(z.maxLength(max))

export const OnrampNetwork = z.object({
  name: text(64),
  display_name: text(),
  /** The EVM chain id, decimal. */
  chain_id: text(32),
  /** Empty for the native currency. */
  contract_address: text(),
})
export type OnrampNetwork = z.infer<typeof OnrampNetwork>

export const OnrampPurchaseCurrency = z.object({ id: text(64), name: text(), symbol: text(32), networks: list(OnrampNetwork) })
export type OnrampPurchaseCurrency = z.infer<typeof OnrampPurchaseCurrency>

export const OnrampPaymentMethodLimit = z.object({ id: text(64), min: text(32), max: text(32) })
export type OnrampPaymentMethodLimit = z.infer<typeof OnrampPaymentMethodLimit>

export const OnrampPaymentCurrency = z.object({ id: text(16), payment_method_limits: list(OnrampPaymentMethodLimit, 20) })
export type OnrampPaymentCurrency = z.infer<typeof OnrampPaymentCurrency>

export const OnrampOptionsResponse = z.object({
  paymentCurrencies: list(OnrampPaymentCurrency),
  purchaseCurrencies: list(OnrampPurchaseCurrency),
})
export type OnrampOptionsResponse = z.infer<typeof OnrampOptionsResponse>

export const OnrampQuoteAmount = z.object({ amount: text(80), currency: text(32) })
export type OnrampQuoteAmount = z.infer<typeof OnrampQuoteAmount>

export const OnrampQuoteResponse = z.object({
  coinbaseFee: OnrampQuoteAmount,
  networkFee: OnrampQuoteAmount,
  paymentSubtotal: OnrampQuoteAmount,
  paymentTotal: OnrampQuoteAmount,
  purchaseAmount: OnrampQuoteAmount,
  quoteId: text(),
  /** The sandbox's addition: which provider quoted. */
  provider: z.optional(text(32)),
})
export type OnrampQuoteResponse = z.infer<typeof OnrampQuoteResponse>

export const OnrampUrlResponse = z.object({ url: text(2048) })
export type OnrampUrlResponse = z.infer<typeof OnrampUrlResponse>

/** Purchase statuses as Coinbase's transaction status API names them. */
export const ONRAMP_PURCHASE_STATUSES = [
  'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
  'ONRAMP_TRANSACTION_STATUS_SUCCESS',
  'ONRAMP_TRANSACTION_STATUS_FAILED',
] as const

/** A purchase as the history lists it with `onramp=<provider>`: only what the buy-in-progress view reads. */
export const OnrampPurchase = z.object({
  id: text(),
  metadata: z.object({
    hash: text(100),
    /** ISO 8601: when the purchase was made. */
    minedAt: text(64),
    status: z.enum(ONRAMP_PURCHASE_STATUSES),
    chain: z.optional(text(100)),
  }),
  transfers: list(z.object({ fungible_info: z.object({ symbol: text(32) }), quantity: z.object({ numeric: text(160) }) }), 50),
})
export type OnrampPurchase = z.infer<typeof OnrampPurchase>

export const OnrampPurchasesResponse = z.object({ data: list(OnrampPurchase, 500), next: z.nullable(text(512)) })
export type OnrampPurchasesResponse = z.infer<typeof OnrampPurchasesResponse>
