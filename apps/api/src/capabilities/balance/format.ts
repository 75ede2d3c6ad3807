import type { BalanceItem as ProtocolBalanceItem, BalanceResponse as ProtocolBalanceResponse } from '@airlock/protocol'
import { formatUnits } from 'viem'
import * as z from 'zod'
import { formatCaip10 } from '../prices/caip'
import { tokenIconUrl, type ResolvedToken } from '../prices/dex-config'

/**
 * One entry of `GET /v1/account/{address}/balance` (AppKit's `Balance`): the wire type is the
 * protocol schema's, the one the widget parses with.
 */
export type BalanceItem = ProtocolBalanceItem

/** The schema of a BalanceItem, for the OpenAPI document and response tests. */
export const BalanceItemSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string().describe('CAIP-2'),
  address: z.string().optional().describe('CAIP-10 of the token contract; absent for the native token'),
  value: z.number().describe('USD value of the holding'),
  price: z.number().describe('USD price of one token (0 when unknown)'),
  quantity: z.object({ decimals: z.string(), numeric: z.string().describe('human amount as a decimal string, e.g. "1.5"') }),
  iconUrl: z.string(),
  breakdown: z
    .object({
      free: z.string(),
      reserved: z.string(),
      frozen: z.string(),
      transferable: z.string().describe('what a transfer may move: free − max(frozen − reserved, 0)'),
      transferableKeepAlive: z
        .string()
        .describe('what a transfer keeping the account alive may move: free − max(frozen − reserved, existential deposit)'),
      existentialDeposit: z.string(),
    })
    .optional()
    .describe('polkadot only: the parts of the native balance (quantity is free + reserved), in token units'),
}) satisfies z.ZodType<BalanceItem>

/** `GET /v1/account/{address}/balance`. */
export const BalanceResponse = z.object({ balances: z.array(BalanceItemSchema) }) satisfies z.ZodType<ProtocolBalanceResponse>
export type BalanceResponse = ProtocolBalanceResponse

/**
 * The balance items of one chain: zero balances omitted, quantities as decimal strings, value =
 * quantity × price (price 0 when the token has none).
 */
export function toBalanceItems(input: {
  caip2: string
  apiOrigin: string
  holdings: readonly { token: ResolvedToken; amount: bigint }[]
  /** Lower-case address (NATIVE_TOKEN_ADDRESS for the native token) -> USD price. */
  prices: ReadonlyMap<string, number>
}): BalanceItem[] {
  return input.holdings
    .filter((h) => h.amount > 0n)
    .map(({ token, amount }) => {
      const numeric = formatUnits(amount, token.decimals)
      const price = input.prices.get(token.address.toLowerCase()) ?? 0
      return {
        name: token.name,
        symbol: token.symbol,
        chainId: input.caip2,
        ...(token.native ? {} : { address: formatCaip10(input.caip2, token.address) }),
        value: usdValue(numeric, price),
        price,
        quantity: { decimals: String(token.decimals), numeric },
        iconUrl: tokenIconUrl(input.apiOrigin, token.symbol),
      }
    })
}

/** quantity × price, rounded to 1e-6 USD so that float noise does not show up in the JSON. */
export function usdValue(numeric: string, price: number): number {
  return Math.round(Number(numeric) * price * 1e6) / 1e6
}
