import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { IdentityParams, IdentityQuery, IdentityResponse } from './routes'

export { identityRoutes, IDENTITY_CACHE_CONTROL } from './routes'

export const IDENTITY_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/v1/identity/{address}',
    summary: "An address's primary name and avatar (nulls when none); cached 5 minutes",
    params: IdentityParams,
    query: IdentityQuery,
    response: IdentityResponse,
  },
]
