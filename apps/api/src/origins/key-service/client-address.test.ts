import { randomBytes, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { createKeyServiceApp } from './app'
import { signAssertion } from './assertion'
import { ed25519FromSeed } from '../../platform/security/ed25519'
import { keyServiceKeys } from './secrets'
import { auditTrail } from './store'

/** The key service behind a load balancer: its rate limit and its audit trail name the client, not the balancer. */

const SECURE = 'http://secure.localhost:4402'
const sos = ed25519FromSeed(randomBytes(32))
let db: Database

beforeAll(async () => {
  db = await openDatabase({ migrationsDir: fileURLToPath(new URL('./migrations/', import.meta.url)) })
}, 120_000)
afterAll(() => db?.close())

const serviceBehind = (trustedProxies?: string[]) =>
  createKeyServiceApp({
    secureOrigin: SECURE,
    sosPublicKey: sos.publicKey,
    keys: keyServiceKeys(randomBytes(32)),
    db,
    rateLimit: { capacity: 1, refillPerSecond: 0.001 },
    ...(trustedProxies ? { trustedProxies } : {}),
  })

const enrol = (app: ReturnType<typeof serviceBehind>, sub: string, peer: string, forwardedFor: string) =>
  app.request(
    '/v1/enrol',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SECURE, 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ assertion: signAssertion(sos.privateKey, { sub, dev: 'd'.repeat(64), pur: 'enrol' }, Date.now()) }),
    },
    { incoming: { socket: { remoteAddress: peer } } },
  )

describe('key service client address', () => {
  it('keys the rate limit and the audit on the client the trusted balancer names', async () => {
    const app = serviceBehind(['10.0.0.0/8', 'fd00::/8'])
    const [alice, bob] = [randomUUID(), randomUUID()]
    expect((await enrol(app, alice, '::ffff:10.0.0.2', '203.0.113.1')).status).toBe(201)
    expect((await enrol(app, bob, 'fd00::2', '2001:db8::7, fd00::9')).status).toBe(201)
    expect((await enrol(app, randomUUID(), '10.0.0.3', '203.0.113.1')).status).toBe(429)
    expect((await auditTrail(db, alice)).map((entry) => entry.clientAddress)).toEqual(['203.0.113.1'])
    expect((await auditTrail(db, bob)).map((entry) => entry.clientAddress)).toEqual(['2001:db8::7'])
  })

  it('ignores X-Forwarded-For from a peer it does not trust, and without trusted proxies', async () => {
    for (const app of [serviceBehind(['10.0.0.0/8']), serviceBehind()]) {
      const sub = randomUUID()
      expect((await enrol(app, sub, '198.51.100.9', '203.0.113.1')).status).toBe(201)
      expect((await enrol(app, randomUUID(), '198.51.100.9', '203.0.113.2')).status).toBe(429)
      expect((await auditTrail(db, sub)).map((entry) => entry.clientAddress)).toEqual(['198.51.100.9'])
    }
  })
})
