import * as z from 'zod/mini'

/** USD per whole token, by lowercase token address (the native currency as ERC-7528's 0xeeee…eeee). */
export type UsdPrices = ReadonlyMap<string, number>

/**
 * The USD prices of a chain's tokens from the deployment's data API (`POST
 * {apiUrl}/v1/fungible/price?projectId=…`, priced from the chain's own pools: no outside service),
 * for the simulation's balance changes. Never throws: a price that does not come is not shown.
 */
export type PriceLookup = (request: {
  chainId: number
  projectId: string
  /** Lowercase addresses; the native currency as NATIVE_TOKEN. */
  tokens: readonly string[]
  signal: AbortSignal
}) => Promise<UsdPrices>

const PriceAnswer = z.object({
  fungibles: z.array(z.object({ address: z.string().check(z.maxLength(200)), price: z.number() })).check(z.maxLength(100)),
})

export function createPriceLookup(options: { apiUrl: string; fetch?: typeof fetch }): PriceLookup {
  const base = options.apiUrl.replace(/\/+$/, '')
  const request = options.fetch ?? ((input, init) => fetch(input, init))
  return async ({ chainId, projectId, tokens, signal }) => {
    const prices = new Map<string, number>()
    try {
      const response = await request(`${base}/v1/fungible/price?${new URLSearchParams({ projectId })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currency: 'usd', addresses: tokens.map((token) => `eip155:${chainId}:${token}`) }),
        signal,
      })
      const answer = PriceAnswer.safeParse(await response.json())
      if (!response.ok || !answer.success) return prices
      for (const { address, price } of answer.data.fungibles) {
        const [namespace, chain, token] = address.split(':')
        const asked = token?.toLowerCase()
        if (namespace === 'eip155' && chain === String(chainId) && asked && tokens.includes(asked) && Number.isFinite(price) && price > 0)
          prices.set(asked, price)
      }
    } catch {
      // Unreachable, aborted or not JSON: no prices, and the changes show without them.
    }
    return prices
  }
}
