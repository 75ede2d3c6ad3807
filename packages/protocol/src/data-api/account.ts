import * as z from 'zod/mini'

/**
 * An account's token balances (`GET /v1/account/{address}/balance`) and transaction history
 * (`GET /v1/account/{account}/history`), SPEC section 7, as the api sends them and the widget
 * reads them. Quantities are human decimal strings ("1.5"), not smallest units.
 */

const text = (max = 200) => z.string().check(z.maxLength(max))
const decimal = z.string().check(z.regex(/^-?\d{1,78}(\.\d{1,78})?$/))

/** SPEC section 3 "Token balance item". */
export const BalanceItem = z.object({
  name: text(),
  symbol: text(32).check(z.minLength(1)),
  /** CAIP-2. */
  chainId: text(100),
  /** CAIP-10 of the token contract; absent for the native token. */
  address: z.optional(text()),
  /** USD value of the holding (0 when unpriced). */
  value: z.number(),
  /** USD price of one token (0 when unknown). */
  price: z.number(),
  quantity: z.object({ decimals: z.string().check(z.regex(/^\d{1,3}$/)), numeric: decimal }),
  iconUrl: text(4096),
  /**
   * The parts of a Polkadot native balance (the polkadot family's only), in the token's units:
   * `quantity` is free + reserved; `transferable` what a transfer may move, `transferableKeepAlive`
   * what one may move that keeps the account alive, and `existentialDeposit` the least an account
   * may hold (below it the chain removes the account).
   */
  breakdown: z.optional(
    z.object({
      free: decimal,
      reserved: decimal,
      frozen: decimal,
      transferable: decimal,
      transferableKeepAlive: decimal,
      existentialDeposit: decimal,
    }),
  ),
})
export type BalanceItem = z.infer<typeof BalanceItem>

export const BalanceResponse = z.object({ balances: z.array(BalanceItem) })
export type BalanceResponse = z.infer<typeof BalanceResponse>

export const HistoryTransfer = z.object({
  fungible_info: z.object({ name: text(), symbol: text(32), icon: z.optional(z.object({ url: text(4096) })) }),
  /** Present on spam only (SPEC section 5: a transaction whose transfers are all spam is dropped). */
  nft_info: z.optional(z.object({ name: text(), flags: z.object({ is_spam: z.boolean() }) })),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: decimal }),
  /** USD value of the quantity; 0 when no price is known. */
  value: z.number(),
  /** USD price of one unit; 0 when unknown. */
  price: z.number(),
})
export type HistoryTransfer = z.infer<typeof HistoryTransfer>

export const HistoryTransaction = z.object({
  id: text(),
  metadata: z.object({
    /** send, receive, trade, buy (an on-ramp purchase), mint, approve, … */
    operationType: text(64),
    /** '' for a purchase not paid out yet. */
    hash: text(100),
    /** ISO 8601. */
    minedAt: text(64),
    sentFrom: text(),
    sentTo: text(),
    /** 'confirmed', 'failed', or an on-ramp's ONRAMP_TRANSACTION_STATUS_*. */
    status: text(64),
    nonce: z.number(),
    /** CAIP-2. */
    chain: text(100),
  }),
  transfers: z.array(HistoryTransfer).check(z.maxLength(50)),
})
export type HistoryTransaction = z.infer<typeof HistoryTransaction>

export const HistoryResponse = z.object({
  data: z.array(HistoryTransaction),
  /** The cursor of the next page; null on the last. */
  next: z.nullable(text(512)),
})
export type HistoryResponse = z.infer<typeof HistoryResponse>
