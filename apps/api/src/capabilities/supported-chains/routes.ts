import { Hono } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import type { ApiDeps } from '../deps'

/**
 * `GET /v1/supported-chains`: Reown's `{ http: CaipNetworkId[], ws: CaipNetworkId[] }`, plus
 * `rest` for the networks served by REST only (clients that read `http` and `ws` ignore it).
 */
export const SupportedChainsResponse = z.object({
  http: z
    .array(z.string())
    .describe('CAIP-2 ids served over JSON-RPC by POST /v1/rpc (EVM chains, Solana clusters and Polkadot networks with an upstream)'),
  ws: z.array(z.string()).describe('CAIP-2 ids with a WebSocket upstream (none)'),
  rest: z
    .array(z.string())
    .describe(
      'CAIP-2 ids served by the REST pass-through GET|POST /v1/rest/{chainId}/{path} only (bip122: esplora), not JSON-RPC: ' +
        'not in http, where a client would send them JSON-RPC',
    ),
})
export type SupportedChainsResponse = z.infer<typeof SupportedChainsResponse>

/**
 * `GET /supported-chains` -> `{ http, ws, rest }`: every network the chain registry has an upstream
 * for, of each family it serves. `http` is Reown's list of networks its RPC endpoint answers
 * JSON-RPC for (AppKit's isNetworkSupported reads it to send a network's JSON-RPC through the
 * API), so it holds the eip155 chains, solana clusters and polkadot networks (`POST /v1/rpc`); a bip122 network's
 * upstream is an esplora REST API (`/v1/rest/{chainId}/{path}`), where JSON-RPC would be refused
 * method by method, so it is listed under `rest` instead. No WebSocket upstreams: `ws` is empty.
 */
export function supportedChainsRoutes(deps: ApiDeps): Hono<{ Variables: ApiVariables }> {
  const app = new Hono<{ Variables: ApiVariables }>()
  app.get('/supported-chains', (c) => {
    const body: SupportedChainsResponse = {
      http: [...deps.chains.supported(), ...deps.chains.family('solana').supported(), ...deps.chains.family('polkadot').supported()],
      ws: [],
      rest: [...deps.chains.family('bip122').supported()],
    }
    c.header('Cache-Control', 'public, max-age=300')
    return c.json(body)
  })
  return app
}
