import { createPublicKey, verify } from 'node:crypto'
import * as client from 'openid-client'
import { afterEach, describe, expect, it } from 'vitest'
import { localhostFetch, loopbackUrl, signInWithStandIn, startOidcStandIn, type OidcProviderName, type OidcStandIn } from './index'

const REDIRECT = 'http://secure.localhost:4402/oauth/callback'
const SECRET = 'devnet-secret'

let standIn: OidcStandIn | undefined
afterEach(async () => {
  await standIn?.stop()
  standIn = undefined
})

async function start(options: { autoLogin?: boolean; codeTtlSeconds?: number } = {}) {
  standIn = await startOidcStandIn({
    port: 0,
    clients: [
      { provider: 'google', clientId: 'airlock-google', clientSecret: SECRET, redirectUris: [REDIRECT] },
      { provider: 'github', clientId: 'airlock-github', clientSecret: SECRET, redirectUris: [REDIRECT] },
      { provider: 'discord', clientId: 'airlock-public', redirectUris: [REDIRECT] },
    ],
    ...options,
  })
  return standIn
}

/** `secret` null: a public client. */
async function discover(provider: OidcProviderName, clientId = `airlock-${provider}`, secret: string | null = SECRET) {
  return client.discovery(new URL(standIn!.issuer(provider)), clientId, secret ?? undefined, secret === null ? client.None() : undefined, {
    execute: [client.allowInsecureRequests],
    [client.customFetch]: localhostFetch,
  })
}

async function authorization(config: client.Configuration, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  })
  return { url, verifier, state, nonce }
}

/** The ID token's signature against the issuer's JWKS (openid-client checks its claims, not its signature, on a token response). */
async function verifySignature(config: client.Configuration, idToken: string) {
  const [header, payload, signature] = idToken.split('.') as [string, string, string]
  const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string; alg: string }
  expect(alg).toBe('RS256')
  const jwks = (await (await localhostFetch(config.serverMetadata().jwks_uri!)).json()) as { keys: Array<{ kid: string }> }
  const jwk = jwks.keys.find((key) => key.kid === kid)!
  expect(jwk).toBeDefined()
  expect(jwk).not.toHaveProperty('d') // public keys only
  const key = createPublicKey({ key: jwk as never, format: 'jwk' })
  return verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))
}

async function errorOf(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )) as { error?: string; status?: number } | undefined
  expect(error).toBeDefined()
  return error!
}

describe.each(['google', 'github'] as const)('OIDC stand-in as %s', (provider) => {
  it('runs discovery, the login page, the code exchange with PKCE, the ID token and userinfo', async () => {
    const oidc = await start()
    const config = await discover(provider)
    const metadata = config.serverMetadata()
    expect(metadata.issuer).toBe(`${oidc.url}/${provider}`)
    expect(oidc.url).toMatch(/^http:\/\/oidc\.localhost:\d+$/)
    expect(metadata.authorization_endpoint).toBe(`${oidc.url}/${provider}/authorize`)
    expect(metadata.code_challenge_methods_supported).toEqual(['S256'])
    expect(metadata.response_types_supported).toEqual(['code'])
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))

    const { url, verifier, state, nonce } = await authorization(config)
    // The login page, as the popup shows it.
    const jar: string[] = []
    const first = await localhostFetch(url, { redirect: 'manual' })
    jar.push(...first.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!))
    const pageUrl = new URL(first.headers.get('location')!, url)
    expect(pageUrl.pathname).toMatch(new RegExp(`^/${provider}/interaction/`))
    const page = await localhostFetch(pageUrl, { headers: { cookie: jar.join('; ') } })
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain(`form-action 'self' http://secure.localhost:4402`)
    const html = await page.text()
    expect(html).not.toContain('<script')
    expect(html).toContain(`Sign in with ${provider === 'google' ? 'Google' : 'GitHub'}`)
    expect(html).toContain('value="alice@example.com"')
    expect(html).toContain('>Continue</button>')
    expect(html).toContain('>Cancel</button>')

    const callback = await signInWithStandIn(url, { email: 'Bob.Smith@example.com' })
    expect(callback.origin + callback.pathname).toBe(REDIRECT)
    expect(callback.searchParams.get('state')).toBe(state)
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    })
    const claims = tokens.claims()!
    expect(claims).toMatchObject({
      iss: `${oidc.url}/${provider}`,
      aud: `airlock-${provider}`,
      sub: oidc.subjectFor(provider, 'bob.smith@example.com'),
      email: 'Bob.Smith@example.com',
      email_verified: true,
      name: 'Bob Smith',
      preferred_username: 'Bob.Smith',
      nonce,
    })
    expect(await verifySignature(config, tokens.id_token!)).toBe(true)
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
    expect(userinfo).toMatchObject({ sub: claims.sub, email: 'Bob.Smith@example.com', email_verified: true, name: 'Bob Smith' })

    // The same email signs in as the same subject; another email is another subject.
    const again = await authorization(config)
    const sameSub = (
      await client.authorizationCodeGrant(config, await signInWithStandIn(again.url, { email: 'bob.smith@example.com' }), {
        pkceCodeVerifier: again.verifier,
        expectedState: again.state,
        expectedNonce: again.nonce,
      })
    ).claims()!.sub
    expect(sameSub).toBe(claims.sub)
    expect(oidc.subjectFor(provider, 'carol@example.com')).not.toBe(claims.sub)
    expect(oidc.subjectFor(provider === 'google' ? 'github' : 'google', 'bob.smith@example.com')).not.toBe(claims.sub)
  })

  it('answers Cancel with access_denied and the state', async () => {
    await start()
    const config = await discover(provider)
    const { url, verifier, state } = await authorization(config)
    const callback = await signInWithStandIn(url, { cancel: true })
    expect(callback.searchParams.get('error')).toBe('access_denied')
    expect(callback.searchParams.get('state')).toBe(state)
    expect(callback.searchParams.has('code')).toBe(false)
    const error = await errorOf(client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state }))
    expect(error.error).toBe('access_denied')
  })

  it('refuses a wrong PKCE verifier, a reused code and a wrong client secret with invalid_grant / invalid_client', async () => {
    await start()
    const config = await discover(provider)

    const wrong = await authorization(config)
    const wrongCallback = await signInWithStandIn(wrong.url)
    const badVerifier = await errorOf(
      client.authorizationCodeGrant(config, wrongCallback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: wrong.state,
        expectedNonce: wrong.nonce,
      }),
    )
    expect(badVerifier).toMatchObject({ error: 'invalid_grant', status: 400 })

    const ok = await authorization(config)
    const callback = await signInWithStandIn(ok.url)
    const checks = { pkceCodeVerifier: ok.verifier, expectedState: ok.state, expectedNonce: ok.nonce }
    await client.authorizationCodeGrant(config, callback, checks)
    expect(await errorOf(client.authorizationCodeGrant(config, callback, checks))).toMatchObject({ error: 'invalid_grant', status: 400 })

    const impostor = await discover(provider, `airlock-${provider}`, 'not-the-secret')
    const third = await authorization(impostor)
    const thirdCallback = await signInWithStandIn(third.url)
    const badSecret = await errorOf(
      client.authorizationCodeGrant(impostor, thirdCallback, {
        pkceCodeVerifier: third.verifier,
        expectedState: third.state,
        expectedNonce: third.nonce,
      }),
    )
    expect(badSecret).toMatchObject({ error: 'invalid_client', status: 401 })
  })
})

describe('OIDC stand-in refusals at /authorize', () => {
  it('shows an error page (no redirect) for an unknown client id or an unregistered redirect_uri', async () => {
    await start()
    const unknown = await authorization(await discover('google', 'nobody'))
    const unknownPage = await localhostFetch(unknown.url, { redirect: 'manual' })
    expect(unknownPage.status).toBe(400)
    expect(unknownPage.headers.get('location')).toBeNull()
    expect(unknownPage.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await unknownPage.text()).toContain('invalid_client')

    // A github client is not a google client.
    const otherIssuer = await authorization(await discover('google', 'airlock-github'))
    expect((await localhostFetch(otherIssuer.url, { redirect: 'manual' })).status).toBe(400)

    const config = await discover('google')
    const elsewhere = await authorization(config, { redirect_uri: 'http://evil.localhost:4402/oauth/callback' })
    const elsewherePage = await localhostFetch(elsewhere.url, { redirect: 'manual' })
    expect(elsewherePage.status).toBe(400)
    expect(elsewherePage.headers.get('location')).toBeNull()
    expect(await elsewherePage.text()).toContain('invalid_redirect_uri')
  })

  it('requires PKCE S256: plain and a missing challenge come back as invalid_request', async () => {
    await start()
    const config = await discover('github')
    for (const params of [
      { code_challenge_method: 'plain', code_challenge: client.randomPKCECodeVerifier() },
      { code_challenge_method: '', code_challenge: '' },
    ]) {
      const { url, state } = await authorization(config)
      for (const [name, value] of Object.entries(params)) {
        if (value) url.searchParams.set(name, value)
        else url.searchParams.delete(name)
      }
      const response = await localhostFetch(url, { redirect: 'manual' })
      expect(response.status).toBe(303)
      const callback = new URL(response.headers.get('location')!)
      expect(callback.origin + callback.pathname).toBe(REDIRECT)
      expect(callback.searchParams.get('error')).toBe('invalid_request')
      expect(callback.searchParams.get('error_description')).toMatch(/code_challenge|PKCE/)
      expect(callback.searchParams.get('state')).toBe(state)
    }
  })
})

describe('OIDC stand-in', () => {
  it('refuses an expired code', async () => {
    await start({ codeTtlSeconds: 1 })
    const config = await discover('google')
    const { url, verifier, state, nonce } = await authorization(config)
    const callback = await signInWithStandIn(url)
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const error = await errorOf(
      client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce }),
    )
    expect(error).toMatchObject({ error: 'invalid_grant', status: 400 })
  })

  it('with autoLogin signs the login_hint in without a page; without it the hint only prefills the page', async () => {
    await start({ autoLogin: true })
    const config = await discover('google')
    const { url, verifier, state, nonce } = await authorization(config, { login_hint: 'dave@example.com' })
    // One redirect chain, no form: a fetch that refuses POSTs proves none was sent.
    const callback = await signInWithStandIn(url, {
      fetch: (input, init) => {
        if (init.method === 'POST') throw new Error('posted')
        return localhostFetch(input, init)
      },
    })
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    })
    expect(tokens.claims()).toMatchObject({ email: 'dave@example.com', name: 'Dave' })

    await standIn!.stop()
    await start()
    const manual = await discover('google')
    const hinted = await authorization(manual, { login_hint: 'erin@example.com' })
    const first = await localhostFetch(hinted.url, { redirect: 'manual' })
    const cookie = first.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const page = await localhostFetch(new URL(first.headers.get('location')!, hinted.url), { headers: { cookie } })
    expect(await page.text()).toContain('value="erin@example.com"')
  })

  it('serves a public client (PKCE only, no secret) and answers on 127.0.0.1 with the issuer host', async () => {
    const oidc = await start()
    const config = await discover('discord', 'airlock-public', null)
    const { url, verifier, state, nonce } = await authorization(config)
    const callback = await signInWithStandIn(url, { email: 'frank@example.com' })
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    })
    expect(tokens.claims()).toMatchObject({ iss: oidc.issuer('discord'), email: 'frank@example.com' })

    const viaLoopback = (await (await fetch(loopbackUrl(`${oidc.issuer('discord')}/.well-known/openid-configuration`))).json()) as {
      token_endpoint: string
    }
    expect(viaLoopback.token_endpoint).toBe(`${oidc.url}/discord/token`)
    expect((await fetch(loopbackUrl(`${oidc.url}/apple/.well-known/openid-configuration`))).status).toBe(404) // not configured
  })
})
