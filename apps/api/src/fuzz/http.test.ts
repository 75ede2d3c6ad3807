import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import { createRng, fuzzSeed } from '@airlock/protocol/fuzz'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiApp } from '../origins/api/app'
import { startApiServer } from '../origins/api/server'
import { createChainRegistry } from '../chains/registry'
import type { Database } from '../platform/db/database'
import { openDatabase } from '../platform/db/open'
import { secureFrameCsp } from '../platform/http/csp'
import type { RunningServer } from '../platform/http/server'
import { smtpMailer } from '../platform/mail/mailer'
import { API_ENDPOINTS } from '../origins/api/openapi/endpoints'
import { siwxSigner } from '../capabilities/siwx'
import { createMemoryProjectRegistry } from '../platform/projects/registry'
import { serverKeys } from '../origins/secure/secrets'
import { startSecureOrigin } from '../origins/secure/server'
import { deadPort } from '../testing/ports'
import { tempTree } from '../testing/http'
import { sendRaw, type RawHttpOutcome, type RawHttpRequest } from './raw-http'
import { leaks, malformedRequest, type FuzzRoute, type FuzzTarget } from './requests'

const seed = fuzzSeed(process.env)
console.info(`[fuzz] HTTP: seed ${seed} (replay with AIRLOCK_FUZZ_SEED=${seed})`)

const REQUESTS = 520
const PARALLEL = 8
/** Longer than any answer takes here; a request still open after it is a hang. */
const ANSWER_TIMEOUT_MS = 5000

const DAPP = 'http://dapp.localhost:4400'
const WIDGET = 'http://widget.localhost:4401'
const KEYS = 'http://keys.localhost:4410'

let db: Database
let sink: MailSink
let mailer: ReturnType<typeof smtpMailer>
const servers: RunningServer[] = []
let cleanupTree: () => Promise<void> = async () => {}

beforeAll(async () => {
  ;[db, sink] = await Promise.all([openDatabase(), startMailSink({ smtpPort: 0, httpPort: 0 })])
  mailer = smtpMailer(sink.smtpUrl)
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  mailer?.close()
  await Promise.all([db?.close(), sink?.stop(), cleanupTree()])
})

interface Finding {
  request: string
  outcome: RawHttpOutcome
  problem: string
}

/** Sends `count` generated requests, `PARALLEL` at a time, and lists every answer that breaks a rule. */
async function fuzz(
  port: number,
  target: FuzzTarget,
  label: string,
): Promise<{ findings: Finding[]; statuses: Map<number, number>; slowest: number; errorsLogged: string[] }> {
  const rng = createRng(seed).fork(label)
  // The servers log what ends in their error handler (a 500): even one the client never read counts.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const requests: RawHttpRequest[] = Array.from({ length: REQUESTS }, () => malformedRequest(target, rng))
  const findings: Finding[] = []
  const statuses = new Map<number, number>()
  let slowest = 0
  let next = 0
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!
      const outcome = await sendRaw(port, request, ANSWER_TIMEOUT_MS)
      slowest = Math.max(slowest, outcome.ms)
      const describe = `${request.method} ${request.target.slice(0, 160)} ${JSON.stringify(request.headers).slice(0, 200)} body ${request.body.length} B${request.truncateAt !== undefined ? ` cut at ${request.truncateAt}` : ''}: ${request.body.subarray(0, 80).toString('utf8')}`
      const problem =
        outcome.kind === 'timeout'
          ? 'no answer in time'
          : outcome.kind === 'closed'
            ? request.halfClose
              ? undefined
              : 'closed without an answer'
            : outcome.status >= 500
              ? `status ${outcome.status}`
              : leaks(outcome.body)
                ? `body leaks ${leaks(outcome.body)}: ${outcome.body.slice(0, 300)}`
                : undefined
      if (outcome.kind === 'answered') statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1)
      if (problem) findings.push({ request: describe, outcome, problem })
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  const errorsLogged = logged.mock.calls.map((args) => args.map(String).join(' ').slice(0, 200))
  logged.mockRestore()
  return { findings, statuses, slowest, errorsLogged }
}

function report(label: string, result: Awaited<ReturnType<typeof fuzz>>) {
  const statuses = [...result.statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`)
  console.info(`[fuzz] ${label}: ${REQUESTS} requests, statuses ${statuses.join(' ')}, slowest ${Math.round(result.slowest)} ms`)
  expect(result.findings.map((f) => `${f.problem} <- ${f.request}`)).toEqual([])
  expect(result.errorsLogged).toEqual([])
  // The generator must reach the routes' own validation, not stop at 404s and 403s.
  expect(result.statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 10)
}

describe('HTTP fuzz: the data API', () => {
  it(`${REQUESTS} malformed requests: none answered >= 500, none left hanging, no stack or path in any body`, async () => {
    const projects = createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [DAPP], features: { analytics: true } }])
    // No chain upstreams: no request can reach one, so a 5xx could only come from the input handling.
    const app = createApiApp({
      origins: { widget: WIDGET },
      projects,
      rpcUpstreams: {},
      data: { db, chains: createChainRegistry({}), projects, apiOrigin: 'http://api.localhost:4403', now: Date.now },
      siwx: siwxSigner(randomBytes(32)),
      rateLimit: false,
    })
    const port = await deadPort()
    servers.push(await startApiServer(app, '127.0.0.1', port))
    const routes: FuzzRoute[] = API_ENDPOINTS.map((endpoint) => ({
      method: endpoint.method.toUpperCase(),
      path: endpoint.path,
      query: Object.keys(endpoint.query?.shape ?? {}),
      ...(endpoint.body || endpoint.form
        ? { body: Object.keys((endpoint.body as { shape?: object } | undefined)?.shape ?? endpoint.form?.shape ?? {}) }
        : {}),
    }))
    const target: FuzzTarget = {
      routes,
      baseQuery: [
        ['projectId', 'demo'],
        ['st', 'appkit'],
        ['sv', 'airlock-0.1.0'],
      ],
      origin: DAPP,
      forgedOrigins: ['null', `${DAPP}.evil.example`, `${DAPP}/`, 'https://evil.example', WIDGET.toUpperCase(), '*'],
    }
    report('data API', await fuzz(port, target, 'data API'))
  }, 60_000)
})

describe('HTTP fuzz: the secure origin', () => {
  it(`${REQUESTS} malformed requests: none answered >= 500, none left hanging, no stack or path in any body`, async () => {
    const tree = await tempTree('fuzz-secure', { 'dist/index.html': '<!doctype html><title>frame</title>', 'dist/assets/a.js': '1' })
    cleanupTree = tree.cleanup
    const port = await deadPort()
    const origin = `http://secure.localhost:${port}`
    servers.push(
      await startSecureOrigin({
        name: 'secure frame',
        distDir: join(tree.dir, 'dist'),
        csp: secureFrameCsp({ secure: origin, widget: WIDGET, keyService: KEYS, api: 'http://api.localhost:4403' }),
        referrerPolicy: 'no-referrer',
        host: '127.0.0.1',
        port,
        api: {
          origin,
          widgetOrigin: WIDGET,
          keyServiceOrigin: KEYS,
          apiOrigin: 'http://api.localhost:4403',
          db,
          keys: serverKeys(randomBytes(32)),
          mailer,
          rateLimit: false,
          mailRateLimit: false,
        },
      }),
    )
    // The secure origin's routes (apps/api README "Secure origin"), with the JSON fields they read.
    const routes: FuzzRoute[] = [
      { method: 'GET', path: '/', query: [] },
      { method: 'GET', path: '/assets/{file}', query: [] },
      { method: 'GET', path: '/api/frame-config', query: [] },
      { method: 'GET', path: '/api/session', query: [] },
      { method: 'POST', path: '/api/session/sign-out', query: [], body: [] },
      { method: 'POST', path: '/api/email/start', query: [], body: ['email'] },
      { method: 'POST', path: '/api/email/verify', query: [], body: ['email', 'otp'] },
      { method: 'POST', path: '/api/email/update', query: [], body: ['newEmail'] },
      { method: 'POST', path: '/api/email/update/primary', query: [], body: ['otp'] },
      { method: 'POST', path: '/api/email/update/secondary', query: [], body: ['otp'] },
      { method: 'PUT', path: '/api/shares', query: [], body: ['authShare', 'sealedRecoveryShare'] },
      { method: 'GET', path: '/api/shares/auth', query: [] },
      { method: 'GET', path: '/api/shares/recovery', query: [] },
      { method: 'GET', path: '/api/passkeys', query: [] },
      { method: 'PUT', path: '/api/passkeys', query: [], body: ['credentialId', 'prfSalt', 'sealedShare'] },
      { method: 'POST', path: '/api/key-service/assertion', query: [], body: ['purpose'] },
      { method: 'POST', path: '/api/social/{provider}/start', query: [], body: [] },
      { method: 'POST', path: '/api/social/claim', query: [], body: ['state', 'proof'] },
      { method: 'POST', path: '/api/farcaster/start', query: [], body: [] },
      { method: 'POST', path: '/api/farcaster/claim', query: [], body: ['channelToken'] },
      { method: 'GET', path: '/oauth/{provider}/start', query: ['flow'] },
      { method: 'GET', path: '/oauth/{provider}/callback', query: ['code', 'state', 'error'] },
      { method: 'GET', path: '/oauth/loading', query: [] },
    ]
    const target: FuzzTarget = {
      routes,
      baseQuery: [],
      origin,
      forgedOrigins: ['null', WIDGET, `${origin}.evil.example`, `${origin}/`, origin.replace('http:', 'https:'), 'https://evil.example'],
    }
    report('secure origin', await fuzz(port, target, 'secure origin'))
  }, 60_000)
})
