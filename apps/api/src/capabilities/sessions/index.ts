import * as z from 'zod'
import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { CreateSessionBody, RevokeSessionBody, SessionListResponse, SessionParams, SmartSessionSchema } from './routes'

export { sessionsRoutes, type SmartSession } from './routes'
export { SessionReason, revokeMessage, parseSessionGrant } from './rules'

export const SESSIONS_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/v1/sessions/{address}',
    summary: 'Smart sessions of an account (CAIP-10: that chain; plain address: every chain), revoked ones left out',
    params: SessionParams,
    response: SessionListResponse,
  },
  {
    method: 'post',
    path: '/v1/sessions/{address}',
    summary:
      'Create a smart session: message is JSON { chainId, expiry, permissions, policies, signer?, context?, timestamp } signed by the CAIP-10 account',
    params: SessionParams,
    body: CreateSessionBody,
    response: SmartSessionSchema,
    status: 201,
  },
  {
    method: 'post',
    path: '/v1/sessions/{address}/revoke',
    summary: 'Revoke a smart session: signature is the account signing the pci',
    params: SessionParams,
    body: RevokeSessionBody,
    response: z.object({ success: z.literal(true) }),
  },
]
