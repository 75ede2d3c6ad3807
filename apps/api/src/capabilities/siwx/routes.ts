import { randomBytes, randomUUID } from 'node:crypto'
import {
  parseSiwxMessage,
  SiwxSessionRequest,
  SiwxTokenRequest,
  type SiwxSession,
  type SiwxRevokeResponse,
  type SiwxSessionList,
  type SiwxSessionResponse,
  type SiwxVerifyResponse,
} from '@airlock/protocol'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import type { ApiDeps } from '../deps'
import { apiError, invalidInput } from '../../platform/http/errors'
import { BODY_NOT_JSON, BODY_NOT_JSON_MARKER, jsonBodyLimit, readJson } from '../../platform/http/json-body'
import { ChainUnavailableError } from '../../chains/eip155/signatures'
import { SIWX_FAMILIES } from './families'
import type { Namespace } from '../../chains/families'
import { SiwxReason } from './reasons'
import { checkSiwxMessage, sessionEnd, SIWX_NONCE_TTL_MS } from './rules'
import {
  claimNonce,
  getSiwxSession,
  insertNonce,
  insertSiwxSession,
  listSiwxSessions,
  nonceState,
  revokeSiwxSession,
  type NonceState,
} from './store'
import { readSiwxToken, signSiwxToken, type SiwxSigner } from './tokens'

const SIWX_TEMPLATES = Object.values(SIWX_FAMILIES).map((family) => family.template)

export const SIWX_MAX_BODY_BYTES = 32 * 1024
type C = Context<{ Variables: ApiVariables }>
const refuse = (c: C, status: ContentfulStatusCode, description: string, field?: string) =>
  apiError(c, status, description, [{ description, ...(field ? { field } : {}) }])

const NONCE_REFUSALS: Record<Exclude<NonceState, 'claimed'>, [ContentfulStatusCode, string]> = {
  unknown: [400, SiwxReason.nonceUnknown],
  expired: [400, SiwxReason.nonceExpired],
  used: [409, SiwxReason.nonceUsed],
}
const MESSAGE_REFUSALS = { malformed: SiwxReason.malformed, 'not-canonical': SiwxReason.notCanonical } as const

const present = ({ id, data, message, signature, expiresAt }: SiwxSession): SiwxSession => ({ id, data, message, signature, expiresAt })

/**
 * Sign in with X (issue 24), paths relative to /v1, behind the project guard:
 * - `POST /siwx/nonce` → 201 `{ nonce, expiresAt }`: single use, this project's, 10 minutes;
 * - `POST /siwx/sessions` `{ message, signature }` → 201 the session and its `token`;
 * - `POST /siwx/sessions/list` `{ token }` → `{ sessions }`: the live sessions in this project of the
 *   token's account, on every network (no tokens). It takes a live token, not an address: who signed
 *   in to a dapp, and when, is not for anyone who knows an address to read;
 * - `POST /siwx/verify` `{ token }` → `{ valid: true, session }`, for a backend that prefers a call;
 * - `POST /siwx/sessions/revoke` `{ token }` → `{ revoked: true }`: the holder of a token ends its session.
 */
export function siwxRoutes(deps: ApiDeps, signer: SiwxSigner): Hono<{ Variables: ApiVariables }> {
  const route = new Hono<{ Variables: ApiVariables }>()
  const limit = jsonBodyLimit(SIWX_MAX_BODY_BYTES)

  route.post('/siwx/nonce', async (c) => {
    const now = new Date(deps.now())
    // EIP-4361 nonces are alphanumeric: 128 bits in hex.
    const nonce = randomBytes(16).toString('hex')
    const expiresAt = new Date(now.getTime() + SIWX_NONCE_TTL_MS)
    await insertNonce(deps.db, nonce, c.get('project').id, expiresAt, now)
    return c.json({ nonce, expiresAt: expiresAt.toISOString() }, 201)
  })

  route.post('/siwx/sessions', limit, async (c) => {
    const body = await parseBody(c, SiwxSessionRequest)
    if (body instanceof Response) return body
    const project = c.get('project')
    const parsed = parseSiwxMessage(SIWX_TEMPLATES, body.message)
    if (!parsed.ok) return refuse(c, 400, MESSAGE_REFUSALS[parsed.error], 'message')
    const { data, namespace } = parsed
    // Parsed with the families' own templates: the namespace is one of theirs.
    const family = SIWX_FAMILIES[namespace as Namespace]
    const nowMs = deps.now()
    const problem = checkSiwxMessage(data, { project, family, chains: deps.chains, nowMs })
    if (problem) return refuse(c, 400, problem, 'message')
    // Read first, so that a stale or replayed message costs no signature check; the claim below decides.
    const state = await nonceState(deps.db, data.nonce, project.id, new Date(nowMs))
    if (state !== 'fresh') return refuse(c, ...NONCE_REFUSALS[state], 'message')

    if (!family.isSignature(body.signature)) return refuse(c, 400, SiwxReason.signatureFormat, 'signature')
    try {
      const signed = { address: data.accountAddress, message: body.message, signature: body.signature, caipNetworkId: data.chainId }
      if (!(await family.verify(deps.chains, signed))) return refuse(c, 401, SiwxReason.signatureInvalid, 'signature')
    } catch (error) {
      if (error instanceof ChainUnavailableError) return refuse(c, 503, error.message, 'signature')
      throw error
    }

    const session = {
      id: randomUUID(),
      projectId: project.id,
      namespace,
      data,
      message: body.message,
      signature: body.signature,
      expiresAt: new Date(sessionEnd(data, nowMs)).toISOString(),
    }
    const claimed = await deps.db.transaction(async (tx) => {
      const claim = await claimNonce(tx, data.nonce, project.id, new Date(nowMs))
      if (claim === 'claimed') await insertSiwxSession(tx, session, new Date(nowMs))
      return claim
    })
    if (claimed !== 'claimed') return refuse(c, ...NONCE_REFUSALS[claimed], 'message')
    const token = await signSiwxToken(signer, {
      issuer: deps.apiOrigin,
      projectId: project.id,
      account: `${data.chainId}:${data.accountAddress}`,
      sessionId: session.id,
      domain: data.domain,
      issuedAtMs: nowMs,
      expiresAtMs: Date.parse(session.expiresAt),
    })
    const answer: SiwxSessionResponse = { ...present(session), token }
    return c.json(answer, 201)
  })

  route.post('/siwx/sessions/list', limit, async (c) => {
    const session = await sessionOfToken(c)
    if (session instanceof Response) return session
    const sessions = await listSiwxSessions(deps.db, {
      projectId: c.get('project').id,
      address: session.data.accountAddress,
      namespace: session.namespace,
      now: new Date(deps.now()),
    })
    const answer: SiwxSessionList = { sessions: sessions.map(present) }
    return c.json(answer)
  })

  route.post('/siwx/verify', limit, async (c) => {
    const session = await sessionOfToken(c)
    if (session instanceof Response) return session
    const answer: SiwxVerifyResponse = { valid: true, session: present(session) }
    return c.json(answer)
  })

  route.post('/siwx/sessions/revoke', limit, async (c) => {
    const session = await sessionOfToken(c)
    if (session instanceof Response) return session
    if (!(await revokeSiwxSession(deps.db, session.id, new Date(deps.now())))) return refuse(c, 401, SiwxReason.revoked, 'token')
    const answer: SiwxRevokeResponse = { revoked: true }
    return c.json(answer)
  })

  /** The live session of the body's token, or the refusal: forged, another project's, expired or revoked. */
  async function sessionOfToken(c: C) {
    const body = await parseBody(c, SiwxTokenRequest)
    if (body instanceof Response) return body
    const nowMs = deps.now()
    const read = await readSiwxToken(signer, body.token, { issuer: deps.apiOrigin, projectId: c.get('project').id, nowMs })
    if ('refusal' in read) return refuse(c, 401, read.refusal, 'token')
    const session = await getSiwxSession(deps.db, read.sessionId)
    if (!session) return refuse(c, 401, SiwxReason.tokenInvalid, 'token')
    if (session.revokedAt !== null) return refuse(c, 401, SiwxReason.revoked, 'token')
    return session
  }

  async function parseBody<S extends z.core.$ZodType>(c: C, schema: S): Promise<z.output<S> | Response> {
    const json = await readJson(c)
    if (json === BODY_NOT_JSON_MARKER) return refuse(c, 400, BODY_NOT_JSON)
    const parsed = z.safeParse(schema, json)
    return parsed.success ? parsed.data : invalidInput(c, parsed.error)
  }

  return route
}

/** `GET /.well-known/jwks.json` on the API's origin: the keys a dapp's backend checks session tokens with (public, cacheable). */
export function siwxJwksRoute(signer: SiwxSigner): Hono {
  const route = new Hono()
  route.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    c.header('Access-Control-Allow-Origin', '*')
    return c.json(signer.jwks)
  })
  return route
}
