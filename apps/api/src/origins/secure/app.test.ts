import { createHash, randomBytes } from 'node:crypto'
import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { verifyAssertion } from '../key-service/assertion'
import { hashToken } from '../../platform/security/tokens'
import { createSecureOriginApp, type SecureOriginAppOptions } from './app'
import { MAX_PASSKEYS } from './custody'
import { OTP_MAX_TRIES } from './email'
import { SecureReason, wrongCodeMessage } from './reasons'
import { smtpMailer } from '../../platform/mail/mailer'
import { serverKeys } from './secrets'

const ORIGIN = 'http://secure.localhost:4402'
const WIDGET = 'http://widget.localhost:4401'
const START = Date.UTC(2030, 0, 1)

let db: Database
let sink: MailSink
let mailer: ReturnType<typeof smtpMailer>
const keys = serverKeys(randomBytes(32))
let time = START

beforeAll(async () => {
  ;[db, sink] = await Promise.all([openDatabase(), startMailSink({ smtpPort: 0, httpPort: 0 })])
  mailer = smtpMailer(sink.smtpUrl)
  app = makeApp()
}, 30_000)

afterAll(async () => {
  mailer?.close()
  await Promise.all([db?.close(), sink?.stop()])
})

beforeEach(() => {
  sink.clear()
  // Each test starts well past every earlier cooldown and code.
  time += 24 * 60 * 60_000
})

function makeApp(overrides: Partial<SecureOriginAppOptions> = {}) {
  return createSecureOriginApp({
    origin: ORIGIN,
    widgetOrigin: 'http://widget.localhost:4401',
    keyServiceOrigin: 'http://keys.localhost:4410',
    apiOrigin: 'http://api.localhost:4403',
    db,
    keys,
    mailer,
    now: () => time,
    rateLimit: false,
    mailRateLimit: false,
    ...overrides,
  })
}
let app: ReturnType<typeof makeApp>

interface CallOptions {
  method?: string
  body?: unknown
  token?: string
  device?: string
  origin?: string | null
  headers?: Record<string, string>
  /** The socket peer, as @hono/node-server passes it (app.request has none: 'local'). */
  peer?: string
}

async function call(path: string, options: CallOptions = {}, target: ReturnType<typeof makeApp> = app) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers }
  if (options.origin !== null) headers.Origin = options.origin ?? ORIGIN
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.device) headers['X-Airlock-Device'] = options.device
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
  const response = await target.request(
    path,
    { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) },
    options.peer ? { incoming: { socket: { remoteAddress: options.peer } } } : undefined,
  )
  const text = await response.text()
  return { status: response.status, headers: response.headers, json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> }
}

/** The 6-digit code of the newest mail to `email`. */
async function codeFor(email: string): Promise<string> {
  const mail = await sink.waitFor({ to: email })
  const code = mail.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code in ${mail.text}`)
  sink.clear()
  return code
}

let counter = 0
const freshEmail = () => `user${++counter}.${Date.now()}@example.com`

/** A full first login: returns the session token, the device token and the user id. */
async function login(email: string, device?: string) {
  const started = await call('/api/email/start', { body: { email }, ...(device ? { device } : {}) })
  expect(started.status).toBe(200)
  const deviceToken = device ?? (started.json.deviceToken as string)
  expect(started.json.action).toBe('VERIFY_OTP')
  const done = await call('/api/email/verify', { body: { email, otp: await codeFor(email) }, device: deviceToken })
  expect(done.status).toBe(200)
  const user = done.json.user as { id: string; email: string }
  return { token: done.json.token as string, device: deviceToken, userId: user.id, user }
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe('email login', () => {
  it('mails a 6-digit code, and the code makes a user, a device and a session', async () => {
    const email = freshEmail()
    const started = await call('/api/email/start', { body: { email } })
    expect(started.status).toBe(200)
    expect(started.json.action).toBe('VERIFY_OTP')
    const device = started.json.deviceToken as string
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const mail = await sink.waitFor({ to: email })
    expect(mail.subject).toBe('Your Airlock login code')
    expect(mail.text).toContain('expires in 10 minutes')
    const code = mail.text.match(/\b(\d{6})\b/)![1]!

    const verified = await call('/api/email/verify', { body: { email, otp: code }, device })
    expect(verified.status).toBe(200)
    expect(verified.json.user).toEqual({ id: expect.any(String), email })
    const token = verified.json.token as string
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(verified.json.expiresAt).toBe(new Date(time + 30 * 24 * 60 * 60_000).toISOString())

    const session = await call('/api/session', { token, device })
    expect(session.json).toMatchObject({ isConnected: true, user: { email } })
    // The same code does not open a second session.
    const again = await call('/api/email/verify', { body: { email, otp: code }, device })
    expect(again.json.error).toBe(SecureReason.noCode)
  })

  it('keeps only the SHA-256 of session and device tokens', async () => {
    const { token, device, userId } = await login(freshEmail())
    const sessions = await db.query<{ token_hash: string }>('SELECT token_hash FROM secure_sessions WHERE user_id = $1', [userId])
    expect(sessions.rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }])
    const dump = JSON.stringify(
      (
        await db.query(`SELECT (SELECT json_agg(s) FROM secure_sessions s) AS s, (SELECT json_agg(d) FROM secure_devices d) AS d,
          (SELECT json_agg(o) FROM secure_otp_codes o) AS o`)
      ).rows,
    )
    expect(dump).not.toContain(token)
    expect(dump).not.toContain(device)
  })

  it('answers CONNECT when this session already belongs to the email, without mailing', async () => {
    const email = freshEmail()
    const { token, device } = await login(email)
    time += 60_000
    const started = await call('/api/email/start', { body: { email: email.toUpperCase() }, token, device })
    expect(started.json).toEqual({ action: 'CONNECT' })
    expect(sink.messages()).toHaveLength(0)
  })

  it('counts wrong codes: 400 with the tries left, then the code is dead even when right', async () => {
    const email = freshEmail()
    const started = await call('/api/email/start', { body: { email } })
    const device = started.json.deviceToken as string
    const code = await codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt < OTP_MAX_TRIES; attempt++) {
      const result = await call('/api/email/verify', { body: { email, otp: wrong }, device })
      expect(result.status).toBe(400)
      expect(result.json.error).toBe(wrongCodeMessage(OTP_MAX_TRIES - attempt))
      expect(result.json.reasons).toEqual([{ description: wrongCodeMessage(OTP_MAX_TRIES - attempt), field: 'otp' }])
    }
    expect(wrongCodeMessage(1)).toBe('Wrong code: 1 try left')
    const fifth = await call('/api/email/verify', { body: { email, otp: wrong }, device })
    expect(fifth.json.error).toBe(SecureReason.overTried)
    const right = await call('/api/email/verify', { body: { email, otp: code }, device })
    expect(right.status).toBe(400)
    expect(right.json.error).toBe(SecureReason.overTried)

    // A new code (after the cooldown) works.
    time += 30_000
    await call('/api/email/start', { body: { email }, device })
    const fresh = await call('/api/email/verify', { body: { email, otp: await codeFor(email) }, device })
    expect(fresh.status).toBe(200)
  })

  it('refuses a code after 10 minutes', async () => {
    const email = freshEmail()
    const started = await call('/api/email/start', { body: { email } })
    const device = started.json.deviceToken as string
    const code = await codeFor(email)
    time += 10 * 60_000
    const late = await call('/api/email/verify', { body: { email, otp: code }, device })
    expect(late.status).toBe(400)
    expect(late.json.error).toBe(SecureReason.expired)
  })

  it('refuses a code from another browser than the one that asked for it', async () => {
    const email = freshEmail()
    await call('/api/email/start', { body: { email } })
    const other = await call('/api/email/verify', { body: { email, otp: await codeFor(email) }, device: 'x'.repeat(43) })
    expect(other.json.error).toBe(SecureReason.noCode)
    const none = await call('/api/email/verify', { body: { email, otp: '123456' } })
    expect(none.json.error).toBe(SecureReason.noDevice)
  })

  it('validates the email and the code with the protocol schemas', async () => {
    const bad = await call('/api/email/start', { body: { email: 'not-an-email' } })
    expect(bad.status).toBe(400)
    expect(bad.json.reasons).toEqual([expect.objectContaining({ field: 'email' })])
    const otp = await call('/api/email/verify', { body: { email: 'a@example.com', otp: '12345' }, device: 'x'.repeat(43) })
    expect(otp.status).toBe(400)
    expect((otp.json.reasons as { field: string }[])[0]!.field).toBe('otp')
    const notJson = await app.request('/api/email/start', { method: 'POST', headers: { Origin: ORIGIN }, body: '{' })
    expect(notJson.status).toBe(400)
  })
})

describe('code throttling', () => {
  it('answers 429 "Please try again after {n} seconds" per address and device, doubling the wait', async () => {
    const email = freshEmail()
    const first = await call('/api/email/start', { body: { email } })
    const device = first.json.deviceToken as string
    time += 10_200
    const again = await call('/api/email/start', { body: { email }, device })
    expect(again.status).toBe(429)
    expect(again.json.error).toBe('Please try again after 20 seconds')
    expect(again.headers.get('Retry-After')).toBe('20')
    // A device the account does not know has its network's bucket: another browser there waits too ...
    const otherBrowser = await call('/api/email/start', { body: { email } })
    expect(otherBrowser.json.error).toBe('Please try again after 20 seconds')
    // ... and one on another network does not.
    expect((await call('/api/email/start', { body: { email }, peer: '198.51.100.20' })).status).toBe(200)
    // Another address from the same browser has its own.
    expect((await call('/api/email/start', { body: { email: freshEmail() }, device })).status).toBe(200)
    time += 20_000
    expect((await call('/api/email/start', { body: { email }, device })).status).toBe(200)
    time += 30_000
    expect((await call('/api/email/start', { body: { email }, device })).json.error).toBe('Please try again after 30 seconds')
    time += 30_000
    expect((await call('/api/email/start', { body: { email }, device })).status).toBe(200)
    time += 60_000
    expect((await call('/api/email/start', { body: { email }, device })).json.error).toBe('Please try again after 60 seconds')
  })

  it('caps codes per address a day for unknown devices, and leaves the known devices their own', async () => {
    const email = freshEmail()
    const owner = await login(email)
    time += 24 * 60 * 60_000
    for (let sent = 0; sent < 10; sent++) {
      time += 2 * 60 * 60_000
      expect((await call('/api/email/start', { body: { email } })).status).toBe(200)
    }
    time += 2 * 60 * 60_000
    const capped = await call('/api/email/start', { body: { email } })
    expect(capped.status).toBe(429)
    expect(capped.json.error).toMatch(/^Please try again after \d+ seconds$/)
    expect(Number(capped.headers.get('Retry-After'))).toBeGreaterThan(60 * 60)
    sink.clear()
    const own = await call('/api/email/start', { body: { email }, device: owner.device })
    expect(own.status).toBe(200)
    expect((await call('/api/email/verify', { body: { email, otp: await codeFor(email) }, device: owner.device })).status).toBe(200)
  })

  it("the targeted lockout (issue 23): codes asked and guessed for the address from other networks leave the owner's new device its own", async () => {
    const email = freshEmail()
    const owner = await login(email)
    const home = '203.0.113.50'
    const elsewhere = ['198.51.100.1', '198.51.100.2', '2001:db8:1:2::7', '2001:db8:9:9::1']
    time += 24 * 60 * 60_000
    // The attacker asks a code every 30 s with fresh device tokens from its networks, to their caps, and burns the first codes' tries.
    const flood = async (peers: readonly string[], rounds: number) => {
      for (let round = 0; round < rounds; round++) {
        for (const peer of peers) {
          const started = await call('/api/email/start', { body: { email }, peer })
          if (started.status !== 200) continue
          for (let guess = 0; guess < (round === 0 ? OTP_MAX_TRIES : 0); guess++) {
            await call('/api/email/verify', { body: { email, otp: '000000' }, device: started.json.deviceToken as string, peer })
          }
          time += 30_000
        }
        time += 60 * 60_000
      }
    }
    await flood(elsewhere, 10)
    expect((await call('/api/email/start', { body: { email }, peer: elsewhere[0] })).status).toBe(429)
    sink.clear()
    // The owner opens a new dapp (a new device token) at home: the code comes and works.
    const started = await call('/api/email/start', { body: { email }, peer: home })
    expect(started.status).toBe(200)
    const device = started.json.deviceToken as string
    const code = await codeFor(email)
    // The attacker's guesses meanwhile, even of the right digits, try only the attacker's own codes.
    time += 30_000
    const attacker = await call('/api/email/start', { body: { email }, peer: '198.51.100.3' })
    for (let guess = 0; guess < OTP_MAX_TRIES; guess++) {
      const tried = await call('/api/email/verify', {
        body: { email, otp: guess === 0 ? code : '000000' },
        device: attacker.json.deviceToken as string,
        peer: '198.51.100.3',
      })
      expect(tried.status).toBe(400)
    }
    const verified = await call('/api/email/verify', { body: { email, otp: code }, device, peer: home })
    expect(verified.status).toBe(200)
    expect((verified.json.user as { id: string }).id).toBe(owner.userId)

    // The account's new devices together stop at NEW_DEVICE_ACCOUNT_CAP a day (five networks' caps); its known devices go on.
    await flood(['198.51.100.4'], 10)
    const capped = await call('/api/email/start', { body: { email }, peer: '198.51.100.6' })
    expect(capped.status).toBe(429)
    expect(capped.json.error).toMatch(/^Please try again after \d+ seconds$/)
    sink.clear()
    expect((await call('/api/email/start', { body: { email }, device: owner.device })).status).toBe(200)
    expect((await call('/api/email/verify', { body: { email, otp: await codeFor(email) }, device: owner.device })).status).toBe(200)
  })

  it('keeps each device its own code: a code asked for elsewhere does not kill this one', async () => {
    const email = freshEmail()
    const mine = await call('/api/email/start', { body: { email } })
    const myCode = await codeFor(email)
    time += 60_000
    const theirs = await call('/api/email/start', { body: { email } })
    expect(theirs.status).toBe(200)
    const theirCode = await codeFor(email)
    const device = mine.json.deviceToken as string
    if (theirCode !== myCode) {
      expect((await call('/api/email/verify', { body: { email, otp: theirCode }, device })).json.error).toBe(wrongCodeMessage(4))
    }
    expect((await call('/api/email/verify', { body: { email, otp: myCode }, device })).status).toBe(200)
  })

  it('limits the mails one client address sends (the rate limiter)', async () => {
    const limited = makeApp({ mailRateLimit: { capacity: 2, refillPerSecond: 0.001 } })
    for (let i = 0; i < 2; i++) expect((await call('/api/email/start', { body: { email: freshEmail() } }, limited)).status).toBe(200)
    const third = await call('/api/email/start', { body: { email: freshEmail() } }, limited)
    expect(third.status).toBe(429)
    expect(third.json.error).toMatch(/^Too many requests/)
  })
})

describe('per-account limits (rotating client addresses gains nothing)', () => {
  const peers = (n: number) => Array.from({ length: n }, (_, i) => `198.51.100.${i + 1}`)

  it("limits each account's signed-in calls, whatever address they come from", async () => {
    const limited = makeApp({
      rateLimit: { capacity: 100, refillPerSecond: 1 },
      accountRateLimit: { session: { capacity: 3, refillPerSecond: 0.1 }, login: { capacity: 10, refillPerSecond: 1 } },
    })
    const alice = await login(freshEmail())
    const bob = await login(freshEmail())
    const signedIn = (who: typeof alice, peer: string, path = '/api/shares/auth') =>
      call(path, { token: who.token, device: who.device, peer }, limited)
    const [first, second, third, fourth] = peers(4)
    expect((await signedIn(alice, first!)).status).toBe(404)
    expect((await signedIn(alice, second!)).status).toBe(404)
    // Signing assertions for the key service counts in the same bucket.
    const signed = await call(
      '/api/key-service/assertion',
      { body: { purpose: 'enrol' }, token: alice.token, device: alice.device, peer: third },
      limited,
    )
    expect(signed.status).toBe(200)
    const over = await signedIn(alice, fourth!)
    expect([over.status, over.json.error, over.headers.get('Retry-After')]).toEqual([429, 'Please try again after 10 seconds', '10'])
    const overSigning = await call(
      '/api/key-service/assertion',
      { body: { purpose: 'enrol' }, token: alice.token, device: alice.device, peer: fourth },
      limited,
    )
    expect(overSigning.status).toBe(429)
    // Another account from the very same address is not held back; nor is a call that needs no session.
    expect((await signedIn(bob, fourth!)).status).toBe(404)
    expect((await call('/api/session', { token: alice.token, device: alice.device, peer: fourth }, limited)).json.isConnected).toBe(true)
    time += 10_000
    expect((await signedIn(alice, fourth!)).status).toBe(404)
  })

  it('limits login code checks per email and device bucket: guesses from elsewhere lock out neither known nor new devices', async () => {
    const limited = makeApp({
      accountRateLimit: { session: { capacity: 60, refillPerSecond: 1 }, login: { capacity: 3, refillPerSecond: 1 / 60 } },
    })
    const email = freshEmail()
    const owner = await login(email)
    time += 60_000
    // An attacker guesses from one network with fresh device tokens, in any letter case.
    const [attacker, other, home] = peers(3)
    const guesses = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        call(
          '/api/email/verify',
          { body: { email: i % 2 ? email.toUpperCase() : email, otp: '123456' }, device: `${i}`.repeat(43), peer: attacker },
          limited,
        ),
      ),
    )
    expect(guesses.map((guess) => guess.status).sort()).toEqual([400, 400, 400, 429])
    const refused = guesses.find((guess) => guess.status === 429)!
    expect([refused.json.error, refused.headers.get('Retry-After')]).toEqual(['Please try again after 60 seconds', '60'])
    // Another device on that network waits too; another network has its own bucket.
    const verify = (device: string, peer: string | undefined, otp = '123456') =>
      call('/api/email/verify', { body: { email, otp }, device, ...(peer ? { peer } : {}) }, limited)
    expect((await verify('9'.repeat(43), attacker)).status).toBe(429)
    expect((await verify('9'.repeat(43), other)).status).toBe(400)
    // A new device of the owner (a new dapp's frame) on the owner's network logs in ...
    const started = await call('/api/email/start', { body: { email }, peer: home }, limited)
    expect((await verify(started.json.deviceToken as string, home, await codeFor(email))).status).toBe(200)
    // ... and so does the owner's known device.
    expect((await call('/api/email/start', { body: { email }, device: owner.device }, limited)).status).toBe(200)
    expect((await verify(owner.device, undefined, await codeFor(email))).status).toBe(200)
    time += 60_000
    expect((await verify('9'.repeat(43), attacker)).status).toBe(400)
  })
})

describe('client address behind trusted proxies', () => {
  const limitedBehind = (trustedProxies?: string[]) =>
    makeApp({ rateLimit: { capacity: 2, refillPerSecond: 0.001 }, ...(trustedProxies ? { trustedProxies } : {}) })
  const session = (target: ReturnType<typeof makeApp>, peer: string, forwardedFor?: string) =>
    call('/api/session', { peer, ...(forwardedFor ? { headers: { 'X-Forwarded-For': forwardedFor } } : {}) }, target)

  it('gives each client behind the load balancer its own bucket', async () => {
    const behind = limitedBehind(['10.0.0.0/8'])
    for (let i = 0; i < 2; i++) expect((await session(behind, '10.0.0.2', '203.0.113.1')).status).toBe(200)
    expect((await session(behind, '10.0.0.3', '203.0.113.1')).status).toBe(429)
    // Another client through the same balancer is not held back by the first.
    expect((await session(behind, '10.0.0.2', '203.0.113.2')).status).toBe(200)
    // A forged hop left of the balancer's changes nothing.
    expect((await session(behind, '10.0.0.2', '198.51.100.7, 203.0.113.1')).status).toBe(429)
  })

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, and by default', async () => {
    for (const target of [limitedBehind(['10.0.0.0/8']), limitedBehind()]) {
      for (let i = 0; i < 2; i++) expect((await session(target, '198.51.100.9', `203.0.113.${i}`)).status).toBe(200)
      expect((await session(target, '198.51.100.9', '203.0.113.99')).status).toBe(429)
    }
    // Without trusted proxies, every client of the balancer shares its one address (the issue this fixes).
    const direct = limitedBehind()
    for (let i = 0; i < 2; i++) await session(direct, '10.0.0.2', `203.0.113.${i}`)
    expect((await session(direct, '10.0.0.2', '203.0.113.50')).status).toBe(429)
  })
})

describe('devices', () => {
  it('logs a known user in on a new browser with a login code alone: the wallet then needs the key service', async () => {
    const email = freshEmail()
    const first = await login(email)
    time += 60_000
    const second = await login(email)
    expect(second.device).not.toBe(first.device)
    expect(second.userId).toBe(first.userId)
    const devices = await db.query('SELECT id FROM secure_devices WHERE user_id = $1', [first.userId])
    expect(devices.rows).toHaveLength(2)
    expect(sink.messages().filter((mail) => /new device/.test(mail.subject))).toEqual([])
  })
})

describe('sessions', () => {
  it('reads the session from the Bearer token or the cookie; sign out ends only this session', async () => {
    const email = freshEmail()
    const a = await login(email)
    await call('/api/shares', {
      method: 'PUT',
      body: { authShare: b64(new Uint8Array(33).fill(7)), sealedRecoveryShare: b64(new Uint8Array(61)) },
      token: a.token,
      device: a.device,
    })
    time += 60_000
    const b = await login(email, a.device)
    const byCookie = await call('/api/session', { headers: { Cookie: `airlock_session=${a.token}` } })
    expect(byCookie.json).toMatchObject({ isConnected: true })

    const out = await call('/api/session/sign-out', { body: {}, token: a.token })
    expect(out.status).toBe(200)
    expect(out.headers.get('Set-Cookie')).toMatch(/^airlock_session=; Path=\/; Max-Age=0; HttpOnly/)
    expect((await call('/api/session', { token: a.token, device: a.device })).json).toEqual({ isConnected: false })
    expect((await call('/api/shares/auth', { token: a.token, device: a.device })).status).toBe(401)
    // The other session, the user and the wallet's shares stay.
    expect((await call('/api/session', { token: b.token, device: b.device })).json).toMatchObject({
      isConnected: true,
      user: { id: a.userId },
    })
    expect((await call('/api/shares/auth', { token: b.token, device: b.device })).json).toEqual({
      authShare: b64(new Uint8Array(33).fill(7)),
    })
    const users = await db.query('SELECT id FROM secure_users WHERE id = $1', [a.userId])
    expect(users.rows).toHaveLength(1)
  })

  it('sets the cookies HttpOnly; Secure, SameSite=None and Partitioned on a secure context', async () => {
    const started = await call('/api/email/start', { body: { email: freshEmail() } })
    expect(started.headers.get('Set-Cookie')).toBe(
      `airlock_device=${started.json.deviceToken as string}; Path=/; Max-Age=34560000; HttpOnly; Secure; SameSite=None; Partitioned`,
    )
    const email = freshEmail()
    time += 30_000
    const { device } = await login(email)
    time += 30_000
    await call('/api/email/start', { body: { email }, device })
    const verified = await call('/api/email/verify', { body: { email, otp: await codeFor(email) }, device })
    const cookie = verified.headers.get('Set-Cookie')!
    expect(cookie).toBe(
      `airlock_session=${verified.json.token as string}; Path=/; Max-Age=2592000; HttpOnly; Secure; SameSite=None; Partitioned`,
    )
  })

  it('drops Secure (and with it SameSite=None and Partitioned) on a plain-http origin', async () => {
    const origin = 'http://secure.example.test:8080'
    const plain = makeApp({ origin })
    const started = await call('/api/email/start', { body: { email: freshEmail() }, origin }, plain)
    const cookie = started.headers.get('Set-Cookie')!
    expect(cookie).toMatch(/; HttpOnly; SameSite=Strict$/)
    expect(cookie).not.toMatch(/Secure|Partitioned/)
    const https = makeApp({ origin: 'https://secure.example.com' })
    const secure = await call('/api/email/start', { body: { email: freshEmail() }, origin: 'https://secure.example.com' }, https)
    expect(secure.headers.get('Set-Cookie')).toMatch(/; HttpOnly; Secure; SameSite=None; Partitioned$/)
  })
})

describe('same origin only', () => {
  it('refuses POSTs from other origins, or with no proof of origin, and never sends CORS headers', async () => {
    const email = freshEmail()
    const fromWidget = await call('/api/email/start', { body: { email }, origin: WIDGET })
    expect(fromWidget.status).toBe(403)
    expect(fromWidget.json.error).toBe(SecureReason.crossOrigin)
    expect(fromWidget.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect((await call('/api/email/start', { body: { email }, origin: null })).status).toBe(403)
    expect((await call('/api/email/start', { body: { email }, origin: 'null' })).status).toBe(403)
    const crossSite = await call('/api/email/start', { body: { email }, origin: null, headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(crossSite.status).toBe(403)
    const preflight = await call('/api/shares', { method: 'OPTIONS', origin: WIDGET, headers: { 'Access-Control-Request-Method': 'PUT' } })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const sameOrigin = await call('/api/email/start', { body: { email }, origin: null, headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(sameOrigin.status).toBe(200)
    expect(sink.messages()).toHaveLength(1)
  })

  it('refuses cross-site GETs too, and marks every answer no-store and same-origin', async () => {
    const { token } = await login(freshEmail())
    expect((await call('/api/shares/auth', { token, origin: WIDGET })).status).toBe(403)
    expect((await call('/api/session', { token, origin: null, headers: { 'Sec-Fetch-Site': 'same-site' } })).status).toBe(403)
    const ok = await call('/api/session', { token, origin: null })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('Cache-Control')).toBe('no-store')
    expect(ok.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin')
    expect(ok.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
  })
})

describe('key shares', () => {
  it('stores shares once and releases them only to the owner', async () => {
    const alice = await login(freshEmail())
    const bob = await login(freshEmail())
    const shares = { authShare: b64(randomBytes(33)), sealedRecoveryShare: b64(randomBytes(62)) }
    expect((await call('/api/shares', { method: 'PUT', body: shares })).status).toBe(401)
    const put = await call('/api/shares', { method: 'PUT', body: shares, token: alice.token, device: alice.device })
    expect(put.status).toBe(201)
    const overwrite = await call('/api/shares', {
      method: 'PUT',
      body: { ...shares, authShare: b64(randomBytes(33)) },
      token: alice.token,
      device: alice.device,
    })
    expect(overwrite.status).toBe(409)
    expect(overwrite.json.error).toBe(SecureReason.sharesExist)

    expect((await call('/api/shares/auth', { token: alice.token, device: alice.device })).json).toEqual({ authShare: shares.authShare })
    expect((await call('/api/shares/auth')).status).toBe(401)
    expect((await call('/api/shares/auth', { token: 'A'.repeat(43) })).status).toBe(401)
    expect((await call('/api/shares/auth', { token: bob.token, device: bob.device })).status).toBe(404)
    expect((await call('/api/shares/recovery', { token: bob.token, device: bob.device })).status).toBe(404)
    expect((await call('/api/shares/recovery')).status).toBe(401)
    // The sealed recovery share alone: its key material is the key service's, not here.
    expect((await call('/api/shares/recovery', { token: alice.token, device: alice.device })).json).toEqual({
      sealedRecoveryShare: shares.sealedRecoveryShare,
    })
  })

  it('releases key material only with the device the session was opened on, not the session token alone', async () => {
    const alice = await login(freshEmail())
    const shares = { authShare: b64(randomBytes(33)), sealedRecoveryShare: b64(randomBytes(62)) }
    await call('/api/shares', { method: 'PUT', body: shares, token: alice.token, device: alice.device })
    const reads = ['/api/shares/auth', '/api/shares/recovery', '/api/passkeys']
    const posts = [['/api/key-service/assertion', { purpose: 'device-key' }] as const]
    const cookie = { Cookie: `airlock_session=${alice.token}` }
    for (const [path, body] of [...reads.map((path) => [path, undefined] as const), ...posts]) {
      const tokenOnly = await call(path, { token: alice.token, ...(body ? { body } : {}) })
      expect(tokenOnly.status, path).toBe(401)
      expect(tokenOnly.json.error).toBe(SecureReason.notSignedIn)
      expect((await call(path, { token: alice.token, device: 'B'.repeat(43), ...(body ? { body } : {}) })).status, path).toBe(401)
      // The session cookie without its device cookie: signed in, but on no device of its own.
      const cookieOnly = await call(path, { headers: cookie, ...(body ? { body } : {}) })
      expect([cookieOnly.status, cookieOnly.json.error], path).toEqual([403, SecureReason.otherDeviceSession])
    }
    const put = await call('/api/shares', { method: 'PUT', body: shares, headers: cookie })
    expect(put.json.error).toBe(SecureReason.otherDeviceSession)
  })

  it('the session token the widget keeps (issue 23) reads nothing of the user alone; beside the frame device cookie it restores the session', async () => {
    const email = freshEmail()
    const alice = await login(email)
    const shares = { authShare: b64(randomBytes(33)), sealedRecoveryShare: b64(randomBytes(62)) }
    expect((await call('/api/shares', { method: 'PUT', body: shares, token: alice.token, device: alice.device })).status).toBe(201)
    sink.clear()
    time += 60_000
    // A compromised widget sends the token it holds, from its own device token or none, with a forged Origin.
    for (const device of [undefined, 'B'.repeat(43)]) {
      time += 10 * 60_000
      const as = { token: alice.token, ...(device ? { device } : {}) }
      expect((await call('/api/session', as)).json).toEqual({ isConnected: false })
      for (const path of ['/api/shares/auth', '/api/shares/recovery', '/api/passkeys']) {
        const read = await call(path, as)
        expect([read.status, read.json.error], path).toEqual([401, SecureReason.notSignedIn])
        expect(JSON.stringify(read.json)).not.toContain(shares.authShare)
      }
      for (const purpose of ['enrol', 'recover', 'device-key'] as const) {
        expect((await call('/api/key-service/assertion', { ...as, body: { purpose } })).status, purpose).toBe(401)
      }
      // No email change in its name, and no shortcut past the login code.
      expect((await call('/api/email/update', { ...as, body: { newEmail: freshEmail() } })).status).toBe(401)
      expect((await call('/api/email/start', { ...as, body: { email } })).json.action).toBe('VERIFY_OTP')
    }
    expect(sink.messages().filter((mail) => mail.subject === 'Confirm your Airlock email change')).toEqual([])
    // The frame that restores a session with it sends its own device too (its partitioned cookie): connected.
    const restored = await call('/api/session', { token: alice.token, headers: { Cookie: `airlock_device=${alice.device}` } })
    expect(restored.json).toMatchObject({ isConnected: true, user: { id: alice.userId, email } })
    const share = await call('/api/shares/auth', { token: alice.token, headers: { Cookie: `airlock_device=${alice.device}` } })
    expect(share.json).toEqual({ authShare: shares.authShare })
  })

  it('tells the frame page which parent it serves, where the key service is and where to send transactions', async () => {
    expect((await call('/api/frame-config')).json).toEqual({
      widgetOrigin: 'http://widget.localhost:4401',
      keyServiceOrigin: 'http://keys.localhost:4410',
      apiUrl: 'http://api.localhost:4403',
    })
  })

  it('names the smart-account networks and their delegator when the relay serves some: the frame takes them from here, not from the widget', async () => {
    const smartAccounts = [
      { chainId: 31337, delegator: '0x7cBD3Fb637aB3C068bf8649Bf8f4da73d7C451ae', entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' },
    ]
    expect((await call('/api/frame-config', {}, makeApp({ smartAccounts }))).json).toMatchObject({ smartAccounts })
    expect((await call('/api/frame-config', {}, makeApp({ smartAccounts: [] }))).json).not.toHaveProperty('smartAccounts')
  })

  it('releases the recovery share, the passkey copies and a recover assertion only within 10 minutes of the login', async () => {
    const alice = await login(freshEmail())
    await call('/api/shares', {
      method: 'PUT',
      body: { authShare: b64(randomBytes(33)), sealedRecoveryShare: b64(randomBytes(62)) },
      token: alice.token,
      device: alice.device,
    })
    time += 10 * 60_000 + 1
    const signedIn = { token: alice.token, device: alice.device }
    for (const late of [
      await call('/api/shares/recovery', signedIn),
      await call('/api/passkeys', signedIn),
      await call('/api/key-service/assertion', { ...signedIn, body: { purpose: 'recover' } }),
    ]) {
      expect(late.status).toBe(403)
      expect(late.json.error).toBe(SecureReason.recoveryNeedsFreshLogin)
    }
    expect((await call('/api/shares/auth', signedIn)).status).toBe(200)
  })

  it('refuses shares that are not bounded base64', async () => {
    const { token, device } = await login(freshEmail())
    for (const authShare of ['', 'not base64!', b64(randomBytes(1025)), 'AAA']) {
      const result = await call('/api/shares', {
        method: 'PUT',
        body: { authShare, sealedRecoveryShare: b64(randomBytes(40)) },
        token,
        device,
      })
      expect(result.status).toBe(400)
    }
  })
})

describe('key service assertions', () => {
  it('signs who, which device and what for, with the key whose public half the key service holds', async () => {
    const email = freshEmail()
    const alice = await login(email)
    const signedIn = { token: alice.token, device: alice.device }
    const enrol = await call('/api/key-service/assertion', { ...signedIn, body: { purpose: 'enrol' } })
    const verified = verifyAssertion(enrol.json.assertion as string, keys.assertionPublicKey, 'enrol', time)
    expect(verified).toMatchObject({ ok: true, claims: { sub: alice.userId, dev: hashToken(alice.device), email } })
    // No recovery before there is a wallet; no second enrolment after.
    expect((await call('/api/key-service/assertion', { ...signedIn, body: { purpose: 'recover' } })).json.error).toBe(SecureReason.noShares)
    await call('/api/shares', {
      method: 'PUT',
      body: { authShare: b64(randomBytes(33)), sealedRecoveryShare: b64(randomBytes(62)) },
      ...signedIn,
    })
    expect((await call('/api/key-service/assertion', { ...signedIn, body: { purpose: 'enrol' } })).json.error).toBe(
      SecureReason.sharesExist,
    )
    const recover = await call('/api/key-service/assertion', { ...signedIn, body: { purpose: 'recover' } })
    const claims = verifyAssertion(recover.json.assertion as string, keys.assertionPublicKey, 'recover', time)
    expect(claims).toMatchObject({ ok: true, claims: { sub: alice.userId, pur: 'recover' } })
    expect(claims.ok && claims.claims.email).toBeUndefined()
    expect(claims.ok && claims.claims.pk).toBeUndefined()
    expect((await call('/api/key-service/assertion', { ...signedIn, body: { purpose: 'sign-anything' } })).status).toBe(400)
    // Once the account holds a passkey, its recover assertions say so: the key service then makes
    // an email-only recovery wait (issue 23).
    const passkey = { credentialId: 'P'.repeat(22), prfSalt: b64(randomBytes(32)), sealedShare: b64(randomBytes(81)) }
    expect((await call('/api/passkeys', { ...signedIn, method: 'PUT', body: passkey })).status).toBe(201)
    const withPasskey = await call('/api/key-service/assertion', { ...signedIn, body: { purpose: 'recover' } })
    expect(verifyAssertion(withPasskey.json.assertion as string, keys.assertionPublicKey, 'recover', time)).toMatchObject({
      ok: true,
      claims: { pk: true },
    })
    const recoveries = await call('/api/key-service/assertion', { ...signedIn, body: { purpose: 'recoveries' } })
    expect(verifyAssertion(recoveries.json.assertion as string, keys.assertionPublicKey, 'recoveries', time)).toMatchObject({
      ok: true,
      claims: { sub: alice.userId, pur: 'recoveries' },
    })
  })
})

describe('passkeys', () => {
  it('keeps passkey-sealed shares of a wallet, at most MAX_PASSKEYS, for the owner only', async () => {
    const alice = await login(freshEmail())
    const signedIn = { token: alice.token, device: alice.device }
    const passkey = (id: string) => ({ credentialId: id, prfSalt: b64(randomBytes(32)), sealedShare: b64(randomBytes(81)) })
    expect((await call('/api/passkeys', { ...signedIn, method: 'PUT', body: passkey('A'.repeat(22)) })).json.error).toBe(
      SecureReason.noShares,
    )
    await call('/api/shares', {
      method: 'PUT',
      body: { authShare: b64(randomBytes(33)), sealedRecoveryShare: b64(randomBytes(62)) },
      ...signedIn,
    })
    const first = passkey('A'.repeat(22))
    expect(await call('/api/passkeys', { ...signedIn, method: 'PUT', body: first })).toMatchObject({ status: 201, json: { passkeys: 1 } })
    expect((await call('/api/passkeys', { ...signedIn, method: 'PUT', body: first })).json.error).toBe(SecureReason.passkeyExists)
    for (let i = 1; i < MAX_PASSKEYS; i++) {
      expect((await call('/api/passkeys', { ...signedIn, method: 'PUT', body: passkey(`${i}`.padStart(22, 'B')) })).status).toBe(201)
    }
    expect((await call('/api/passkeys', { ...signedIn, method: 'PUT', body: passkey('C'.repeat(22)) })).status).toBe(409)
    const listed = await call('/api/passkeys', signedIn)
    expect((listed.json.passkeys as unknown[])[0]).toEqual(first)
    for (const bad of [
      { ...first, credentialId: 'short' },
      { ...first, prfSalt: b64(randomBytes(16)) },
    ]) {
      expect((await call('/api/passkeys', { ...signedIn, method: 'PUT', body: bad })).status).toBe(400)
    }
    const bob = await login(freshEmail())
    expect((await call('/api/passkeys', { token: bob.token, device: bob.device })).json).toEqual({ passkeys: [] })
  })
})

describe('email update', () => {
  it('asks the old address, then the new one, then moves the account', async () => {
    const oldEmail = freshEmail()
    const newEmail = freshEmail()
    const { token, device, userId } = await login(oldEmail)
    expect((await call('/api/email/update', { body: { newEmail } })).status).toBe(401)
    const same = await call('/api/email/update', { body: { newEmail: oldEmail.toUpperCase() }, token, device })
    expect(same.json.error).toBe(SecureReason.sameEmail)

    time += 30_000
    const started = await call('/api/email/update', { body: { newEmail }, token, device })
    expect(started.json).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primaryMail = await sink.waitFor({ to: oldEmail })
    expect(primaryMail.subject).toBe('Confirm your Airlock email change')
    const primaryCode = primaryMail.text.match(/\b(\d{6})\b/)![1]!
    sink.clear()
    // The secondary step needs its own code, mailed only after the primary one.
    expect((await call('/api/email/update/secondary', { body: { otp: primaryCode }, token, device })).json.error).toBe(SecureReason.noCode)
    const primary = await call('/api/email/update/primary', { body: { otp: primaryCode }, token, device })
    expect(primary.json).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondaryCode = await codeFor(newEmail)
    const wrong = await call('/api/email/update/secondary', {
      body: { otp: secondaryCode === '999999' ? '000000' : '999999' },
      token,
      device,
    })
    expect(wrong.json.error).toBe(wrongCodeMessage(4))
    const secondary = await call('/api/email/update/secondary', { body: { otp: secondaryCode }, token, device })
    expect(secondary.json).toEqual({ newEmail })

    expect((await call('/api/session', { token, device })).json).toMatchObject({ user: { id: userId, email: newEmail } })
    time += 30_000
    expect((await call('/api/email/start', { body: { email: newEmail }, token, device })).json).toEqual({ action: 'CONNECT' })
    const newLogin = await login(newEmail, device)
    expect(newLogin.userId).toBe(userId)
  })

  it('refuses an address another account uses', async () => {
    const taken = freshEmail()
    await login(taken)
    const { token, device } = await login(freshEmail())
    const result = await call('/api/email/update', { body: { newEmail: taken }, token, device })
    expect(result.status).toBe(409)
    expect(result.json.error).toBe(SecureReason.emailTaken)
  })
})

describe('without a mail server', () => {
  it('answers 503 on the calls that mail a code', async () => {
    const noMail = makeApp({ mailer: undefined })
    const result = await call('/api/email/start', { body: { email: freshEmail() } }, noMail)
    expect(result.status).toBe(503)
    expect(result.json.error).toBe(SecureReason.emailUnavailable)
  })

  it('answers 502, and keeps no code, when the mail cannot be sent', async () => {
    const failing = makeApp({ mailer: { send: () => Promise.reject(new Error('smtp down')) } })
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const email = freshEmail()
    const result = await call('/api/email/start', { body: { email } }, failing)
    expect(result.status).toBe(502)
    expect(quiet).toHaveBeenCalledOnce()
    quiet.mockRestore()
    const codes = await db.query('SELECT id FROM secure_otp_codes WHERE email = $1', [email])
    expect(codes.rows).toHaveLength(0)
    // Nothing was sent, so no cooldown either.
    expect((await call('/api/email/start', { body: { email } })).status).toBe(200)
  })
})
