import { Hono } from 'hono'
import type { FungiblePriceResponse } from '@airlock/protocol'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import type { ApiDeps } from '../deps'
import { apiError } from '../../platform/http/errors'
import { formatCaip10, parseCaip10 } from './caip'
import { resolveToken, tokenIconUrl, type DexConfig } from './dex-config'
import { createPoolPriceSource, type PriceSource } from './price-source'
import { jsonBodyLimit, readJsonBody } from '../../platform/http/json-body'

export interface PricesRouteOptions {
  dex: DexConfig
  /** Default: Uniswap V2 pool reserves on the chain (createPoolPriceSource). */
  priceSource?: PriceSource
}

/** One entry of `POST /v1/fungible/price` (Reown's FungiblePriceItem). */
export interface FungiblePrice {
  /** CAIP-10, the native token as `eip155:<id>:0xeeee…eeee`. */
  address: string
  name: string
  symbol: string
  iconUrl: string
  /** USD. */
  price: number
  decimals: number
}

export const FungiblePriceSchema = z.object({
  address: z.string().describe('CAIP-10; the native token as eip155:<id>:0xeeee…eeee'),
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  price: z.number().describe('USD'),
  decimals: z.number().int(),
}) satisfies z.ZodType<FungiblePrice>
export const PriceResponse = z.object({ fungibles: z.array(FungiblePriceSchema) })

export const MAX_PRICE_ADDRESSES = 100

export const PriceBody = z.object({
  currency: z.string().max(10).optional(),
  addresses: z
    .array(z.string().max(200))
    .min(1, 'at least one CAIP-10 address is required')
    .max(MAX_PRICE_ADDRESSES, `at most ${MAX_PRICE_ADDRESSES} addresses per call`),
  projectId: z.string().max(100).optional(),
})

/**
 * `POST /fungible/price` `{ currency: 'usd', addresses: [caip10…], projectId }` ->
 * `{ fungibles: [{ address, name, symbol, iconUrl, price, decimals }] }`.
 * Prices come from the chain's pools (USDC = 1). Addresses on a namespace or chain the API does
 * not serve, unknown tokens and tokens without a pool are left out; a malformed address is a 400.
 */
export function pricesRoutes(deps: ApiDeps, options: PricesRouteOptions): Hono<{ Variables: ApiVariables }> {
  const source = options.priceSource ?? createPoolPriceSource({ chains: deps.chains, dex: options.dex })
  const app = new Hono<{ Variables: ApiVariables }>()

  app.post('/fungible/price', jsonBodyLimit(64 * 1024), async (c) => {
    const body = await readJsonBody(c, PriceBody)
    if (!body.success) return body.response
    if (body.data.currency !== undefined && body.data.currency.toLowerCase() !== 'usd') {
      return apiError(c, 400, `Unsupported currency "${body.data.currency}": only usd`, [
        { description: `Unsupported currency "${body.data.currency}": only usd`, field: 'currency' },
      ])
    }

    const byChain = new Map<string, { address: `0x${string}`; index: number }[]>()
    for (const [index, raw] of body.data.addresses.entries()) {
      const parsed = parseCaip10(raw)
      if (!parsed) {
        const description = `addresses.${index}: expected a CAIP-10 account such as eip155:1:0x…, got "${raw}"`
        return apiError(c, 400, description, [{ description, field: `addresses.${index}` }])
      }
      const config = options.dex[parsed.caip2]
      if (!parsed.evmAddress || !config || !deps.chains.client(parsed.caip2)) continue
      const token = resolveToken(config, parsed.evmAddress)
      if (!token) continue
      const list = byChain.get(parsed.caip2) ?? []
      if (!list.some((t) => t.address === token.address)) list.push({ address: token.address, index })
      byChain.set(parsed.caip2, list)
    }

    const found: { index: number; item: FungiblePrice }[] = []
    try {
      await Promise.all(
        [...byChain].map(async ([caip2, tokens]) => {
          const config = options.dex[caip2]!
          const prices = await source.prices(
            caip2,
            tokens.map((t) => t.address),
          )
          for (const { address, index } of tokens) {
            const token = resolveToken(config, address)!
            const price = prices.get(address.toLowerCase())
            if (price === undefined) continue
            found.push({
              index,
              item: {
                address: formatCaip10(caip2, token.address),
                name: token.name,
                symbol: token.symbol,
                iconUrl: tokenIconUrl(deps.apiOrigin, token.symbol),
                price,
                decimals: token.decimals,
              },
            })
          }
        }),
      )
    } catch (error) {
      console.error('[api] fungible price:', error)
      return apiError(c, 502, 'Token prices unavailable: the chain did not answer')
    }
    const response: FungiblePriceResponse = { fungibles: found.sort((a, b) => a.index - b.index).map((f) => f.item) }
    return c.json(response)
  })
  return app
}
