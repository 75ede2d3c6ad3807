import { Hono } from 'hono'
import type { ApiVariables } from '../api/project-guard'
import type { ApiDeps } from '../deps'

/** `GET /v1/supported-chains`: Reown's `{ http: CaipNetworkId[], ws: CaipNetworkId[] }`. */
export interface SupportedChainsResponse {
  http: string[]
  ws: string[]
}

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
