import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { createKeyServiceApp, KS_DEVICE_COOKIE } from './app'
import { signAssertion } from './assertion'
import { ed25519FromSeed } from '../../platform/security/ed25519'
import { keyServiceKeys } from './secrets'
import { auditTrail } from './store'

/**
 * The cookie vault's key (issue 23): derived from the browser's raw key-service cookie, which the
 * key service never stores. Whoever holds the key service's database and its secret (its operator,
 * a stolen backup with the secret manager) must still not derive any browser's vault key.
 */

const SECURE = 'https://secure.example.com'
const MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url))
const secret = randomBytes(32)
const keys = keyServiceKeys(secret)
const sos = ed25519FromSeed(randomBytes(32))
const dirs: string[] = []

const appOn = (db: Database) => createKeyServiceApp({ secureOrigin: SECURE, sosPublicKey: sos.publicKey, keys, db, rateLimit: false })

async function deviceKey(app: ReturnType<typeof appOn>, sub: string, cookie?: string) {
  const response = await app.request('/v1/device-key', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SECURE, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({
      assertion: signAssertion(sos.privateKey, { sub, dev: randomBytes(32).toString('hex'), pur: 'device-key' }, Date.now()),
    }),
  })
  expect(response.status).toBe(200)
  const json = (await response.json()) as { deviceKey: string; legacyDeviceKey?: string }
  return { ...json, cookie: cookie ?? response.headers.get('Set-Cookie')!.split(';')[0]! }
}

/** Every value of every row of the key service's tables, as text: all the store gives away. */
async function everyStoredValue(db: Database): Promise<string[]> {
  const { rows: tables } = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  )
  const values: string[] = []
  for (const { name } of tables)
    for (const row of (await db.query(`SELECT * FROM ${name}`)).rows)
      for (const value of Object.values(row)) {
        if (value instanceof Uint8Array) values.push(Buffer.from(value).toString('hex'), Buffer.from(value).toString('base64url'))
        else if (Array.isArray(value)) values.push(...value.map(String))
        else if (value !== null) values.push(value instanceof Date ? value.toISOString() : String(value))
      }
  return values
}

let db: Database
let app: ReturnType<typeof appOn>

beforeAll(async () => {
  db = await openDatabase({ migrationsDir: MIGRATIONS })
  app = appOn(db)
}, 30_000)

afterAll(async () => {
  await db?.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('key service: a cookie vault key needs the browser', () => {
  it('the same cookie gets the same key, another cookie or user another, and each new browser is audited once', async () => {
    const sub = randomUUID()
    const first = await deviceKey(app, sub)
    const again = await deviceKey(app, sub, first.cookie)
    expect(again.deviceKey).toBe(first.deviceKey)
    expect(again.legacyDeviceKey).toBeUndefined()
    const otherBrowser = await deviceKey(app, sub)
    expect(otherBrowser.deviceKey).not.toBe(first.deviceKey)
    expect((await deviceKey(app, randomUUID(), first.cookie)).deviceKey).not.toBe(first.deviceKey)
    await deviceKey(app, sub, otherBrowser.cookie)
    const trail = await auditTrail(db, sub)
    expect(trail.map((entry) => entry.action)).toEqual(['device-key', 'device-key'])
    expect(new Set(trail.map((entry) => entry.ksDeviceHash)).size).toBe(2)
  })

  it('the database and the secret together derive no vault key: every stored value tried as the cookie, or its hash', async () => {
    const sub = randomUUID()
    const released = await deviceKey(app, sub)
    await deviceKey(app, sub, released.cookie)
    const token = released.cookie.slice(`${KS_DEVICE_COOKIE}=`.length)
    // The attacker's derivations, with the secret: right for the cookie itself...
    const derivations = (value: string) => [keys.deviceKey(sub, value), keys.legacyDeviceKey(sub, value)]
    expect(derivations(token).map((key) => Buffer.from(key).toString('base64'))).toContain(released.deviceKey)
    // ...and for nothing the store holds: neither the cookie nor its plain hash is stored.
    const stored = await everyStoredValue(db)
    expect(stored.length).toBeGreaterThan(0)
    expect(stored).not.toContain(token)
    expect(stored).not.toContain(createHash('sha256').update(token).digest('hex'))
    const candidates = stored.flatMap((value) => derivations(value).map((key) => Buffer.from(key).toString('base64')))
    expect(candidates).not.toContain(released.deviceKey)
  })
})

describe('key service: the devices of before migration 003', () => {
  it('a known browser keeps its device, gets its old key once to reseal its vault, and its unsalted hash leaves the store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'airlock-ks-003-'))
    const before = mkdtempSync(join(tmpdir(), 'airlock-ks-migrations-'))
    dirs.push(dataDir, before)
    for (const file of ['001_key_service.sql', '002_rate_buckets.sql']) copyFileSync(join(MIGRATIONS, file), join(before, file))
    // A browser as the key service recorded it before: the sha256 of its cookie, in the device row and the audit.
    const sub = randomUUID()
    const token = randomBytes(32).toString('base64url')
    const hash = createHash('sha256').update(token).digest('hex')
    const old = await openDatabase({ dataDir, migrationsDir: before })
    await old.query("INSERT INTO ks_users (user_id, email, created_at) VALUES ($1, 'u@example.com', now())", [sub])
    await old.query('INSERT INTO ks_devices (user_id, device_hash, created_at, last_used_at) VALUES ($1, $2, now(), now())', [sub, hash])
    await old.query("INSERT INTO ks_audit (at, user_id, action, device_hash, ks_device_hash) VALUES (now(), $1, 'device-key', 'd', $2)", [
      sub,
      hash,
    ])
    await old.close()

    const migrated = await openDatabase({ dataDir, migrationsDir: MIGRATIONS })
    try {
      expect(await everyStoredValue(migrated)).not.toContain(hash)
      const migratedApp = appOn(migrated)
      const cookie = `${KS_DEVICE_COOKIE}=${token}`
      const first = await deviceKey(migratedApp, sub, cookie)
      expect(first.legacyDeviceKey).toBe(Buffer.from(keys.legacyDeviceKey(sub, hash)).toString('base64'))
      expect(first.deviceKey).toBe(Buffer.from(keys.deviceKey(sub, token)).toString('base64'))
      const second = await deviceKey(migratedApp, sub, cookie)
      expect(second).toEqual({ deviceKey: first.deviceKey, cookie })
      // Still the same device: no new-device entry, and the old entry names it as the new ones would.
      const trail = await auditTrail(migrated, sub)
      expect(trail.map((entry) => entry.action)).toEqual(['device-key'])
      await deviceKey(migratedApp, sub)
      const [known, fresh] = (await auditTrail(migrated, sub)).map((entry) => entry.ksDeviceHash)
      expect(known).toMatch(/^[0-9a-f]{64}$/)
      expect(fresh).not.toBe(known)
    } finally {
      await migrated.close()
    }
  }, 60_000)
})
