import {
  SiwxNonceResponse,
  SiwxRevokeResponse,
  SiwxSessionList,
  SiwxSessionRequest,
  SiwxSessionResponse,
  SiwxTokenRequest,
  SiwxVerifyResponse,
} from '@airlock/protocol'
import * as z from 'zod'
import type { EndpointDoc } from '../../platform/http/endpoint-doc'

export { siwxJwksRoute, siwxRoutes } from './routes'
export { SiwxReason } from './reasons'
export { siwxSigner, type SiwxSigner } from './tokens'

/** The JWKS document: Ed25519 public keys (OKP) with their kid. */
const Jwks = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('OKP'),
      crv: z.literal('Ed25519'),
      x: z.string(),
      kid: z.string(),
      alg: z.literal('EdDSA'),
      use: z.literal('sig'),
    }),
  ),
})

export const SIWX_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'post',
    path: '/v1/siwx/nonce',
    summary: 'A sign-in nonce: single use, bound to the project, valid 10 minutes',
    response: SiwxNonceResponse,
    status: 201,
  },
  {
    method: 'post',
    path: '/v1/siwx/sessions',
    summary:
      'Sign in: message is the exact template of @airlock/protocol (eip155: EIP-4361; solana: CAIP-122 / SIWS) with a nonce of this project, on an allowed origin and a served chain; signature eip155 0x hex (EOA, ERC-1271, ERC-6492), solana base58. Answers the session and its token (EdDSA JWT)',
    body: SiwxSessionRequest,
    response: SiwxSessionResponse,
    status: 201,
  },
  {
    method: 'post',
    path: '/v1/siwx/sessions/list',
    summary: "The project's live sign-in sessions of a live token's account, on every network, newest first (no tokens)",
    body: SiwxTokenRequest,
    response: SiwxSessionList,
  },
  {
    method: 'post',
    path: '/v1/siwx/sessions/revoke',
    summary: 'Revoke the session of a token; its token no longer verifies',
    body: SiwxTokenRequest,
    response: SiwxRevokeResponse,
  },
  {
    method: 'post',
    path: '/v1/siwx/verify',
    summary: 'Check a session token: signed by this API, for this project, not expired, not revoked',
    body: SiwxTokenRequest,
    response: SiwxVerifyResponse,
  },
  {
    method: 'get',
    path: '/.well-known/jwks.json',
    summary: 'The public keys of the session tokens (no project id; cacheable 5 minutes)',
    response: Jwks,
  },
]
