import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Hex } from 'viem'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import type { ApiDeps } from '../deps'
import { apiError, invalidInput } from '../../platform/http/errors'
import { parseAccountId, type AccountId } from '../../chains/eip155/address'
import { BODY_NOT_JSON, BODY_NOT_JSON_MARKER, jsonBodyLimit, readJson } from '../../platform/http/json-body'
import {
  ChainUnavailableError,
  claimSignedMessage,
  isSignedMessageUsed,
  SIGNATURE_PATTERN,
  verifySignedMessage,
} from '../../chains/eip155/signatures'
import { parseSessionGrant, revokeMessage, SESSION_MESSAGE_MAX_CHARS, SessionReason } from './rules'
import { parseExecutionGrant } from './execution'
import { disabledOnChain } from './onChain'
import { getSession, insertSession, listSessions, revokeSession, type StoredSession } from './store'

const SIGNED_PURPOSE = 'session-create'
export const SESSIONS_MAX_BODY_BYTES = 64 * 1024

export const SessionParams = z.object({ address: z.string().min(1).max(200) })
export const CreateSessionBody = z.object({
  message: z.string().min(1).max(SESSION_MESSAGE_MAX_CHARS),
  signature: z.string().regex(SIGNATURE_PATTERN, 'must be 0x-prefixed hex'),
})
/** An ERC-7715 grant as the wallet answered it (execution.ts checks it with the protocol's schema). */
export const RecordGrantBody = z.object({ permission: z.record(z.string(), z.unknown()) })
/** A pci: the API's UUID for a signed-JSON grant, the delegation's hash for an ERC-7715 one. */
const Pci = z.union([z.uuid(), z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a UUID or a 32-byte hash')])
export const RevokeSessionBody = z.object({
  pci: Pci,
  signature: z.string().regex(SIGNATURE_PATTERN, 'must be 0x-prefixed hex'),
})

const TypedDataSchema = z.object({ type: z.string(), data: z.unknown() })
/** AppKit's `SmartSession`: expiry and createdAt in unix seconds. */
export const SmartSessionSchema = z.object({
  project: z.object({ id: z.string(), name: z.string(), url: z.string().optional() }),
  pci: z.string(),
  expiry: z.number(),
  createdAt: z.number(),
  permissions: z.array(TypedDataSchema),
  policies: z.array(TypedDataSchema),
  context: z.string().nullable(),
  /** The session account: for an ERC-7715 grant, its `to`. */
  signer: TypedDataSchema.nullable().optional(),
  /** An ERC-7715 grant's DelegationManager (null for a signed-JSON grant). */
  delegationManager: z.string().nullable().optional(),
})
export const SessionListResponse = z.object({ pcis: z.array(SmartSessionSchema) })
export type SmartSession = z.infer<typeof SmartSessionSchema>

type C = Context<{ Variables: ApiVariables }>
const refuse = (c: C, status: ContentfulStatusCode, description: string, field?: string) =>
  apiError(c, status, description, [{ description, ...(field ? { field } : {}) }])

/**
 * The smart-session permissions store (SPEC section 7 `/v1/sessions/*`), paths relative to /v1:
 * - `GET /sessions/:address` `{ pcis: SmartSession[] }`, revoked ones left out; a CAIP-10 account
 *   lists that chain, a plain address every chain;
 * - `POST /sessions/:caip10` `{ message, signature }` creates one (see rules.ts), 201 with the session;
 * - `POST /sessions/:address/revoke` `{ pci, signature }` revokes one, `{ success: true }`.
 */
export function sessionsRoutes(deps: ApiDeps): Hono<{ Variables: ApiVariables }> {
  const route = new Hono<{ Variables: ApiVariables }>()
  const limit = jsonBodyLimit(SESSIONS_MAX_BODY_BYTES)

  route.get('/sessions/:address', async (c) => {
    const account = parseAccountId(c.req.param('address'))
    if (!account) return refuse(c, 400, SessionReason.address, 'address')
    const sessions = await listSessions(deps.db, account.address, account.caipNetworkId)
    return c.json({ pcis: await present(await live(sessions)) })
  })

  route.post('/sessions/:address', limit, async (c) => {
    const account = parseAccountId(c.req.param('address'))
    if (!account) return refuse(c, 400, SessionReason.address, 'address')
    if (account.chainId === undefined || account.caipNetworkId === undefined) return refuse(c, 400, SessionReason.caip10Required, 'address')
    // A body naming `permission` is an ERC-7715 grant; anything else is read as a signed-JSON grant (and its problems named so).
    const body = await parseBody(c, (json) =>
      typeof json === 'object' && json !== null && 'permission' in json ? RecordGrantBody : CreateSessionBody,
    )
    if (body instanceof Response) return body
    if ('permission' in body) {
      const recorded = await parseExecutionGrant(body.permission, account.address, account.chainId, deps.now())
      if (!recorded.ok) return refuse(c, 400, recorded.reason, 'permission')
      const { pci, delegationManager, ...grant } = recorded.value
      const session = { pci, caipNetworkId: account.caipNetworkId, address: account.address, projectId: c.get('project').id, ...grant }
      const stored = { ...session, createdAt: new Date(deps.now()), delegationManager }
      if (!(await insertSession(deps.db, stored))) return refuse(c, 409, SessionReason.recorded, 'permission')
      const [presented] = await present([{ ...stored, revokedAt: null }])
      return c.json(presented, 201)
    }
    const grant = parseSessionGrant(body.message, account.chainId, deps.now())
    if (!grant.ok) return refuse(c, 400, grant.reason, 'message')

    if (await isSignedMessageUsed(deps.db, SIGNED_PURPOSE, account.address, body.message)) {
      return refuse(c, 409, SessionReason.signatureUsed, 'signature')
    }
    const verdict = await verify(c, account, body.message, body.signature as Hex, account.caipNetworkId)
    if (verdict) return verdict

    const session: Omit<StoredSession, 'revokedAt'> = {
      pci: randomUUID(),
      caipNetworkId: account.caipNetworkId,
      address: account.address,
      projectId: c.get('project').id,
      expiry: grant.value.expiry,
      signer: grant.value.signer ?? null,
      permissions: grant.value.permissions,
      policies: grant.value.policies,
      context: grant.value.context ?? null,
      createdAt: new Date(deps.now()),
      delegationManager: null,
    }
    const created = await deps.db.transaction(async (tx) => {
      if (!(await claimSignedMessage(tx, SIGNED_PURPOSE, account.address, body.message, session.createdAt))) return false
      await insertSession(tx, session)
      return true
    })
    if (!created) return refuse(c, 409, SessionReason.signatureUsed, 'signature')
    const [presented] = await present([{ ...session, revokedAt: null }])
    return c.json(presented, 201)
  })

  route.post('/sessions/:address/revoke', limit, async (c) => {
    const account = parseAccountId(c.req.param('address'))
    if (!account) return refuse(c, 400, SessionReason.address, 'address')
    const body = await parseBody(c, RevokeSessionBody)
    if (body instanceof Response) return body

    const session = await getSession(deps.db, body.pci.toLowerCase())
    const belongs =
      session &&
      session.address.toLowerCase() === account.address.toLowerCase() &&
      (account.caipNetworkId === undefined || account.caipNetworkId === session.caipNetworkId)
    if (!session || !belongs) return refuse(c, 404, SessionReason.notFound, 'pci')
    if (session.revokedAt) return refuse(c, 409, SessionReason.revoked, 'pci')
    // The chain enforces an ERC-7715 grant: calling it revoked while its delegation still works would mislead.
    if (session.delegationManager && (await disabledOnChain(deps.chains, session)) !== true)
      return refuse(c, 409, SessionReason.enabledOnChain, 'pci')

    const verdict = await verify(c, { address: session.address }, revokeMessage(session.pci), body.signature as Hex, session.caipNetworkId)
    if (verdict) return verdict
    if (!(await revokeSession(deps.db, session.pci, new Date(deps.now())))) return refuse(c, 409, SessionReason.revoked, 'pci')
    return c.json({ success: true })
  })

  async function parseBody<T extends z.ZodType>(c: C, schema: T | ((json: unknown) => T)): Promise<z.infer<T> | Response> {
    const json = await readJson(c)
    if (json === BODY_NOT_JSON_MARKER) return refuse(c, 400, BODY_NOT_JSON)
    const parsed = (typeof schema === 'function' ? schema(json) : schema).safeParse(json)
    return parsed.success ? parsed.data : invalidInput(c, parsed.error)
  }

  /** Undefined when `account` signed `message`, else the refusal. */
  async function verify(c: C, account: Pick<AccountId, 'address'>, message: string, signature: Hex, caipNetworkId: string) {
    try {
      if (await verifySignedMessage(deps.chains, { address: account.address, message, signature, caipNetworkId })) return undefined
      return refuse(c, 401, SessionReason.signatureInvalid, 'signature')
    } catch (error) {
      if (error instanceof ChainUnavailableError) return refuse(c, 503, error.message, 'address')
      throw error
    }
  }

  /** Leaves out (and records as revoked) the grants whose delegation the chain has disabled. */
  async function live(sessions: StoredSession[]): Promise<StoredSession[]> {
    const disabled = await Promise.all(sessions.map((session) => disabledOnChain(deps.chains, session)))
    const kept: StoredSession[] = []
    for (const [index, session] of sessions.entries()) {
      if (disabled[index] === true) await revokeSession(deps.db, session.pci, new Date(deps.now()))
      else kept.push(session)
    }
    return kept
  }

  async function present(sessions: StoredSession[]): Promise<SmartSession[]> {
    const projects = new Map<string, SmartSession['project']>()
    for (const id of new Set(sessions.map((session) => session.projectId))) {
      const project = await deps.projects.getProject(id)
      const url = project?.allowedOrigins[0]
      projects.set(id, { id, name: project?.name ?? id, ...(url ? { url } : {}) })
    }
    return sessions.map((session) => ({
      project: projects.get(session.projectId)!,
      pci: session.pci,
      expiry: session.expiry,
      createdAt: Math.floor(session.createdAt.getTime() / 1000),
      permissions: session.permissions,
      policies: session.policies,
      context: session.context,
      signer: session.signer,
      delegationManager: session.delegationManager,
    }))
  }

  return route
}
