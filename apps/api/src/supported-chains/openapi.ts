import type { EndpointDoc } from '../http/endpoint-doc'
import { SupportedChainsResponse } from './routes'

/** The supported-chains endpoint for the OpenAPI document (path as mounted under /v1). */
export const SUPPORTED_CHAINS_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/v1/supported-chains',
    summary: 'CAIP-2 ids of the chains the API has an upstream for; cached 5 minutes',
    response: SupportedChainsResponse,
  },
]
