import { createHash, generateKeyPair, randomBytes, type JsonWebKey } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import Provider, { interactionPolicy, type ClientMetadata, type Configuration, type JWK } from 'oidc-provider'
import { memoryAdapterFactory } from './adapter'
import { errorPage, indexPage, isOidcProviderName, loginPage, type HtmlPage, type OidcProviderName } from './page'

export interface OidcStandInClient {
  provider: OidcProviderName
  clientId: string
  /** Without one the client is public (token_endpoint_auth_method `none`, PKCE only). */
  clientSecret?: string
  /** How the secret is sent to /token; default `client_secret_basic` (with a secret). */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post'
  redirectUris: readonly string[]
}

export interface StartOidcStandInOptions {
  /** 0 picks a free port. */
  port: number
  host?: string
  /**
   * Origin the issuers live under, what browsers and clients are told (default
   * `http://oidc.localhost:PORT`). Every request is answered as if it came to this host, so the
   * endpoints in the discovery documents stay the same whether a client reaches the server by
   * this name or by 127.0.0.1 (Node cannot resolve `*.localhost`: see `localhostFetch`).
   */
  issuerBase?: string
  clients: readonly OidcStandInClient[]
  /**
   * Test flag: an authorization request carrying `login_hint=<email>` signs that email in at once,
   * without showing the login page (the redirect chain goes straight back to the redirect_uri).
   */
  autoLogin?: boolean
  /** Email the login page starts with when the request has no login_hint (default alice@example.com). */
  defaultEmail?: string
  /** Lifetime of an authorization code (default 60 s). */
  codeTtlSeconds?: number
  /** One line per request, and server errors. */
  log?: (line: string) => void
}

export interface OidcStandIn {
  /** The issuer base, e.g. `http://oidc.localhost:4408`. */
  url: string
  port: number
  /** The provider's issuer (`${url}/${provider}`): its discovery document is at `${issuer}/.well-known/openid-configuration`. */
  issuer(provider: OidcProviderName): string
  /** The `sub` the provider gives an email (stable across restarts: derived from provider and email). */
  subjectFor(provider: OidcProviderName, email: string): string
  /** Closes the server; codes, tokens and sessions are lost. Idempotent. */
  stop(): Promise<void>
}

const SCOPES = ['openid', 'email', 'profile']
const CLAIMS = { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] }
const EMAIL = /^[^\s@]+@[^\s@]+$/

function subjectFor(provider: OidcProviderName, email: string): string {
  // Digits, like Google's and GitHub's numeric ids.
  const digest = createHash('sha256').update(`${provider}:${email.trim().toLowerCase()}`).digest()
  return digest.readBigUInt64BE(0).toString()
}

function profileOf(email: string) {
  const local = email.split('@')[0]!
  const name = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ')
  return { name: name || local, preferred_username: local }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = ''
  for await (const chunk of req) {
    body += String(chunk)
    if (body.length > 16_384) throw new Error('form too large')
  }
  return new URLSearchParams(body)
}

function send(res: ServerResponse, status: number, html: HtmlPage): void {
  res.writeHead(status, html.headers).end(html.body)
}

// RSA key generation takes a good part of a second: one key per provider for the process's life.
const signingKeys = new Map<OidcProviderName, Promise<JWK>>()

function signingKey(provider: OidcProviderName): Promise<JWK> {
  let key = signingKeys.get(provider)
  if (!key) {
    key = promisify(generateKeyPair)('rsa', { modulusLength: 2048 }).then(({ privateKey }) => {
      const jwk: JsonWebKey = privateKey.export({ format: 'jwk' })
      return { ...jwk, kid: `${provider}-${randomBytes(6).toString('hex')}`, use: 'sig', alg: 'RS256' } as JWK
    })
    signingKeys.set(provider, key)
  }
  return key
}

/**
 * A devnet OpenID Connect provider standing in for the social logins (Google, GitHub, Apple,
 * Facebook, X, Discord): one issuer per provider at `${issuerBase}/${provider}`, each with its own
 * discovery document, JWKS, `/authorize`, `/token` and `/userinfo` (oidc-provider 8). Authorization
 * code flow only, PKCE S256 required; scopes openid email profile; the ID token carries sub,
 * email, email_verified, name and preferred_username (and the nonce).
 *
 * `/authorize` redirects to the provider's login page (`/${provider}/interaction/:uid`): an email
 * field and Continue / Cancel (Cancel answers the client with `error=access_denied`). Tests post
 * that form (`signInWithStandIn` does it) or set `autoLogin` and pass `login_hint`.
 */
export async function startOidcStandIn(options: StartOidcStandInOptions): Promise<OidcStandIn> {
  const host = options.host ?? '127.0.0.1'
  const log = options.log ?? (() => undefined)
  const defaultEmail = options.defaultEmail ?? 'alice@example.com'
  for (const client of options.clients) {
    if (!isOidcProviderName(client.provider)) throw new Error(`unknown provider ${String(client.provider)}`)
  }
  const providers = [...new Set(options.clients.map((client) => client.provider))]
  const cookieKeys = [randomBytes(32).toString('base64url')]
  const keys = new Map(await Promise.all(providers.map(async (name) => [name, await signingKey(name)] as const)))

  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Cannot start the OIDC stand-in: port ${options.port} on ${host} is already in use (a running "npm start"?)`, {
              cause: error,
            })
          : error,
      ),
    )
    server.listen(options.port, host, () => {
      server.removeAllListeners('error')
      server.on('error', (error) => log(`oidc: server error: ${error.message}`))
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const base = (options.issuerBase ?? `http://oidc.localhost:${port}`).replace(/\/+$/, '')
  const baseHost = new URL(base).host
  const issuer = (provider: OidcProviderName) => `${base}/${provider}`

  const adapter = memoryAdapterFactory()
  const instances = new Map<
    OidcProviderName,
    { oidc: Provider; handler: ReturnType<Provider['callback']>; formTargets: string[]; emails: Map<string, string> }
  >()
  for (const provider of providers) {
    const clients = options.clients.filter((client) => client.provider === provider)
    const emails = new Map<string, string>() // sub -> email, filled at sign-in
    const policy = interactionPolicy.base()
    // Like a login popup, the page shows on every authorization request, not only the first.
    policy
      .get('login')!
      .checks.add(
        new interactionPolicy.Check('stand_in_login', 'the stand-in asks who signs in every time', (ctx) =>
          ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
        ),
      )
    const configuration: Configuration = {
      adapter,
      clients: clients.map((client): ClientMetadata => ({
        client_id: client.clientId,
        ...(client.clientSecret ? { client_secret: client.clientSecret } : {}),
        token_endpoint_auth_method: client.clientSecret ? (client.tokenEndpointAuthMethod ?? 'client_secret_basic') : 'none',
        redirect_uris: [...client.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      })),
      responseTypes: ['code'],
      scopes: SCOPES,
      claims: CLAIMS,
      // Google puts the profile in the ID token of the code flow too.
      conformIdTokenClaims: false,
      pkce: { methods: ['S256'], required: () => true },
      ttl: {
        AuthorizationCode: options.codeTtlSeconds ?? 60,
        AccessToken: 3600,
        IdToken: 3600,
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
      },
      jwks: { keys: [keys.get(provider)!] },
      cookies: { keys: cookieKeys },
      routes: { authorization: '/authorize', token: '/token', userinfo: '/userinfo', jwks: '/jwks' },
      features: {
        devInteractions: { enabled: false },
        userinfo: { enabled: true },
        rpInitiatedLogout: { enabled: false },
        pushedAuthorizationRequests: { enabled: false },
      },
      interactions: { policy, url: (_ctx, interaction) => `/${provider}/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => {
        const email = emails.get(sub)
        if (!email) return undefined
        return {
          accountId: sub,
          claims: () => ({ sub, email, email_verified: true, ...profileOf(email) }),
        }
      },
      // No consent screen: every client is granted openid email profile.
      loadExistingGrant: async (ctx) => {
        const { oidc } = ctx
        const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId)
        const grant =
          (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ??
          new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! })
        grant.addOIDCScope(SCOPES.join(' '))
        await grant.save()
        return grant
      },
      renderError: (ctx, out) => {
        const html = errorPage(out)
        ctx.set(html.headers)
        ctx.type = 'html'
        ctx.body = html.body
      },
    }
    const oidc = new Provider(issuer(provider), configuration)
    oidc.on('server_error', (_ctx, error: Error) => log(`oidc ${provider}: server error: ${error.stack ?? error.message}`))
    const formTargets = [...new Set(clients.flatMap((client) => client.redirectUris.map((uri) => new URL(uri).origin)))]
    instances.set(provider, { oidc, handler: oidc.callback(), formTargets, emails })
  }

  async function interaction(provider: OidcProviderName, uid: string, req: IncomingMessage, res: ServerResponse) {
    const { oidc, formTargets, emails } = instances.get(provider)!
    let details: Awaited<ReturnType<Provider['interactionDetails']>>
    try {
      details = await oidc.interactionDetails(req, res)
    } catch {
      send(res, 400, errorPage({ error: 'invalid_request', error_description: 'this sign-in has expired or belongs to another browser' }))
      return
    }
    if (details.uid !== uid) {
      send(res, 400, errorPage({ error: 'invalid_request', error_description: 'interaction mismatch' }))
      return
    }
    const signIn = async (email: string) => {
      const sub = subjectFor(provider, email)
      emails.set(sub, email.trim())
      await oidc.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false })
    }
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined
    const clientId = String(details.params.client_id)
    if (req.method === 'GET') {
      if (options.autoLogin && hint && EMAIL.test(hint)) {
        log(`oidc ${provider}: auto-login ${hint}`)
        await signIn(hint)
        return
      }
      send(res, 200, loginPage({ provider, action: `/${provider}/interaction/${uid}`, clientId, email: hint ?? defaultEmail, formTargets }))
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end()
      return
    }
    const form = await readForm(req)
    if (form.get('action') === 'cancel') {
      await oidc.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    const email = (form.get('email') ?? '').trim()
    if (!EMAIL.test(email)) {
      const page = loginPage({
        provider,
        action: `/${provider}/interaction/${uid}`,
        clientId,
        email,
        error: 'Enter an email address.',
        formTargets,
      })
      send(res, 400, page)
      return
    }
    log(`oidc ${provider}: sign-in ${email}`)
    await signIn(email)
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Answer as the issuer's host whatever name the request used (see issuerBase).
    req.headers.host = baseHost
    const url = new URL(req.url ?? '/', base)
    const [, first = '', ...rest] = url.pathname.split('/')
    if (url.pathname === '/' && req.method === 'GET') {
      send(res, 200, indexPage(providers.map((provider) => ({ provider, issuer: issuer(provider) }))))
      return
    }
    if (!isOidcProviderName(first) || !instances.has(first)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`no such issuer; configured: ${providers.join(', ')}\n`)
      return
    }
    if (rest[0] === 'interaction' && rest[1] && rest.length === 2) {
      await interaction(first, rest[1], req, res)
      return
    }
    // Mounted like express would: the provider sees its own path and finds the prefix in originalUrl.
    const full = req.url ?? '/'
    Object.assign(req, { originalUrl: full })
    req.url = full.slice(first.length + 1) || '/'
    if (!req.url.startsWith('/')) req.url = `/${req.url}`
    await instances.get(first)!.handler(req, res)
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = Date.now()
    const path = (req.url ?? '/').split('?')[0]
    res.on('finish', () => log(`oidc ${req.method} ${path} ${res.statusCode} ${Date.now() - started}ms`))
    handle(req, res).catch((error: Error) => {
      log(`oidc: ${error.stack ?? error.message}`)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end('internal error\n')
    })
  })

  let stopping: Promise<void> | undefined
  return {
    url: base,
    port,
    issuer,
    subjectFor,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })),
  }
}
