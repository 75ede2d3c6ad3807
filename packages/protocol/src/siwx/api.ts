import * as z from 'zod/mini'
import { SIWX_MESSAGE_MAX_CHARS, SiwxMessageData } from './message'

/**
 * The bodies of the API's sign-in routes (`/v1/siwx/*`), as the API checks them and the widget
 * reads them.
 */

/** `POST /v1/siwx/nonce`: single use, bound to the project, until `expiresAt` (ISO). */
export const SiwxNonceResponse = z.object({ nonce: z.string(), expiresAt: z.string() })
export type SiwxNonceResponse = z.infer<typeof SiwxNonceResponse>

/** `POST /v1/siwx/sessions`: the message and the wallet's signature of it (eip155: 0x hex; solana: base58). */
export const SiwxSessionRequest = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(SIWX_MESSAGE_MAX_CHARS)),
  signature: z.string().check(z.minLength(1), z.maxLength(16_386)),
})
export type SiwxSessionRequest = z.infer<typeof SiwxSessionRequest>

/** A sign-in session as SPEC section 3 has it (`data`, `message`, `signature`), with its id and end. */
export const SiwxSession = z.object({
  id: z.string(),
  data: SiwxMessageData,
  message: z.string(),
  signature: z.string(),
  /** When the session ends (ISO): the message's expiration time, or the API's longest session. */
  expiresAt: z.string(),
})
export type SiwxSession = z.infer<typeof SiwxSession>

/** The created session and the token a dapp's backend checks (EdDSA JWT, keys at `/.well-known/jwks.json`). */
export const SiwxSessionResponse = z.object({ ...SiwxSession.shape, token: z.string() })
export type SiwxSessionResponse = z.infer<typeof SiwxSessionResponse>

/** `POST /v1/siwx/sessions/revoke`: the session has ended. */
export const SiwxRevokeResponse = z.object({ revoked: z.literal(true) })
export type SiwxRevokeResponse = z.infer<typeof SiwxRevokeResponse>

/** `POST /v1/siwx/verify`, `/v1/siwx/sessions/revoke` and `/v1/siwx/sessions/list`: the session's token. */
export const SiwxTokenRequest = z.object({ token: z.string().check(z.minLength(1), z.maxLength(4096)) })
export type SiwxTokenRequest = z.infer<typeof SiwxTokenRequest>

/** `POST /v1/siwx/verify`: the session a live token stands for. */
export const SiwxVerifyResponse = z.object({ valid: z.literal(true), session: SiwxSession })
export type SiwxVerifyResponse = z.infer<typeof SiwxVerifyResponse>

/** `POST /v1/siwx/sessions/list` `{ token }`: the project's live sessions of the token's account (no tokens). */
export const SiwxSessionList = z.object({ sessions: z.array(SiwxSession) })
export type SiwxSessionList = z.infer<typeof SiwxSessionList>

/** The claims of a session token (besides iss, aud = the project id, iat, exp). */
export const SiwxTokenClaims = z.object({
  /** The CAIP-10 account, e.g. `eip155:1:0xAbC…`. */
  sub: z.string(),
  /** The session id. */
  sid: z.string(),
  /** The site the user signed in to (the message's domain). */
  domain: z.string(),
})
export type SiwxTokenClaims = z.infer<typeof SiwxTokenClaims>

/**
 * The session a dapp holds (`getSession()`, the public state's `session`): SPEC section 3's, with
 * the `token` its backend checks. As the host SDK receives it, `data` is checked as a record only
 * (the SDK's budget has no room for the message rules): the widget built it from the message the
 * API parsed with SiwxMessageData, and the API checks the token, not the SDK.
 */
export const SiwxDappSessionState = z.object({
  id: z.string().check(z.maxLength(100)),
  data: z.record(z.string(), z.unknown()),
  message: z.string().check(z.maxLength(SIWX_MESSAGE_MAX_CHARS)),
  signature: z.string().check(z.maxLength(16_386)),
  expiresAt: z.string().check(z.maxLength(30)),
  token: z.string().check(z.maxLength(4096)),
})
/** What a dapp reads: the session with its message data typed. */
export type SiwxDappSession = Omit<z.infer<typeof SiwxDappSessionState>, 'data'> & { data: SiwxMessageData }
