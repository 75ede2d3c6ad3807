import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { PriceBody, PriceResponse } from './routes'

/** The price endpoint for the OpenAPI document (path as mounted under /v1). */
export const PRICES_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'post',
    path: '/v1/fungible/price',
    summary: 'USD prices of tokens by CAIP-10 address, from the chain pools; unknown tokens and unsupported chains are left out',
    body: PriceBody,
    response: PriceResponse,
  },
]
