import { randomBytes, randomUUID } from 'node:crypto'
import type { MailSink } from '@airlock/devnet/mail'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { DEFAULT_RECOVERY_WAIT_MS, KeyServiceReason, KS_USER_DAILY_RECOVERIES, RECOVERY_OPEN_FOR_MS } from './app'
import { signAssertion, type AssertionPurpose } from './assertion'
import { CancelPageText } from './cancel-page'
import { auditTrail } from './store'
import { startKeyServiceUnderTest, TEST_SECURE_ORIGIN, type KeyServiceUnderTest } from './testing'

/**
 * Issue 23: an account with a passkey cannot be opened on a new device by its login and email
 * alone at once (the "send us the two codes" phishing): email-only recovery waits 48 hours, the
 * owner is mailed a cancel link, and every device with the wallet open can see and cancel it.
 */
const SECURE = TEST_SECURE_ORIGIN
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
let time = Date.UTC(2031, 0, 1)
let db: Database
let sink: MailSink
let sos: KeyServiceUnderTest['sos']
let app: KeyServiceUnderTest['app']
let service: KeyServiceUnderTest | undefined

beforeAll(async () => {
  service = await startKeyServiceUnderTest({
    now: () => time,
    publicUrl: 'https://keys.example',
    trustedProxies: ['127.0.0.1'],
    countryHeader: 'CF-IPCountry',
  })
  ;({ db, sink, sos, app } = service)
}, 30_000)

afterAll(() => service?.close())

beforeEach(() => {
  sink.clear()
  time += 30 * 24 * 60 * 60_000
})

const device = () => randomBytes(32).toString('hex')
const claim = (pur: AssertionPurpose, sub: string, dev: string, extra: { email?: string; pk?: boolean } = {}) =>
  signAssertion(sos.privateKey, { sub, dev, pur, ...extra }, time)

async function call(path: string, body: unknown) {
  const response = await app.request(
    path,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: SECURE,
        'User-Agent': CHROME,
        'CF-IPCountry': 'DE',
        'X-Forwarded-For': '203.0.113.7',
      },
      body: JSON.stringify(body),
    },
    // The client reaches the service through its trusted proxy.
    { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
  )
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

async function account(): Promise<{ sub: string; email: string }> {
  const sub = randomUUID()
  const email = `rec-${sub}@example.com`
  expect((await call('/v1/enrol', { assertion: claim('enrol', sub, device(), { email }) })).status).toBe(201)
  return { sub, email }
}

const codeIn = (text: string) => text.match(/device code is (\d{6})/)?.[1]

describe('key service: email recovery of an account with a passkey', () => {
  it('waits 48 hours: the login and email codes of a phished user open nothing before, and the owner is mailed who asks', async () => {
    const { sub, email } = await account()
    const attacker = device()
    const asked = await call('/v1/codes', { assertion: claim('recover', sub, attacker, { pk: true }) })
    expect(asked.status).toBe(202)
    expect(asked.json).toMatchObject({ sentTo: 'r***@example.com', opensAt: time + DEFAULT_RECOVERY_WAIT_MS })
    const match = asked.json.match as string
    expect(match).toMatch(/^[1-9]\d$/)
    const mail = await sink.waitFor({ to: email })
    expect(mail.subject).toBe('A device asked to open your Airlock wallet by email')
    expect(mail.text).toContain('The device asking: Chrome 142 on Linux')
    expect(mail.text).toContain('Place (approximate): DE (IP 203.0.113.7)')
    expect(mail.text).toContain(`Time: ${new Date(time).toUTCString()}`)
    expect(mail.text).toContain(`Its screen shows the number ${match}.`)
    expect(mail.text).toContain(`may do so only from ${new Date(time + DEFAULT_RECOVERY_WAIT_MS).toUTCString()}`)
    expect(codeIn(mail.text)).toBeUndefined()
    // Nothing to enter: no code exists, and any code is refused while it waits.
    expect(await call('/v1/recover', { assertion: claim('recover', sub, attacker, { pk: true }), code: '123456' })).toMatchObject({
      status: 403,
      json: { error: KeyServiceReason.recoveryWaiting },
    })
    // Asking again neither mails again nor shortens the wait.
    time += 60 * 60_000
    expect(await call('/v1/codes', { assertion: claim('recover', sub, attacker, { pk: true }) })).toMatchObject({
      status: 202,
      json: { match, opensAt: time - 60 * 60_000 + DEFAULT_RECOVERY_WAIT_MS },
    })
    expect(sink.messages()).toHaveLength(1)
    // The wait is the key service's own memory: a later assertion without the passkey claim changes nothing.
    expect((await call('/v1/codes', { assertion: claim('recover', sub, attacker) })).status).toBe(202)

    // Once it is over, the code goes out under the same number, and opens the material.
    time += DEFAULT_RECOVERY_WAIT_MS
    sink.clear()
    expect(await call('/v1/codes', { assertion: claim('recover', sub, attacker, { pk: true }) })).toMatchObject({
      status: 200,
      json: { match },
    })
    const codeMail = await sink.waitFor({ to: email })
    expect(codeMail.text).toContain(`only if it shows the number ${match}`)
    const released = await call('/v1/recover', { assertion: claim('recover', sub, attacker, { pk: true }), code: codeIn(codeMail.text) })
    expect(released.status).toBe(200)
    expect((await auditTrail(db, sub)).map((entry) => entry.action)).toEqual(['enrol', 'recovery-request', 'recover'])
  })

  it('a known device lists the recovery and cancels it: the asking device is refused for good', async () => {
    const { sub, email } = await account()
    const attacker = device()
    const knownDevice = device()
    const { json } = await call('/v1/codes', { assertion: claim('recover', sub, attacker, { pk: true }) })
    await sink.waitFor({ to: email })
    const listed = await call('/v1/recoveries', { assertion: claim('recoveries', sub, knownDevice) })
    expect(listed).toMatchObject({
      status: 200,
      json: {
        recoveries: [
          {
            requestedAt: time,
            opensAt: time + DEFAULT_RECOVERY_WAIT_MS,
            device: 'Chrome 142 on Linux',
            place: 'DE (IP 203.0.113.7)',
            match: json.match,
          },
        ],
      },
    })
    const id = (listed.json.recoveries as { id: string }[])[0]!.id
    // Another account's session cannot cancel it.
    expect((await call('/v1/recoveries/cancel', { assertion: claim('recoveries', randomUUID(), knownDevice), id })).status).toBe(404)
    expect(await call('/v1/recoveries/cancel', { assertion: claim('recoveries', sub, knownDevice), id })).toMatchObject({
      status: 200,
      json: { recoveries: [] },
    })
    time += DEFAULT_RECOVERY_WAIT_MS + 1
    for (const path of ['/v1/codes', '/v1/recover'])
      expect(await call(path, { assertion: claim('recover', sub, attacker, { pk: true }), code: '123456' })).toMatchObject({
        status: 403,
        json: { error: KeyServiceReason.recoveryCancelled },
      })
    // The cancel holds until the recovery would have expired; then a new request waits again.
    time += RECOVERY_OPEN_FOR_MS
    expect((await call('/v1/codes', { assertion: claim('recover', sub, attacker, { pk: true }) })).status).toBe(202)
  })

  it("the mail's link shows a page whose button cancels; opening the link alone cancels nothing", async () => {
    const { sub, email } = await account()
    const attacker = device()
    await call('/v1/codes', { assertion: claim('recover', sub, attacker, { pk: true }) })
    const mail = await sink.waitFor({ to: email })
    const link = new URL(mail.text.match(/cancel it now: (\S+)/)![1]!)
    expect(link.origin).toBe('https://keys.example')
    const page = await app.request(link.pathname + link.search)
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Security-Policy')).toContain("form-action 'self'")
    const html = await page.text()
    expect(html).toContain('Cancel this email recovery?')
    expect(html).not.toContain('<script')
    expect((await call('/v1/recoveries', { assertion: claim('recoveries', sub, device()) })).json.recoveries).toHaveLength(1)
    const token = link.searchParams.get('t')!
    const post = (t: string) =>
      app.request('/recoveries/cancel', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `t=${t}`,
      })
    expect(await (await post('x'.repeat(43))).text()).toContain(CancelPageText.unknown)
    const done = await post(token)
    expect(done.status).toBe(200)
    expect(await done.text()).toContain(CancelPageText.done.slice(0, 40))
    expect(await (await app.request(link.pathname + link.search)).text()).toContain(CancelPageText.already.slice(0, 40))
    expect((await call('/v1/recoveries', { assertion: claim('recoveries', sub, device()) })).json.recoveries).toEqual([])
    time += DEFAULT_RECOVERY_WAIT_MS + 1
    expect((await call('/v1/codes', { assertion: claim('recover', sub, attacker, { pk: true }) })).status).toBe(403)
    expect((await auditTrail(db, sub)).map((entry) => [entry.action, entry.factor])).toEqual([
      ['enrol', null],
      ['recovery-request', null],
      ['recovery-cancel', 'email-link'],
    ])
  })

  it('caps the recoveries one account may start a day, so its owner is not flooded with mails', async () => {
    const { sub } = await account()
    for (let i = 0; i < KS_USER_DAILY_RECOVERIES; i++)
      expect((await call('/v1/codes', { assertion: claim('recover', sub, device(), { pk: true }) })).status).toBe(202)
    expect(await call('/v1/codes', { assertion: claim('recover', sub, device(), { pk: true }) })).toMatchObject({
      status: 429,
      json: { error: KeyServiceReason.tooManyRecoveries },
    })
  })

  it('an account without a passkey still gets its code at once, with the device facts and the number', async () => {
    const { sub, email } = await account()
    const sent = await call('/v1/codes', { assertion: claim('recover', sub, device()) })
    expect(sent.status).toBe(200)
    const mail = await sink.waitFor({ to: email })
    expect(codeIn(mail.text)).toMatch(/^\d{6}$/)
    expect(mail.text).toContain('The device asking: Chrome 142 on Linux')
    expect(mail.text).toContain(`Its screen shows the number ${sent.json.match}.`)
  })
})
