import { randomBytes, randomUUID } from 'node:crypto'
import type { MailSink } from '@airlock/devnet/mail'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { permissionsPolicy } from '../../platform/http/security-headers'
import { createKeyServiceApp, KeyServiceReason, KS_CODE_MAX_TRIES, KS_DEVICE_COOKIE, wrongDeviceCodeMessage } from './app'
import { AssertionReason, signAssertion, type AssertionPurpose } from './assertion'
import { ed25519FromSeed } from '../../platform/security/ed25519'
import { keyServiceKeys } from './secrets'
import { auditTrail } from './store'
import { startKeyServiceUnderTest, TEST_SECURE_ORIGIN, type KeyServiceUnderTest } from './testing'

const SECURE = TEST_SECURE_ORIGIN
const START = Date.UTC(2030, 0, 1)

let db: Database
let sink: MailSink
let sos: KeyServiceUnderTest['sos']
let time = START
let app: KeyServiceUnderTest['app']
let service: KeyServiceUnderTest | undefined

beforeAll(async () => {
  service = await startKeyServiceUnderTest({ now: () => time })
  ;({ db, sink, sos, app } = service)
}, 30_000)

afterAll(() => service?.close())

beforeEach(() => {
  sink.clear()
  time += 2 * 24 * 60 * 60_000
})

const device = () => randomBytes(32).toString('hex')
const assertion = (pur: AssertionPurpose, sub: string, dev: string, email?: string) =>
  signAssertion(sos.privateKey, { sub, dev, pur, ...(email ? { email } : {}) }, time)

async function call(path: string, body: unknown, options: { origin?: string; cookie?: string } = {}) {
  const response = await app.request(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: options.origin ?? SECURE,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> }
}

async function enrol(sub: string, email?: string) {
  const enrolled = await call('/v1/enrol', { assertion: assertion('enrol', sub, device(), email) })
  expect(enrolled.status).toBe(201)
  return enrolled.json as { keyId: string; material: string }
}

async function mailedCode(to: string): Promise<string> {
  const mail = await sink.waitFor({ to })
  sink.clear()
  return mail.text.match(/\b(\d{6})\b/)![1]!
}

describe('key service: who may call', () => {
  it('answers the secure origin only, with CORS for it and its preflight', async () => {
    const preflight = await app.request('/v1/enrol', { method: 'OPTIONS', headers: { Origin: SECURE } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe(SECURE)
    expect(preflight.headers.get('Access-Control-Allow-Credentials')).toBe('true')
    const foreign = await call('/v1/enrol', { assertion: assertion('enrol', randomUUID(), device()) }, { origin: 'http://evil.localhost' })
    expect(foreign).toMatchObject({ status: 403, json: { error: KeyServiceReason.crossOrigin } })
  })

  it('denies every browser feature and opener on every answer, and asks for https only behind its https URL', async () => {
    for (const res of [await app.request('/health'), await app.request('/v1/enrol', { method: 'OPTIONS', headers: { Origin: SECURE } })]) {
      expect(res.headers.get('Permissions-Policy')).toBe(permissionsPolicy({}))
      expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin')
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer')
      expect(res.headers.get('Strict-Transport-Security')).toBeNull()
    }
    const behindTls = createKeyServiceApp({
      secureOrigin: SECURE,
      sosPublicKey: sos.publicKey,
      keys: keyServiceKeys(randomBytes(32)),
      db,
      publicUrl: 'https://keys.example',
    })
    expect((await behindTls.request('/health')).headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains')
  })

  it('refuses assertions it cannot trust: another key, another purpose, expired, replayed', async () => {
    const sub = randomUUID()
    const forged = signAssertion(ed25519FromSeed(randomBytes(32)).privateKey, { sub, dev: device(), pur: 'enrol' }, time)
    expect(await call('/v1/enrol', { assertion: forged })).toMatchObject({ status: 403, json: { error: AssertionReason.badSignature } })
    expect(await call('/v1/enrol', { assertion: assertion('recover', sub, device()) })).toMatchObject({
      status: 403,
      json: { error: AssertionReason.wrongPurpose },
    })
    const old = assertion('enrol', sub, device())
    time += 3 * 60_000
    expect(await call('/v1/enrol', { assertion: old })).toMatchObject({ status: 401, json: { error: AssertionReason.expired } })
    const once = assertion('enrol', sub, device())
    expect((await call('/v1/enrol', { assertion: once })).status).toBe(201)
    expect(await call('/v1/enrol', { assertion: once })).toMatchObject({ status: 403, json: { error: KeyServiceReason.replayed } })
  })
})

describe('key service: recovery material', () => {
  it('releases the material of every enrolment only for the code it mailed to the enrolment email, and audits it', async () => {
    const sub = randomUUID()
    const email = `ks-${sub}@example.com`
    const first = await enrol(sub, email)
    // A second enrolment (a wallet creation that failed half-way) neither changes the email nor
    // destroys the first material.
    const second = await enrol(sub, 'attacker@example.com')
    const newDevice = device()
    const sent = await call('/v1/codes', { assertion: assertion('recover', sub, newDevice) })
    expect(sent).toMatchObject({ status: 200, json: { sentTo: `k***@example.com` } })
    const mail = await sink.waitFor({ to: email })
    expect(mail.subject).toBe('Approve a new device for your Airlock wallet')
    expect(sink.messages().filter((m) => m.to.includes('attacker@example.com'))).toEqual([])
    const code = mail.text.match(/\b(\d{6})\b/)![1]!
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await call('/v1/recover', { assertion: assertion('recover', sub, newDevice), code: wrong })).toMatchObject({
      status: 400,
      json: { error: wrongDeviceCodeMessage(KS_CODE_MAX_TRIES - 1) },
    })
    // The code belongs to the device that asked for it.
    expect(await call('/v1/recover', { assertion: assertion('recover', sub, device()), code })).toMatchObject({
      status: 400,
      json: { error: KeyServiceReason.noCode },
    })
    const released = await call('/v1/recover', { assertion: assertion('recover', sub, newDevice), code })
    expect(released.status).toBe(200)
    expect(released.json.materials).toEqual([
      { keyId: first.keyId, material: first.material },
      { keyId: second.keyId, material: second.material },
    ])
    expect(await call('/v1/recover', { assertion: assertion('recover', sub, newDevice), code })).toMatchObject({
      status: 400,
      json: { error: KeyServiceReason.noCode },
    })
    const trail = await auditTrail(db, sub)
    expect(trail.map((entry) => [entry.action, entry.factor, entry.keyIds])).toEqual([
      ['enrol', null, [first.keyId]],
      ['enrol', null, [second.keyId]],
      ['recover', 'email-code', [first.keyId, second.keyId]],
    ])
    expect(trail[2]!.deviceHash).toBe(newDevice)
  })

  it('kills a code after 5 wrong tries', async () => {
    const sub = randomUUID()
    const email = `ks-${sub}@example.com`
    await enrol(sub, email)
    const dev = device()
    await call('/v1/codes', { assertion: assertion('recover', sub, dev) })
    const code = await mailedCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 1; i < KS_CODE_MAX_TRIES; i++) await call('/v1/recover', { assertion: assertion('recover', sub, dev), code: wrong })
    expect(await call('/v1/recover', { assertion: assertion('recover', sub, dev), code: wrong })).toMatchObject({
      json: { error: KeyServiceReason.overTried },
    })
    expect(await call('/v1/recover', { assertion: assertion('recover', sub, dev), code })).toMatchObject({
      json: { error: KeyServiceReason.overTried },
    })
  })

  it('backs off per device, keeps each device its own code, and caps a user across devices', async () => {
    const sub = randomUUID()
    const email = `ks-${sub}@example.com`
    await enrol(sub, email)
    const [laptop, phone] = [device(), device()]
    expect((await call('/v1/codes', { assertion: assertion('recover', sub, laptop) })).status).toBe(200)
    const laptopCode = await mailedCode(email)
    time += 10_000
    expect(await call('/v1/codes', { assertion: assertion('recover', sub, laptop) })).toMatchObject({
      status: 429,
      json: { error: 'Please try again after 20 seconds' },
    })
    // Another device asking does not replace the laptop's code.
    expect((await call('/v1/codes', { assertion: assertion('recover', sub, phone) })).status).toBe(200)
    await mailedCode(email)
    expect((await call('/v1/recover', { assertion: assertion('recover', sub, laptop), code: laptopCode })).status).toBe(200)
    // Twenty codes a day across all devices, whatever devices ask.
    for (let i = 0; i < 18; i++) {
      time += 1000
      expect((await call('/v1/codes', { assertion: assertion('recover', sub, device()) })).status).toBe(200)
    }
    time += 1000
    const capped = await call('/v1/codes', { assertion: assertion('recover', sub, device()) })
    expect(capped.status).toBe(429)
    expect(capped.json.error).toMatch(/^Please try again after \d+ seconds$/)
  })

  it('says so when there is no wallet, or no email to send a code to', async () => {
    expect(await call('/v1/codes', { assertion: assertion('recover', randomUUID(), device()) })).toMatchObject({
      status: 404,
      json: { error: KeyServiceReason.noWallet },
    })
    const farcaster = randomUUID()
    await enrol(farcaster)
    expect(await call('/v1/codes', { assertion: assertion('recover', farcaster, device()) })).toMatchObject({
      status: 409,
      json: { error: KeyServiceReason.noEmail },
    })
  })
})

describe('key service: cookie-vault keys', () => {
  it('binds the key to its own partitioned cookie: same browser same key, another browser or user another key', async () => {
    const sub = randomUUID()
    const first = await call('/v1/device-key', { assertion: assertion('device-key', sub, device()) })
    expect(first.status).toBe(200)
    const setCookie = first.headers.get('Set-Cookie')!
    expect(setCookie).toMatch(
      new RegExp(`^${KS_DEVICE_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=\\d+; HttpOnly; Secure; SameSite=None; Partitioned$`),
    )
    const cookie = setCookie.split(';')[0]!
    const again = await call('/v1/device-key', { assertion: assertion('device-key', sub, device()) }, { cookie })
    expect(again.headers.get('Set-Cookie')).toBeNull()
    expect(again.json.deviceKey).toBe(first.json.deviceKey)
    const otherBrowser = await call('/v1/device-key', { assertion: assertion('device-key', sub, device()) })
    expect(otherBrowser.json.deviceKey).not.toBe(first.json.deviceKey)
    const otherUser = await call('/v1/device-key', { assertion: assertion('device-key', randomUUID(), device()) }, { cookie })
    expect(otherUser.json.deviceKey).not.toBe(first.json.deviceKey)
    expect((await auditTrail(db, sub)).map((entry) => entry.action)).toEqual(['device-key', 'device-key'])
  })

  it('a device key asked before the wallet is created leaves its email to the creation: the new-device code still reaches it', async () => {
    const sub = randomUUID()
    const email = `early-${sub}@example.com`
    expect((await call('/v1/device-key', { assertion: assertion('device-key', sub, device()) })).status).toBe(200)
    await enrol(sub, email)
    const dev = device()
    expect(await call('/v1/codes', { assertion: assertion('recover', sub, dev) })).toMatchObject({ status: 200 })
    const code = await mailedCode(email)
    expect(await call('/v1/recover', { assertion: assertion('recover', sub, dev), code })).toMatchObject({ status: 200 })
    // A later creation naming another email does not move the second factor there.
    await enrol(sub, `other-${sub}@example.com`)
    expect(await call('/v1/codes', { assertion: assertion('recover', sub, device()) })).toMatchObject({
      status: 200,
      json: { sentTo: expect.stringMatching(/^e.*@example\.com$/) },
    })
  })
})
