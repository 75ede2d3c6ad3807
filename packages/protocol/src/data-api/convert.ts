import * as z from 'zod/mini'

/**
 * The swap calls' answers (SPEC section 7, `/v1/convert/*` and `POST /v1/fungible/price`) as the
 * widget reads them. Amounts, allowances and gas prices are smallest units as decimal strings;
 * tokens and accounts are CAIP-10.
 */

const text = (max = 200) => z.string().check(z.maxLength(max))
/** A decimal integer string (wei, smallest units); 2^256-1 has 78 digits. */
const units = z.string().check(z.regex(/^\d{1,78}$/))

export const ConvertToken = z.object({
  name: text(),
  symbol: text(32),
  address: text(),
  decimals: z.number().check(z.int(), z.minimum(0), z.maximum(255)),
  logoUri: text(4096),
  eip2612: z.boolean(),
})
export type ConvertToken = z.infer<typeof ConvertToken>

export const ConvertTokensResponse = z.object({ tokens: z.array(ConvertToken).check(z.maxLength(1000)) })
export type ConvertTokensResponse = z.infer<typeof ConvertTokensResponse>

export const ConvertQuotesResponse = z.object({
  quotes: z.array(z.object({ id: z.nullable(text()), fromAmount: units, fromAccount: text(), toAmount: units, toAccount: text() })),
})
export type ConvertQuotesResponse = z.infer<typeof ConvertQuotesResponse>

export const ConvertAllowanceResponse = z.object({ allowance: units })
export type ConvertAllowanceResponse = z.infer<typeof ConvertAllowanceResponse>

export const ConvertGasPriceResponse = z.object({ standard: units, fast: units, instant: units })
export type ConvertGasPriceResponse = z.infer<typeof ConvertGasPriceResponse>

const calldata = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/), z.maxLength(200_000))

export const ConvertBuildApproveResponse = z.object({
  tx: z.object({ from: text(), to: text(), data: calldata, value: units, eip155: z.object({ gasPrice: units }) }),
})
export type ConvertBuildApproveResponse = z.infer<typeof ConvertBuildApproveResponse>

export const ConvertBuildTransactionResponse = z.object({
  tx: z.object({
    from: text(),
    to: text(),
    data: calldata,
    amount: units,
    value: units,
    eip155: z.object({ gas: units, gasPrice: units }),
  }),
})
export type ConvertBuildTransactionResponse = z.infer<typeof ConvertBuildTransactionResponse>

export const FungiblePrice = z.object({
  address: text(),
  name: text(),
  symbol: text(32),
  iconUrl: text(4096),
  price: z.number(),
  decimals: z.number().check(z.int(), z.minimum(0), z.maximum(255)),
})
export type FungiblePrice = z.infer<typeof FungiblePrice>

export const FungiblePriceResponse = z.object({ fungibles: z.array(FungiblePrice).check(z.maxLength(100)) })
export type FungiblePriceResponse = z.infer<typeof FungiblePriceResponse>
