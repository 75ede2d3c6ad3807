import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { GasPricesSchema } from './gas'
import {
  AllowanceQuery,
  AllowanceResponse,
  ApproveQuery,
  BuildApproveResponse,
  BuildBody,
  BuildTransactionResponse,
  ChainIdQuery,
  QuoteQuery,
  QuotesResponse,
  TokensResponse,
} from './routes'

/** The swap endpoints for the OpenAPI document (paths as mounted under /v1). */
export const CONVERT_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/v1/convert/tokens',
    summary: 'Tokens that can be swapped on a chain, native first (empty for an unsupported chain)',
    query: ChainIdQuery,
    response: TokensResponse,
  },
  {
    method: 'get',
    path: '/v1/convert/quotes',
    summary: 'A swap quote over the best pool path (empty for an unsupported chain)',
    query: QuoteQuery,
    response: QuotesResponse,
  },
  {
    method: 'get',
    path: '/v1/convert/allowance',
    summary: 'The allowance the user gave the swap router for a token ("0" on an unsupported chain)',
    query: AllowanceQuery,
    response: AllowanceResponse,
  },
  {
    method: 'get',
    path: '/v1/convert/gas-price',
    summary: 'Gas prices in wei: standard, fast, instant (400 "Network not supported for Gas Price" for a chain without upstream)',
    query: ChainIdQuery,
    response: GasPricesSchema,
  },
  {
    method: 'get',
    path: '/v1/convert/build-approve',
    summary: 'An ERC-20 approve transaction for the swap router (amount default 2^256-1)',
    query: ApproveQuery,
    response: BuildApproveResponse,
  },
  {
    method: 'post',
    path: '/v1/convert/build-transaction',
    summary: 'The swap transaction to sign (minimum output from the slippage, 20-minute deadline, gas estimated)',
    body: BuildBody,
    response: BuildTransactionResponse,
  },
]
