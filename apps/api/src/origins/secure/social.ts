import type { Context, Hono, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import * as client from 'openid-client'
import * as z from 'zod'
import { FRAME_SOCIAL_PROVIDERS, type FrameSocialProvider } from '@airlock/protocol'
import type { Database } from '../../platform/db/database'
import { apiError } from '../../platform/http/errors'
import { readJsonBody } from '../../platform/http/json-body'
import { hashToken, randomToken, sameDigest } from '../../platform/security/tokens'
import { proofPage, SocialPageText, socialPage } from './social-pages'
import {
  bindSocialLogin,
  findOrCreateSocialUser,
  findSocialLogin,
  findSocialLoginByOAuthState,
  findUserById,
  finishSocialLogin,
  insertSocialLogin,
  linkSocialIdentity,
  type SocialLogin,
} from './social-store'
import { findDevice, type SecureSession, type SecureUser } from './store'

/** A social login attempt (flow, binding, state, PKCE verifier, nonce, proof) lives 10 minutes. */
export const SOCIAL_LOGIN_TTL_MS = 10 * 60_000
/** The popup's top-level pages on the secure origin (outside `/api`). */
export const SOCIAL_CALLBACK_PREFIX = '/oauth'
/** Where the widget opens the popup on the click, before the frame has started the login. */
export const SOCIAL_LOADING_PATH = `${SOCIAL_CALLBACK_PREFIX}/loading`
export const socialCallbackPath = (provider: string) => `${SOCIAL_CALLBACK_PREFIX}/${provider}/callback`
/** Where the widget sends the popup: it binds the flow to the popup's browser, then goes to the provider. */
export const socialStartPath = (provider: string) => `${SOCIAL_CALLBACK_PREFIX}/${provider}/start`
/**
 * The binder cookie of one flow (one per flow, so two logins in parallel do not clash). HttpOnly,
 * SameSite=Lax (the provider sends the popup back by a top-level GET from its own site), only on
 * the popup's pages.
 */
export const socialBinderCookie = (flowHash: string) => `airlock_oauth_${flowHash.slice(0, 16)}`
const BINDER_COOKIE_PATH = `${SOCIAL_CALLBACK_PREFIX}/`

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
  otherBrowser: 'This sign-in was started in another browser: start the login again',
  alreadyOpened: 'This sign-in was already opened in another window: start the login again',
  wrongProof: 'This sign-in was not confirmed by its own sign-in window: start the login again',
  linkRequired: (provider: string) =>
    `An Airlock account already uses this email: sign in with your email first, then sign in with ${provider} to add it`,
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
const Token = z.string().regex(TOKEN, 'must be a token of a social login')
const ClaimBody = z.object({ state: Token, proof: Token.optional() })

/** The secure-origin app's env (app.ts). */
type E = { Variables: { session: SecureSession } }

/** What app.ts lends the social routes (its device token, cookies and session code). */
export interface SocialLoginDeps {
  db: Database
  now: () => number
  /** The secure origin as browsers see it: the popup and redirect URIs are built on it. */
  origin: string
  social: SocialLoginOptions
  /** The binder cookie gets `Secure` (app.ts `secureCookies`: the origin is a secure context). */
  secureCookies: boolean
  bodyLimit: MiddlewareHandler<E>
  deviceToken: (c: Context<E>) => string | undefined
  /** The session the request carries (cookie or Bearer), if live. */
  currentSession: (c: Context<E>) => Promise<SecureSession | undefined>
  /** Sets the device cookie for a freshly issued device token. */
  issueDevice: (c: Context<E>, token: string) => void
  /** Creates the session exactly like email login does: `{ token, expiresAt, user }`, cookie set. */
  openSession: (c: Context<E>, device: string, user: (tx: Database, at: Date) => Promise<SecureUser>) => Promise<Response>
}

/**
 * Social login over OpenID Connect (code flow, PKCE S256, state, nonce), bound to the browser that
 * runs it. `api` is the `/api` app (same-origin checked), `root` the origin's top-level pages.
 * 1. The frame calls `POST {api}/social/:provider/start`: the server records the flow under a fresh
 *    flow token F (bound to the frame's device) and answers the popup URI `/oauth/:provider/start?flow=F`.
 * 2. The widget sends its popup there (a top-level page): the server binds the flow, once, to that
 *    browser (an HttpOnly cookie with a binder B) and redirects it to the provider with a fresh state.
 * 3. The provider sends the popup to `GET /oauth/:provider/callback`: without B the flow fails; with
 *    it the code is exchanged, and the page posts a one-time proof P to the frames of its opener
 *    (the widget), pinned to this origin, so only the secure frame that started gets it.
 * 4. The frame claims with `POST {api}/social/claim` `{ state: F, proof: P }`: its device and P.
 * A script that starts a flow and gets someone else to finish it never holds P; a login whose
 * email an existing account has is linked only if the claiming frame is signed in to that account.
 */
export function mountSocialLogin(api: Hono<E>, root: Hono<E>, deps: SocialLoginDeps): void {
  const { db, now, origin } = deps
  const configs = new Map<FrameSocialProvider, Promise<client.Configuration>>()
  const providerOf = (name: string): FrameSocialProvider | undefined =>
    (FRAME_SOCIAL_PROVIDERS as readonly string[]).includes(name) && deps.social.providers[name as FrameSocialProvider]
      ? (name as FrameSocialProvider)
      : undefined
  const redirectUri = (provider: FrameSocialProvider) => `${origin}${socialCallbackPath(provider)}`
  const displayOf = (login: SocialLogin) => PROVIDER_NAMES[login.provider as FrameSocialProvider] ?? login.provider

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

  /** Discovery, with the 502 to answer when the provider cannot be reached. */
  const reachConfig = async (provider: FrameSocialProvider) => {
    try {
      return await configOf(provider)
    } catch (error) {
      console.error(`[secure origin] ${provider} discovery failed:`, error)
      return undefined
    }
  }

  const binderCookie = (flowHash: string, value: string, maxAgeMs: number) =>
    [
      `${socialBinderCookie(flowHash)}=${value}`,
      `Path=${BINDER_COOKIE_PATH}`,
      `Max-Age=${Math.max(0, Math.ceil(maxAgeMs / 1000))}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(deps.secureCookies ? ['Secure'] : []),
    ].join('; ')

  api.post('/social/:provider/start', deps.bodyLimit, async (c) => {
    const provider = providerOf(c.req.param('provider'))
    if (!provider) return apiError(c, 404, SocialReason.unknownProvider(c.req.param('provider')))
    // Discovered here already, so an unreachable provider is told in the modal, not in the popup.
    if (!(await reachConfig(provider))) return apiError(c, 502, SocialReason.unavailable(PROVIDER_NAMES[provider]))
    let device = deps.deviceToken(c)
    const issued = device === undefined
    device ??= randomToken()
    const flow = randomToken()
    const createdAt = new Date(now())
    await insertSocialLogin(db, {
      flowHash: hashToken(flow),
      provider,
      deviceHash: hashToken(device),
      codeVerifier: client.randomPKCECodeVerifier(),
      nonce: client.randomNonce(),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + SOCIAL_LOGIN_TTL_MS),
    })
    if (issued) deps.issueDevice(c, device)
    const uri = new URL(socialStartPath(provider), origin)
    uri.searchParams.set('flow', flow)
    return c.json({ uri: uri.href, state: flow, ...(issued ? { deviceToken: device } : {}) })
  })

  api.post('/social/claim', deps.bodyLimit, async (c) => {
    const parsed = await readJsonBody(c, ClaimBody)
    if (!parsed.success) return parsed.response
    const device = deps.deviceToken(c)
    const flowHash = hashToken(parsed.data.state)
    const login = await findSocialLogin(db, flowHash)
    if (!login) return apiError(c, 400, SocialReason.unknownState)
    if (!device || hashToken(device) !== login.deviceHash) return apiError(c, 403, SocialReason.otherDevice)
    if (login.status === 'claimed') return apiError(c, 400, SocialReason.used)
    if (login.status === 'failed') return apiError(c, 400, login.failure ?? SocialReason.exchangeFailed(displayOf(login)))
    if (login.expiresAt.getTime() <= now()) return apiError(c, 400, SocialReason.expired)
    // Without the proof a finished login looks the same as one still running: the device alone
    // (which whoever started the flow has) learns nothing about how, or as whom, it ended.
    const { proof } = parsed.data
    if (login.status === 'pending' || proof === undefined) return c.json({ status: 'pending' as const }, 202)
    const at = new Date(now())
    if (!login.proofHash || !sameDigest(hashToken(proof), login.proofHash)) {
      // Only the callback page of this very flow ever had P, and it hands it to the frame that
      // started: a wrong one is a forgery or a stray, never a typo. The flow dies, so P cannot be guessed at.
      await finishSocialLogin(db, flowHash, login.status, { status: 'failed', failure: SocialReason.wrongProof }, at)
      return apiError(c, 403, SocialReason.wrongProof)
    }
    if (login.status === 'link-required') {
      const link = login.link!
      const userId = login.userId!
      // A session of the existing account, on this very device, confirms the link.
      const session = await deps.currentSession(c)
      const known = session?.user.id === userId ? await findDevice(db, userId, login.deviceHash) : undefined
      if (!session || !known || known.id !== session.deviceId) {
        const reason = SocialReason.linkRequired(displayOf(login))
        await finishSocialLogin(db, flowHash, 'link-required', { status: 'failed', failure: reason }, at)
        return apiError(c, 403, reason)
      }
      if (!(await finishSocialLogin(db, flowHash, 'link-required', { status: 'claimed' }, at))) return apiError(c, 400, SocialReason.used)
      return deps.openSession(c, device, (tx, linkedAt) => linkSocialIdentity(tx, { provider: login.provider, ...link }, userId, linkedAt))
    }
    if (!(await finishSocialLogin(db, flowHash, 'completed', { status: 'claimed' }, at))) return apiError(c, 400, SocialReason.used)
    return deps.openSession(c, device, async (tx) => {
      const user = await findUserById(tx, login.userId!)
      if (!user) throw new Error('secure_social_logins: the completed login has no user')
      return user
    })
  })

  // The widget opens the popup here synchronously on the click (a popup opened after an await is
  // blocked), then sends it on to the start page once the frame has started the login.
  root.get(SOCIAL_LOADING_PATH, (c) => {
    const provider = providerOf(c.req.query('provider') ?? '')
    return socialPage(c, 200, provider ? `Connecting to ${PROVIDER_NAMES[provider]}…` : 'Connecting…', SocialPageText.loading)
  })

  root.get(`${SOCIAL_CALLBACK_PREFIX}/:provider/start`, async (c) => {
    const failedPage = (message: string, status: 400 | 404 | 502 = 400) => socialPage(c, status, 'Sign-in failed', message)
    const name = c.req.param('provider')
    const provider = providerOf(name)
    if (!provider) return failedPage(SocialReason.unknownProvider(name), 404)
    const flow = c.req.query('flow')
    if (!flow || !TOKEN.test(flow)) return failedPage(SocialReason.noState)
    const flowHash = hashToken(flow)
    const login = await findSocialLogin(db, flowHash)
    if (!login) return failedPage(SocialReason.unknownState)
    if (login.provider !== provider) return failedPage(SocialReason.wrongProvider)
    if (login.status !== 'pending') return failedPage(SocialReason.used)
    const at = now()
    if (login.expiresAt.getTime() <= at) return failedPage(SocialReason.expired)
    // Opened twice: the first browser keeps it (its cookie is the only one the callback accepts).
    if (login.binderHash !== null) return failedPage(SocialReason.alreadyOpened)
    const config = await reachConfig(provider)
    if (!config) return failedPage(SocialReason.unavailable(PROVIDER_NAMES[provider]), 502)
    const binder = randomToken()
    const state = randomToken()
    if (!(await bindSocialLogin(db, flowHash, { binderHash: hashToken(binder), oauthStateHash: hashToken(state) }, new Date(at)))) {
      return failedPage(SocialReason.alreadyOpened)
    }
    const authorize = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(provider),
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(login.codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce: login.nonce,
    })
    c.header('Set-Cookie', binderCookie(flowHash, binder, login.expiresAt.getTime() - at))
    c.header('Referrer-Policy', 'no-referrer')
    c.header('Cache-Control', 'no-store')
    return c.redirect(authorize.href, 302)
  })

  root.get(`${SOCIAL_CALLBACK_PREFIX}/:provider/callback`, async (c) => {
    const failedPage = (message: string, status: 400 | 404 | 502 = 400) => socialPage(c, status, 'Sign-in failed', message)
    const name = c.req.param('provider')
    const provider = providerOf(name)
    if (!provider) return failedPage(SocialReason.unknownProvider(name), 404)
    const display = PROVIDER_NAMES[provider]
    const state = c.req.query('state')
    if (!state || !TOKEN.test(state)) return failedPage(SocialReason.noState)
    const login = await findSocialLoginByOAuthState(db, hashToken(state))
    if (!login) return failedPage(SocialReason.unknownState)
    if (login.provider !== provider) return failedPage(SocialReason.wrongProvider)
    if (login.status !== 'pending') return failedPage(SocialReason.used)
    const { flowHash } = login
    // Whatever comes of it, this flow's binder has done its work.
    c.header('Set-Cookie', binderCookie(flowHash, '', 0))
    const fail = async (reason: string, status: 400 | 502 = 400) => {
      await finishSocialLogin(db, flowHash, 'pending', { status: 'failed', failure: reason }, new Date(now()))
      return failedPage(reason, status)
    }
    if (login.expiresAt.getTime() <= now()) return fail(SocialReason.expired)
    const binder = getCookie(c, socialBinderCookie(flowHash))
    if (!binder || !login.binderHash || !sameDigest(hashToken(binder), login.binderHash)) return fail(SocialReason.otherBrowser)
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
    const link = { subject: claims.sub, email, name: typeof claims.name === 'string' ? claims.name : null }
    const proof = randomToken()
    const proofHash = hashToken(proof)
    const at = new Date(now())
    const done = await db.transaction(async (tx) => {
      const outcome = await findOrCreateSocialUser(tx, { provider, ...link }, at)
      return finishSocialLogin(
        tx,
        flowHash,
        'pending',
        'linked' in outcome
          ? { status: 'completed', userId: outcome.linked.id, proofHash }
          : { status: 'link-required', userId: outcome.linkRequired.id, proofHash, link },
        at,
      )
    })
    if (!done) return failedPage(SocialReason.used)
    return proofPage(c, { title: `Signed in with ${display}`, flowHash, proof })
  })
}
