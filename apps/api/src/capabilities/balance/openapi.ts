import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { BalanceResponse } from './format'
import { BalanceParams, BalanceQuery } from './routes'

/** The balance endpoint for the OpenAPI document (path as mounted under /v1). */
export const BALANCE_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/v1/account/{address}/balance',
    summary: "An address's native and token balances with USD prices (zero balances and spam left out); cached 30 s",
    params: BalanceParams,
    query: BalanceQuery,
    response: BalanceResponse,
  },
]
