import type { Context, Hono, MiddlewareHandler } from 'hono'
import * as client from 'openid-client'
import * as z from 'zod'
import { FRAME_SOCIAL_PROVIDERS, type FrameSocialProvider } from '@airlock/protocol'
import type { Database } from '../db/database'
import { serializeCsp } from '../http/csp'
import { apiError } from '../http/errors'
import { readJsonBody } from '../http/json-body'
import { escapeHtml } from '../http/escape-html'
import { hashToken, randomToken } from '../security/tokens'
import { findOrLinkSocialUser, findSocialLogin, findUserById, finishSocialLogin, insertSocialLogin } from './social-store'
import type { SecureSession, SecureUser } from './store'

/** A social login attempt (state, PKCE verifier, nonce) lives 10 minutes. */
export const SOCIAL_LOGIN_TTL_MS = 10 * 60_000
/** Where the provider sends the popup back, on the secure origin (outside `/api`: it is a top-level page). */
export const SOCIAL_CALLBACK_PREFIX = '/oauth'
/** Where the widget opens the popup on the click, before the provider's URI is known. */
export const SOCIAL_LOADING_PATH = `${SOCIAL_CALLBACK_PREFIX}/loading`
export const socialCallbackPath = (provider: string) => `${SOCIAL_CALLBACK_PREFIX}/${provider}/callback`

export interface SocialProviderConfig {
  /** The OpenID Connect issuer (its discovery document at `${issuer}/.well-known/openid-configuration`). */
  issuer: string
  clientId: string
  clientSecret: string
}

/** `fetch` as openid-client calls it (its `customFetch`). */
export type SocialFetch = (url: string, options: client.CustomFetchOptions) => Promise<Response>

export interface SocialLoginOptions {
  /** The configured providers; the others answer 404. */
  providers: Partial<Record<FrameSocialProvider, SocialProviderConfig>>
  /** How the server reaches the issuers (dev: `localhostFetch`, as Node cannot resolve `*.localhost`). Default: global fetch. */
  fetch?: SocialFetch
}

export const SocialReason = {
  unknownProvider: (provider: string) => `Social login with "${provider}" is not available on this server`,
  noState: 'This sign-in link is incomplete: start the login again',
  unknownState: 'This sign-in is unknown: start the login again',
  otherDevice: 'This sign-in was started on another device: start the login again',
  wrongProvider: 'This sign-in was started with another provider: start the login again',
  expired: 'This sign-in has expired: start the login again',
  used: 'This sign-in was already used: start the login again',
  cancelled: 'The sign-in was cancelled',
  refused: (provider: string, error: string) => `${provider} refused the sign-in (${error})`,
  exchangeFailed: (provider: string) => `The sign-in with ${provider} could not be completed: try again`,
  noVerifiedEmail: (provider: string) => `${provider} did not share a verified email address, which an Airlock account needs`,
  unavailable: (provider: string) => `${provider} cannot be reached right now: try again later`,
} as const

const PROVIDER_NAMES: Record<FrameSocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/
const ClaimBody = z.object({ state: z.string().regex(TOKEN, 'must be the state of a social login start') })
/** The callback pages: no script, no style, no framing, nothing loaded. */
const PAGE_CSP = serializeCsp({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
})

/** What app.ts lends the social routes (its device token and session code). */
/** The secure-origin app's env (app.ts). */
type E = { Variables: { session: SecureSession } }

export interface SocialLoginDeps {
  db: Database
  now: () => number
  /** The secure origin as browsers see it: redirect URIs are built on it. */
  origin: string
  social: SocialLoginOptions
  bodyLimit: MiddlewareHandler<E>
  deviceToken: (c: Context<E>) => string | undefined
  /** Sets the device cookie for a freshly issued device token. */
  issueDevice: (c: Context<E>, token: string) => void
  /** Creates the session exactly like email login does: `{ token, expiresAt, user }`, cookie set. */
  openSession: (c: Context<E>, device: string, user: (tx: Database, at: Date) => Promise<SecureUser>) => Promise<Response>
}

/**
 * Social login over OpenID Connect (code flow, PKCE S256, state, nonce). The frame calls
 * `POST {api}/social/:provider/start` and opens the returned URI in a popup; the provider sends the
 * popup to `GET /oauth/:provider/callback`, a top-level page on the secure origin (another cookie
 * partition than the frame), which records the result under the state; the frame then claims it
 * with `POST {api}/social/claim`. `api` is the `/api` app (same-origin checked), `root` the origin.
 */
export function mountSocialLogin(api: Hono<E>, root: Hono<E>, deps: SocialLoginDeps): void {
  const { db, now, origin } = deps
  const configs = new Map<FrameSocialProvider, Promise<client.Configuration>>()
  const providerOf = (name: string): FrameSocialProvider | undefined =>
    (FRAME_SOCIAL_PROVIDERS as readonly string[]).includes(name) && deps.social.providers[name as FrameSocialProvider]
      ? (name as FrameSocialProvider)
      : undefined
  const redirectUri = (provider: FrameSocialProvider) => `${origin}${socialCallbackPath(provider)}`

  /** The provider's discovered configuration, cached; a failed discovery is retried next time. */
  const configOf = (provider: FrameSocialProvider): Promise<client.Configuration> => {
    let config = configs.get(provider)
    if (!config) {
      const settings = deps.social.providers[provider]!
      const issuer = new URL(settings.issuer)
      config = client
        .discovery(issuer, settings.clientId, settings.clientSecret, client.ClientSecretBasic(settings.clientSecret), {
          ...(deps.social.fetch ? { [client.customFetch]: deps.social.fetch } : {}),
          ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
        })
        .then((discovered) => {
          // Check the ID token's signature against the issuer's JWKS too, not only its claims.
          client.enableNonRepudiationChecks(discovered)
          return discovered
        })
      config.catch(() => configs.delete(provider))
      configs.set(provider, config)
    }
    return config
  }

  api.post('/social/:provider/start', deps.bodyLimit, async (c) => {
    const provider = providerOf(c.req.param('provider'))
    if (!provider) return apiError(c, 404, SocialReason.unknownProvider(c.req.param('provider')))
    let config: client.Configuration
    try {
      config = await configOf(provider)
    } catch (error) {
      console.error(`[secure origin] ${provider} discovery failed:`, error)
      return apiError(c, 502, SocialReason.unavailable(PROVIDER_NAMES[provider]))
    }
    let device = deps.deviceToken(c)
    const issued = device === undefined
    device ??= randomToken()
    const state = randomToken()
    const codeVerifier = client.randomPKCECodeVerifier()
    const nonce = client.randomNonce()
    const createdAt = new Date(now())
    await insertSocialLogin(db, {
      stateHash: hashToken(state),
      provider,
      deviceHash: hashToken(device),
      codeVerifier,
      nonce,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + SOCIAL_LOGIN_TTL_MS),
    })
    const uri = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(provider),
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    if (issued) deps.issueDevice(c, device)
    return c.json({ uri: uri.href, state, ...(issued ? { deviceToken: device } : {}) })
  })

  api.post('/social/claim', deps.bodyLimit, async (c) => {
    const parsed = await readJsonBody(c, ClaimBody)
    if (!parsed.success) return parsed.response
    const device = deps.deviceToken(c)
    const stateHash = hashToken(parsed.data.state)
    const login = await findSocialLogin(db, stateHash)
    if (!login) return apiError(c, 400, SocialReason.unknownState)
    if (!device || hashToken(device) !== login.deviceHash) return apiError(c, 403, SocialReason.otherDevice)
    if (login.status === 'claimed') return apiError(c, 400, SocialReason.used)
    if (login.status === 'failed')
      return apiError(c, 400, login.failure ?? SocialReason.exchangeFailed(PROVIDER_NAMES[login.provider as FrameSocialProvider]))
    if (login.expiresAt.getTime() <= now()) return apiError(c, 400, SocialReason.expired)
    if (login.status === 'pending') return c.json({ status: 'pending' as const }, 202)
    if (!(await finishSocialLogin(db, stateHash, 'completed', { status: 'claimed' }, new Date(now())))) {
      return apiError(c, 400, SocialReason.used)
    }
    return deps.openSession(c, device, async (tx) => {
      const user = await findUserById(tx, login.userId!)
      if (!user) throw new Error('secure_social_logins: the completed login has no user')
      return user
    })
  })

  /**
   * The popup's pages: script-free. No Cross-Origin-Opener-Policy isolation, on purpose: the widget
   * that opened the popup keeps its handle, so it sees a close by the user (cancel) and closes the
   * popup itself once the frame has claimed the login; a page without script gives it nothing else.
   */
  const page = (c: Context<E>, status: 200 | 400 | 404 | 502, title: string, message: string) => {
    c.header('Content-Security-Policy', PAGE_CSP)
    c.header('X-Content-Type-Options', 'nosniff')
    // The callback URL carries the authorization code: never sent on, never cached.
    c.header('Referrer-Policy', 'no-referrer')
    c.header('Cache-Control', 'no-store')
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`,
      status,
    )
  }

  // The widget opens the popup here synchronously on the click (a popup opened after an await is
  // blocked), then sends it on to the provider once the frame has the login URI.
  root.get(SOCIAL_LOADING_PATH, (c) => {
    const provider = providerOf(c.req.query('provider') ?? '')
    return page(
      c,
      200,
      provider ? `Connecting to ${PROVIDER_NAMES[provider]}…` : 'Connecting…',
      'This window will take you to the sign-in page.',
    )
  })

  root.get(`${SOCIAL_CALLBACK_PREFIX}/:provider/callback`, async (c) => {
    const failedPage = (message: string, status: 400 | 404 | 502 = 400) => page(c, status, 'Sign-in failed', message)
    const name = c.req.param('provider')
    const provider = providerOf(name)
    if (!provider) return failedPage(SocialReason.unknownProvider(name), 404)
    const display = PROVIDER_NAMES[provider]
    const state = c.req.query('state')
    if (!state || !TOKEN.test(state)) return failedPage(SocialReason.noState)
    const stateHash = hashToken(state)
    const login = await findSocialLogin(db, stateHash)
    if (!login) return failedPage(SocialReason.unknownState)
    if (login.provider !== provider) return failedPage(SocialReason.wrongProvider)
    if (login.status !== 'pending') return failedPage(SocialReason.used)
    const fail = async (reason: string, status: 400 | 502 = 400) => {
      await finishSocialLogin(db, stateHash, 'pending', { status: 'failed', failure: reason }, new Date(now()))
      return failedPage(reason, status)
    }
    if (login.expiresAt.getTime() <= now()) return fail(SocialReason.expired)
    const error = c.req.query('error')
    if (error !== undefined)
      return fail(error === 'access_denied' ? SocialReason.cancelled : SocialReason.refused(display, error.slice(0, 100)))

    let claims: client.IDToken | undefined
    try {
      const config = await configOf(provider)
      // The redirect_uri as registered (this origin as browsers see it), with the query the provider sent.
      const currentUrl = new URL(redirectUri(provider))
      currentUrl.search = new URL(c.req.url).search
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      })
      claims = tokens.claims()
    } catch (cause) {
      console.error(`[secure origin] ${provider} code exchange failed:`, cause)
      return fail(SocialReason.exchangeFailed(display), 502)
    }
    const email = typeof claims?.email === 'string' ? claims.email : undefined
    if (!claims || !email || claims.email_verified !== true) return fail(SocialReason.noVerifiedEmail(display))
    const name_ = typeof claims.name === 'string' ? claims.name : null
    const at = new Date(now())
    const done = await db.transaction(async (tx) => {
      const user = await findOrLinkSocialUser(tx, { provider, subject: claims.sub, email, name: name_ }, at)
      return finishSocialLogin(tx, stateHash, 'pending', { status: 'completed', userId: user.id }, at)
    })
    if (!done) return failedPage(SocialReason.used)
    return page(c, 200, `Signed in with ${display}`, 'You can close this window and go back to the app.')
  })
}
