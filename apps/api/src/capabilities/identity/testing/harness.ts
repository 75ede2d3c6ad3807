import { Hono } from 'hono'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { ApiVariables } from '../../../platform/projects/request'
import { createChainRegistry } from '../../../chains/registry'
import type { Database } from '../../../platform/db/database'
import { openDatabase } from '../../../platform/db/open'
import type { ApiDeps } from '../../deps'
import { registrationBody } from '../../names/testing'
import type { Project } from '../../../platform/projects/project'
import { createMemoryProjectRegistry } from '../../../platform/projects/registry'

/** Test wiring for the names, identity, sessions and analytics routes: real PGlite, a settable clock. */

export const DEMO_PROJECT: Project = {
  id: 'demo',
  name: 'Demo',
  allowedOrigins: ['http://dapp.localhost:4400'],
  features: { analytics: true },
}
export const QUIET_PROJECT: Project = { id: 'quiet', name: 'Quiet', allowedOrigins: [], features: { analytics: false } }

/** 2026-01-01T00:00:00Z */
export const T0 = Date.UTC(2026, 0, 1)

export interface TestContext {
  deps: ApiDeps
  db: Database
  clock: { now: number }
  /** The routes mounted under `prefix` behind a stand-in for the project guard (sets `project` and `sdk`). */
  mount(routes: Hono<{ Variables: ApiVariables }>, prefix?: string): Hono<{ Variables: ApiVariables }>
  close(): Promise<void>
}

export async function createTestContext(
  options: { upstreams?: Record<string, string>; db?: Database; projects?: Project[] } = {},
): Promise<TestContext> {
  const db = options.db ?? (await openDatabase())
  const clock = { now: T0 }
  const projects = createMemoryProjectRegistry(options.projects ?? [DEMO_PROJECT, QUIET_PROJECT])
  const deps: ApiDeps = {
    db,
    chains: createChainRegistry(options.upstreams ?? {}, { timeoutMs: 2000 }),
    projects,
    apiOrigin: 'http://api.localhost:4403',
    now: () => clock.now,
  }
  return {
    deps,
    db,
    clock,
    mount(routes, prefix = '/v1') {
      const app = new Hono<{ Variables: ApiVariables }>()
      app.use('*', async (c, next) => {
        const project = await projects.getProject(c.req.query('projectId') ?? '')
        if (!project) return c.json({ error: 'Invalid Project ID' }, 401)
        c.set('project', project)
        c.set('sdk', { type: c.req.query('st'), version: c.req.query('sv') })
        await next()
      })
      app.route(prefix, routes)
      app.onError((error, c) => {
        console.error(error)
        return c.json({ error: 'Internal Server Error' }, 500)
      })
      return app
    },
    close: () => (options.db ? Promise.resolve() : db.close()),
  }
}

export interface Reply<T = unknown> {
  status: number
  body: T
  headers: Headers
}

/** A request with the standard query (`projectId`, `st`, `sv`) added. */
export async function send<T = Record<string, unknown>>(
  app: Hono<{ Variables: ApiVariables }>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: { projectId?: string; rawBody?: string; contentType?: string } = {},
): Promise<Reply<T>> {
  const url = new URL(path, 'http://api.test')
  url.searchParams.set('projectId', options.projectId ?? DEMO_PROJECT.id)
  url.searchParams.set('st', 'appkit')
  url.searchParams.set('sv', 'html-test-1.0.0')
  const payload = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body))
  const res = await app.request(url.pathname + url.search, {
    method,
    ...(payload === undefined ? {} : { body: payload, headers: { 'content-type': options.contentType ?? 'application/json' } }),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers }
}

/** The error shape's first reason. */
export const reason = (reply: Reply) => (reply.body as { reasons?: { description: string }[] }).reasons?.[0]?.description

/** POST /v1/profile/account, signed: `account` registers `name` now, on the devnet chain 31337. */
export async function registerName(
  ctx: TestContext,
  app: Hono<{ Variables: ApiVariables }>,
  account: PrivateKeyAccount,
  name: string,
  attributes: Record<string, string> = {},
): Promise<Reply> {
  return send(app, 'POST', '/v1/profile/account', await registrationBody(ctx, account, name, attributes))
}
