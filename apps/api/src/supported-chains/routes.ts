import { Hono } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../projects/request'
import type { ApiDeps } from '../deps'

/** `GET /v1/supported-chains`: Reown's `{ http: CaipNetworkId[], ws: CaipNetworkId[] }`. */
export const SupportedChainsResponse = z.object({
  http: z.array(z.string()).describe('CAIP-2 ids with an HTTP upstream'),
  ws: z.array(z.string()).describe('CAIP-2 ids with a WebSocket upstream (none)'),
})
export type SupportedChainsResponse = z.infer<typeof SupportedChainsResponse>

/**
 * `GET /supported-chains` -> `{ http, ws }`: the CAIP-2 ids the chain registry has an upstream for
 * (AppKit's isNetworkSupported reads `http`). No WebSocket upstreams: `ws` is empty.
 */
export function supportedChainsRoutes(deps: ApiDeps): Hono<{ Variables: ApiVariables }> {
  const app = new Hono<{ Variables: ApiVariables }>()
  app.get('/supported-chains', (c) => {
    const body: SupportedChainsResponse = { http: [...deps.chains.supported()], ws: [] }
    c.header('Cache-Control', 'public, max-age=300')
    return c.json(body)
  })
  return app
}
