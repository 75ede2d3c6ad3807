import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { HistoryResponseSchema } from './format'
import { HistoryParams, HistoryQuery } from './routes'

/** The history endpoint for the OpenAPI document (path as mounted under /v1). */
export const HISTORY_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/v1/account/{account}/history',
    summary: "An account's transactions newest first (or its on-ramp purchases with ?onramp=), paged by cursor",
    params: HistoryParams,
    query: HistoryQuery,
    response: HistoryResponseSchema,
  },
]
