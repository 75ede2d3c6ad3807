import { randomBytes } from 'node:crypto'
import { createSiwxMessage, type SiwxMessageData } from '@airlock/protocol'
import { createApiApp, type ApiApp } from '../app'
import { createChainRegistry } from '../../../chains/registry'
import type { Database } from '../../../platform/db/database'
import type { ApiDeps } from '../../../capabilities/deps'
import { createMemoryProjectRegistry } from '../../../platform/projects/registry'
import { siwxSigner, type SiwxSigner } from '../../../capabilities/siwx/tokens'

/** Test wiring of the sign-in routes: the whole API app (its project guard included) over a given database; it stands in api/ because it builds the app. */

export const DAPP_ORIGIN = 'http://dapp.localhost:4400'
export const PROJECTS = [
  { id: 'demo', name: 'Demo', allowedOrigins: [DAPP_ORIGIN], features: { analytics: false } },
  { id: 'other', name: 'Other', allowedOrigins: ['http://other.localhost:4400'], features: { analytics: false } },
]

export interface SiwxTestApi {
  app: ApiApp
  deps: ApiDeps
  signer: SiwxSigner
  clock: { now: number }
}

export function siwxTestApi(options: {
  db: Database
  upstreams: Record<string, string>
  /** Several instances share one: one API's key. */
  signer?: SiwxSigner
  apiOrigin?: string
  clock?: { now: number }
}): SiwxTestApi {
  const clock = options.clock ?? { now: Date.now() }
  const signer = options.signer ?? siwxSigner(randomBytes(32))
  const projects = createMemoryProjectRegistry(PROJECTS)
  const apiOrigin = options.apiOrigin ?? 'http://api.localhost:4403'
  const deps: ApiDeps = {
    db: options.db,
    chains: createChainRegistry(options.upstreams, { timeoutMs: 2000 }),
    projects,
    apiOrigin,
    now: () => clock.now,
  }
  const app = createApiApp({
    origins: { widget: 'http://widget.localhost:4401', api: apiOrigin },
    projects,
    rpcUpstreams: {},
    data: deps,
    siwx: signer,
  })
  return { app, deps, signer, clock }
}

export interface Reply {
  status: number
  body: Record<string, unknown>
}

/** A call as the dapp's page makes it (its Origin, the project id). */
export async function call(
  app: ApiApp,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: { projectId?: string; origin?: string } = {},
): Promise<Reply> {
  const url = new URL(path, 'http://api.test')
  url.searchParams.set('projectId', options.projectId ?? 'demo')
  const res = await app.request(url.pathname + url.search, {
    method,
    headers: { origin: options.origin ?? DAPP_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** The first reason of an error answer. */
export const reasonOf = (reply: Reply) => (reply.body.reasons as { description: string }[] | undefined)?.[0]?.description

export async function askNonce(app: ApiApp, projectId = 'demo'): Promise<string> {
  const reply = await call(app, 'POST', '/v1/siwx/nonce', undefined, {
    projectId,
    origin: projectId === 'demo' ? DAPP_ORIGIN : PROJECTS[1]!.allowedOrigins[0]!,
  })
  if (reply.status !== 201) throw new Error(`nonce: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.nonce as string
}

/** The message data the widget would write for the dapp now; `overrides` change any field. */
export function dappMessage(
  nowMs: number,
  fields: Pick<SiwxMessageData, 'accountAddress' | 'chainId' | 'nonce'> & Partial<SiwxMessageData>,
): SiwxMessageData {
  return {
    domain: 'dapp.localhost:4400',
    uri: `${DAPP_ORIGIN}/`,
    version: '1',
    statement: 'Sign in to Demo',
    issuedAt: new Date(nowMs).toISOString(),
    expirationTime: new Date(nowMs + 3600_000).toISOString(),
    ...fields,
  }
}

/** POST /v1/siwx/sessions of `data` as its template writes it, signed by `sign`; `edit` changes the text after signing. */
export async function signIn(
  api: SiwxTestApi,
  data: SiwxMessageData,
  sign: (message: string) => Promise<string>,
  edit: (message: string) => string = (message) => message,
): Promise<Reply> {
  const message = createSiwxMessage(data)
  const signature = await sign(message)
  return call(api.app, 'POST', '/v1/siwx/sessions', { message: edit(message), signature })
}
