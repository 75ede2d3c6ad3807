import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { SupportedChainsResponse } from './routes'

/** The supported-chains endpoint for the OpenAPI document (path as mounted under /v1). */
export const SUPPORTED_CHAINS_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/v1/supported-chains',
    summary:
      'CAIP-2 ids of the networks the API has an upstream for, of every family; cached 5 minutes. ' +
      'http: served over JSON-RPC by POST /v1/rpc (eip155 chains, solana clusters); ws: none; ' +
      'rest: served only by the REST pass-through /v1/rest/{chainId}/{path} (bip122 networks, esplora), ' +
      'kept out of http because they answer no JSON-RPC',
    response: SupportedChainsResponse,
  },
]
