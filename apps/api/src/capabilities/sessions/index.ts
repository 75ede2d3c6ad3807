import * as z from 'zod'
import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { CreateSessionBody, RecordGrantBody, RevokeSessionBody, SessionListResponse, SessionParams, SmartSessionSchema } from './routes'

export { sessionsRoutes, type SmartSession } from './routes'
export { SessionReason, revokeMessage, parseSessionGrant } from './rules'

export const SESSIONS_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/v1/sessions/{address}',
    summary:
      'Smart sessions of an account (CAIP-10: that chain; plain address: every chain), revoked ones left out: an ERC-7715 grant whose delegation the chain has disabled counts as revoked',
    params: SessionParams,
    response: SessionListResponse,
  },
  {
    method: 'post',
    path: '/v1/sessions/{address}',
    summary:
      'Record an ERC-7715 grant: { permission } as wallet_requestExecutionPermissions answered it, its context a delegation the CAIP-10 account signed (pci: the delegation hash); or a smart session: message is JSON { chainId, expiry, permissions, policies, signer?, context?, timestamp } signed by the account',
    params: SessionParams,
    body: z.union([RecordGrantBody, CreateSessionBody]),
    response: SmartSessionSchema,
    status: 201,
  },
  {
    method: 'post',
    path: '/v1/sessions/{address}/revoke',
    summary:
      'Revoke a smart session: signature is the account signing the pci; an ERC-7715 grant only once its delegation is disabled on chain (409 before)',
    params: SessionParams,
    body: RevokeSessionBody,
    response: z.object({ success: z.literal(true) }),
  },
]
