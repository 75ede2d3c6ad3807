import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import { CONFIRM_POPUP_PATH } from '@airlock/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { secureFrameCsp } from '../../platform/http/csp'
import { permissionsPolicy } from '../../platform/http/security-headers'
import type { RunningServer } from '../../platform/http/server'
import { tempTree } from '../../testing/http'
import { smtpMailer } from '../../platform/mail/mailer'
import { serverKeys } from './secrets'
import { startSecureOrigin } from './server'

// Ports of this file (20000-29999, unique per test file).
const PORT = 21850
const SECURE = `http://secure.localhost:${PORT}`
const WIDGET = 'http://widget.localhost:21851'

let db: Database
let sink: MailSink
let mailer: ReturnType<typeof smtpMailer>
let server: RunningServer
let cleanup: () => Promise<void>

beforeAll(async () => {
  const tree = await tempTree('secure-origin', {
    'dist/index.html': '<!doctype html><html><head></head><body>Airlock secure frame</body></html>',
    [`dist${CONFIRM_POPUP_PATH}`]: '<!doctype html><html><head></head><body>Confirm</body></html>',
  })
  cleanup = tree.cleanup
  ;[db, sink] = await Promise.all([openDatabase(), startMailSink({ smtpPort: 0, httpPort: 0 })])
  mailer = smtpMailer(sink.smtpUrl)
  server = await startSecureOrigin({
    name: 'secure frame',
    distDir: join(tree.dir, 'dist'),
    csp: secureFrameCsp({ secure: SECURE, widget: WIDGET, keyService: 'http://keys.localhost:4410', api: 'http://api.localhost:4403' }),
    referrerPolicy: 'no-referrer',
    host: '127.0.0.1',
    port: PORT,
    api: {
      origin: SECURE,
      widgetOrigin: WIDGET,
      keyServiceOrigin: 'http://keys.localhost:4410',
      apiOrigin: 'http://api.localhost:4403',
      db,
      keys: serverKeys(randomBytes(32)),
      mailer,
    },
  })
}, 30_000)

afterAll(async () => {
  await server?.close()
  mailer?.close()
  await Promise.all([db?.close(), sink?.stop()])
  await cleanup?.()
})

describe('the secure origin server', () => {
  it('serves the frame page with its CSP beside the API', async () => {
    const page = await fetch(`${server.url}/frame/?projectId=demo`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Airlock secure frame')
    expect(page.headers.get('Content-Security-Policy')).toContain(`frame-ancestors ${WIDGET}`)
    // At a path of its own, where its vault cookie lives (no /api call carries it): the old URLs lead there.
    for (const old of ['/?projectId=demo', '/index.html?projectId=demo']) {
      const moved = await fetch(`${server.url}${old}`, { redirect: 'manual' })
      expect(moved.status, old).toBe(308)
      expect(moved.headers.get('Location'), old).toBe('/frame/?projectId=demo')
    }
    const post = await fetch(`${server.url}/index.html`, { method: 'POST' })
    expect(post.status).toBe(405)
  })

  it('lets only itself use passkeys, and keeps an opener only for its popups', async () => {
    const passkeysOnly = permissionsPolicy({ 'publickey-credentials-get': ['self'], 'publickey-credentials-create': ['self'] })
    expect(passkeysOnly).toContain('publickey-credentials-get=(self), ')
    for (const [path, opener] of [
      ['/frame/', 'same-origin'],
      ['/assets/missing.js', 'same-origin'],
      // The confirmation popup and the social login's pages post to the frame that opened them.
      [CONFIRM_POPUP_PATH, 'unsafe-none'],
      ['/oauth/loading?provider=google', 'unsafe-none'],
      ['/oauth/google/callback?code=x&state=y', 'unsafe-none'],
    ]) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.headers.get('Permissions-Policy'), path).toBe(passkeysOnly)
      expect(res.headers.get('Cross-Origin-Opener-Policy'), path).toBe(opener)
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
      expect(res.headers.get('Strict-Transport-Security'), path).toBeNull()
    }
    const api = await fetch(`${server.url}/api/session`)
    expect(api.headers.get('Permissions-Policy')).toBe(permissionsPolicy({}))
    expect(api.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin')
  })

  it('logs in over HTTP with the code from the mail sink', async () => {
    const email = 'http-login@example.com'
    const started = await fetch(`${server.url}/api/email/start`, {
      method: 'POST',
      headers: { Origin: SECURE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    expect(started.status).toBe(200)
    const { action, deviceToken } = (await started.json()) as { action: string; deviceToken: string }
    expect(action).toBe('VERIFY_OTP')
    const deviceCookie = started.headers.get('Set-Cookie')!.split(';')[0]!
    const otp = (await sink.waitFor({ to: email })).text.match(/\b(\d{6})\b/)![1]
    const verified = await fetch(`${server.url}/api/email/verify`, {
      method: 'POST',
      headers: { Origin: SECURE, Cookie: deviceCookie },
      body: JSON.stringify({ email, otp }),
    })
    expect(verified.status).toBe(200)
    const sessionCookie = verified.headers.get('Set-Cookie')!.split(';')[0]!
    const session = await fetch(`${server.url}/api/session`, { headers: { Cookie: sessionCookie } })
    expect(await session.json()).toMatchObject({ isConnected: true, user: { email } })
    expect(deviceCookie).toBe(`airlock_device=${deviceToken}`)
  })

  it('answers unknown API paths and foreign origins in the API error shape', async () => {
    const missing = await fetch(`${server.url}/api/nope`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ status: 404, error: 'Not Found', reasons: [{ description: 'Not Found' }] })
    const foreign = await fetch(`${server.url}/api/email/start`, { method: 'POST', headers: { Origin: WIDGET }, body: '{}' })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })
})
