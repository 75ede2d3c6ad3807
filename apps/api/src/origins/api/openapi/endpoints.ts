import * as z from 'zod'
import { ANALYTICS_ENDPOINTS } from '../../../capabilities/analytics'
import { BALANCE_ENDPOINTS } from '../../../capabilities/balance'
import { CONVERT_ENDPOINTS } from '../../../capabilities/convert'
import { explorerEndpointDocs } from '../../../capabilities/explorer'
import { HISTORY_ENDPOINTS } from '../../../capabilities/history'
import { POLKADOT_ENDPOINTS } from '../../../chains/polkadot/openapi'
import { IDENTITY_ENDPOINTS } from '../../../capabilities/identity'
import { NAMES_ENDPOINTS } from '../../../capabilities/names'
import { ONRAMP_ENDPOINTS } from '../../../capabilities/onramp'
import { PRICES_ENDPOINTS } from '../../../capabilities/prices'
import { RELAY_ENDPOINTS } from '../../../capabilities/relay'
import { RPC_ENDPOINTS } from '../../../capabilities/rpc'
import { SESSIONS_ENDPOINTS } from '../../../capabilities/sessions'
import { SIWX_ENDPOINTS } from '../../../capabilities/siwx'
import { SUPPORTED_CHAINS_ENDPOINTS } from '../../../capabilities/supported-chains'
import packageJson from '../../../../package.json' with { type: 'json' }
import type { EndpointDoc } from '../../../platform/http/endpoint-doc'
import { openApiDocument } from './document'

/** `GET /health` (served by createApiApp itself). */
export const HealthResponse = z.object({ status: z.literal('ok') })

/** The endpoints createApiApp serves itself: health and this document. */
export const SERVICE_ENDPOINTS: readonly EndpointDoc[] = [
  { method: 'get', path: '/health', summary: 'Liveness: { status: "ok" } (no project id)', response: HealthResponse },
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This OpenAPI 3.1 document (no project id; cacheable 5 minutes)',
    response: z.record(z.string(), z.unknown()),
  },
]

/** Every endpoint of the data API, in the order the README lists them. */
export const API_ENDPOINTS: readonly EndpointDoc[] = [
  ...SERVICE_ENDPOINTS,
  ...SUPPORTED_CHAINS_ENDPOINTS,
  ...BALANCE_ENDPOINTS,
  ...PRICES_ENDPOINTS,
  ...CONVERT_ENDPOINTS,
  ...HISTORY_ENDPOINTS,
  ...POLKADOT_ENDPOINTS,
  ...IDENTITY_ENDPOINTS,
  ...NAMES_ENDPOINTS,
  ...SESSIONS_ENDPOINTS,
  ...SIWX_ENDPOINTS,
  ...ONRAMP_ENDPOINTS,
  ...RPC_ENDPOINTS,
  ...RELAY_ENDPOINTS,
  ...ANALYTICS_ENDPOINTS,
  ...explorerEndpointDocs,
]

/** The document `GET /openapi.json` serves: every endpoint, the version of @airlock/api, `server` the API origin. */
export function apiOpenApiDocument(server: string) {
  return openApiDocument(API_ENDPOINTS, { title: 'Airlock API', version: packageJson.version, server })
}
