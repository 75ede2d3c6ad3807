import { randomBytes } from 'node:crypto'
import { localhostFetch, signInWithStandIn, startOidcStandIn, type OidcProviderName, type OidcStandIn } from '@airlock/devnet/oidc'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { openDatabase } from '../db/open'
import { createSecureOriginApp } from './app'
import { hashToken } from '../security/tokens'
import { serverKeys } from './secrets'
import { SOCIAL_LOGIN_TTL_MS, SocialReason } from './social'

const ORIGIN = 'http://secure.localhost:4402'
const SECRET = 'airlock-devnet-secret'
const PROVIDERS: OidcProviderName[] = ['google', 'github']

let db: Database
let oidc: OidcStandIn
let time = Date.now()
let app: ReturnType<typeof createSecureOriginApp>
/** Every URL the server fetched from the issuers. */
const fetched: string[] = []

beforeAll(async () => {
  ;[db, oidc] = await Promise.all([
    openDatabase(),
    startOidcStandIn({
      port: 0,
      clients: PROVIDERS.map((provider) => ({
        provider,
        clientId: `airlock-devnet-${provider}`,
        clientSecret: SECRET,
        redirectUris: [`${ORIGIN}/oauth/${provider}/callback`],
      })),
    }),
  ])
  app = createSecureOriginApp({
    origin: ORIGIN,
    widgetOrigin: 'http://widget.localhost:4401',
    keyServiceOrigin: 'http://keys.localhost:4410',
    db,
    keys: serverKeys(randomBytes(32)),
    now: () => time,
    rateLimit: false,
    mailRateLimit: false,
    social: {
      providers: Object.fromEntries(
        PROVIDERS.map((provider) => [
          provider,
          { issuer: oidc.issuer(provider), clientId: `airlock-devnet-${provider}`, clientSecret: SECRET },
        ]),
      ),
      fetch: (url, init) => {
        fetched.push(url)
        return localhostFetch(url, init)
      },
    },
  })
}, 30_000)

afterAll(async () => {
  await Promise.all([db?.close(), oidc?.stop()])
})

async function call(path: string, options: { body?: unknown; token?: string; device?: string; origin?: string | null } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (options.origin !== null) headers.Origin = options.origin ?? ORIGIN
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.device) headers['X-Airlock-Device'] = options.device
  const response = await app.request(path, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  })
  const text = await response.text()
  const json = response.headers.get('content-type')?.includes('json') && text ? (JSON.parse(text) as Record<string, unknown>) : {}
  return { status: response.status, headers: response.headers, json, text }
}

/** The popup landing on the callback: a top-level navigation, no Origin header. */
async function callback(url: URL) {
  expect(url.origin).toBe(ORIGIN)
  const response = await app.request(`${url.pathname}${url.search}`, {
    headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

async function start(provider: string, device?: string) {
  const started = await call(`/api/social/${provider}/start`, { body: {}, ...(device ? { device } : {}) })
  return {
    ...started,
    uri: started.json.uri as string,
    state: started.json.state as string,
    device: device ?? (started.json.deviceToken as string),
  }
}

let counter = 0
const freshEmail = () => `social${++counter}.${Date.now()}@example.com`

describe.each(PROVIDERS)('social login with %s', (provider) => {
  it('start -> provider login -> callback -> claim gives a working session', async () => {
    const started = await start(provider)
    expect(started.status).toBe(200)
    expect(started.device).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(started.headers.get('set-cookie')).toMatch(/^airlock_device=/)
    const uri = new URL(started.uri)
    expect(uri.origin + uri.pathname).toBe(`${oidc.issuer(provider)}/authorize`)
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256')
    expect(uri.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/oauth/${provider}/callback`)
    expect(uri.searchParams.get('client_id')).toBe(`airlock-devnet-${provider}`)
    expect(uri.searchParams.get('state')).toBe(started.state)

    // Before the popup comes back the result is pending.
    const pending = await call('/api/social/claim', { body: { state: started.state }, device: started.device })
    expect(pending.status).toBe(202)
    expect(pending.json).toEqual({ status: 'pending' })

    const email = freshEmail()
    const back = await signInWithStandIn(started.uri, { email })
    const landed = await callback(back)
    expect(landed.status).toBe(200)
    expect(landed.text).toContain('You can close this window')
    expect(landed.text).not.toMatch(/<script/i)
    expect(landed.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(landed.headers.get('referrer-policy')).toBe('no-referrer')

    const claimed = await call('/api/social/claim', { body: { state: started.state }, device: started.device })
    expect(claimed.status).toBe(200)
    expect(claimed.headers.get('set-cookie')).toMatch(/^airlock_session=/)
    const token = claimed.json.token as string
    expect((claimed.json.user as { email: string }).email).toBe(email)
    const session = await call('/api/session', { token })
    expect(session.json).toMatchObject({ isConnected: true, user: { email } })
    // The ID token's signature was checked against the issuer's keys.
    expect(fetched).toContain(`${oidc.issuer(provider)}/jwks`)

    // The same identity signs in to the same user next time.
    const again = await start(provider, started.device)
    await callback(await signInWithStandIn(again.uri, { email }))
    const second = await call('/api/social/claim', { body: { state: again.state }, device: started.device })
    expect(second.json.user).toEqual(claimed.json.user)
  })
})

describe('social login refusals', () => {
  it('keeps the PKCE verifier and nonce on the server: the start reply has only the challenge', async () => {
    const started = await start('google')
    const { rows } = await db.query<{ code_verifier: string; nonce: string }>(
      'SELECT code_verifier, nonce FROM secure_social_logins WHERE state_hash = $1',
      [hashToken(started.state)],
    )
    const stored = rows[0]!
    expect(started.text).not.toContain(stored.code_verifier)
    expect(Object.keys(started.json).sort()).toEqual(['deviceToken', 'state', 'uri'])
    const uri = new URL(started.uri)
    expect(uri.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(uri.searchParams.get('code_challenge')).not.toBe(stored.code_verifier)
    expect(uri.searchParams.has('code_verifier')).toBe(false)
    // The state itself is not stored either, only its hash.
    const raw = await db.query('SELECT 1 FROM secure_social_logins WHERE state_hash = $1', [started.state])
    expect(raw.rows).toHaveLength(0)
  })

  it('Cancel on the provider page: the callback says so and the claim gives the reason', async () => {
    const started = await start('google')
    const back = await signInWithStandIn(started.uri, { cancel: true })
    expect(back.searchParams.get('error')).toBe('access_denied')
    const landed = await callback(back)
    expect(landed.status).toBe(400)
    expect(landed.text).toContain(SocialReason.cancelled)
    const claimed = await call('/api/social/claim', { body: { state: started.state }, device: started.device })
    expect(claimed.status).toBe(400)
    expect(claimed.json.error).toBe(SocialReason.cancelled)
  })

  it('refuses a replayed callback and a reused state', async () => {
    const started = await start('github')
    const back = await signInWithStandIn(started.uri, { email: freshEmail() })
    expect((await callback(back)).status).toBe(200)
    const replay = await callback(back)
    expect(replay.status).toBe(400)
    expect(replay.text).toContain(SocialReason.used)

    const claimed = await call('/api/social/claim', { body: { state: started.state }, device: started.device })
    expect(claimed.status).toBe(200)
    const reclaimed = await call('/api/social/claim', { body: { state: started.state }, device: started.device })
    expect(reclaimed.status).toBe(400)
    expect(reclaimed.json.error).toBe(SocialReason.used)
  })

  it('refuses a claim from another device token, and one without any', async () => {
    const started = await start('google')
    await callback(await signInWithStandIn(started.uri, { email: freshEmail() }))
    const other = randomBytes(32).toString('base64url')
    const stolen = await call('/api/social/claim', { body: { state: started.state }, device: other })
    expect(stolen.status).toBe(403)
    expect(stolen.json.error).toBe(SocialReason.otherDevice)
    expect((await call('/api/social/claim', { body: { state: started.state } })).status).toBe(403)
    // The rightful frame still gets its session.
    expect((await call('/api/social/claim', { body: { state: started.state }, device: started.device })).status).toBe(200)
  })

  it('refuses a callback whose state was started for another provider, an unknown state, and an expired one', async () => {
    const started = await start('google')
    const back = await signInWithStandIn(started.uri, { email: freshEmail() })
    const wrong = await callback(new URL(`${ORIGIN}/oauth/github/callback${back.search}`))
    expect(wrong.status).toBe(400)
    expect(wrong.text).toContain(SocialReason.wrongProvider)
    const unknown = await callback(new URL(`${ORIGIN}/oauth/google/callback?code=x&state=${randomBytes(32).toString('base64url')}`))
    expect(unknown.text).toContain(SocialReason.unknownState)

    const late = await start('google')
    const lateBack = await signInWithStandIn(late.uri, { email: freshEmail() })
    time += SOCIAL_LOGIN_TTL_MS + 1
    try {
      const expired = await callback(lateBack)
      expect(expired.status).toBe(400)
      expect(expired.text).toContain(SocialReason.expired)
      const claimed = await call('/api/social/claim', { body: { state: late.state }, device: late.device })
      expect(claimed.json.error).toBe(SocialReason.expired)
    } finally {
      time -= SOCIAL_LOGIN_TTL_MS + 1
    }
  })

  it('a code the provider does not know: the exchange fails, the page and the claim say so', async () => {
    const started = await start('github')
    const forged = await callback(new URL(`${ORIGIN}/oauth/github/callback?code=forged&state=${started.state}`))
    expect(forged.status).toBe(502)
    expect(forged.text).toContain(SocialReason.exchangeFailed('GitHub'))
    const claimed = await call('/api/social/claim', { body: { state: started.state }, device: started.device })
    expect(claimed.status).toBe(400)
    expect(claimed.json.error).toBe(SocialReason.exchangeFailed('GitHub'))
  })

  it('answers 404 for an unknown or unconfigured provider, and refuses a cross-origin start', async () => {
    const unknown = await call('/api/social/myspace/start', { body: {} })
    expect(unknown.status).toBe(404)
    expect(unknown.json.error).toBe(SocialReason.unknownProvider('myspace'))
    const unconfigured = await call('/api/social/apple/start', { body: {} })
    expect(unconfigured.status).toBe(404)
    expect(unconfigured.json.error).toBe(SocialReason.unknownProvider('apple'))
    expect((await callback(new URL(`${ORIGIN}/oauth/apple/callback?code=x&state=y`))).status).toBe(404)
    const foreign = await call('/api/social/google/start', { body: {}, origin: 'http://evil.localhost' })
    expect(foreign.status).toBe(403)
  })

  it('serves the popup loading page: script-free, naming a configured provider only', async () => {
    const loading = await callback(new URL(`${ORIGIN}/oauth/loading?provider=github`))
    expect(loading.status).toBe(200)
    expect(loading.text).toContain('Connecting to GitHub…')
    expect(loading.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
    const unknown = await callback(new URL(`${ORIGIN}/oauth/loading?provider=%3Cscript%3E`))
    expect(unknown.text).toContain('Connecting…')
    expect(unknown.text).not.toContain('<script>')
  })
})
