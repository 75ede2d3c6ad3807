import * as z from 'zod/mini'
import { FrameConnectEmailAction, FrameEmail, FrameUpdateEmailAction, FrameUrl, type FrameSocialProvider } from '@airlock/protocol'

/**
 * The secure-frame server's API, same origin (`/api`, apps/api/src/secure-origin/app.ts). Cookies
 * carry the session and the device where the browser keeps them (partitioned, HttpOnly); the tokens
 * the server hands out are also kept here in memory and sent as headers, for browsers that drop the
 * cookies of a third-party frame. Every answer is checked before use.
 */

const Token = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))
const Base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/), z.maxLength(4096))
/** `email` is absent for a user who signed in with Farcaster only. */
export const ServerUser = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)), email: z.optional(FrameEmail) })
export type ServerUser = z.infer<typeof ServerUser>

const Session = z.object({ token: Token, expiresAt: z.string(), user: ServerUser })
export type ServerSession = z.infer<typeof Session>
const Started = z.object({ action: FrameConnectEmailAction, deviceToken: z.optional(Token) })
const SessionState = z.object({ isConnected: z.boolean(), user: z.optional(ServerUser) })
const SocialStart = z.object({ uri: z.url(), state: Token, deviceToken: z.optional(Token) })
const SocialClaim = z.union([z.object({ status: z.literal('pending') }), Session])
/** The relay's channel token (a UUID at farcaster.xyz's relay). */
const ChannelToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,128}$/))
const FarcasterStart = z.object({ url: FrameUrl, channelToken: ChannelToken, deviceToken: z.optional(Token) })
const Text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max))
/** The Farcaster profile the claim answers with the session. */
export const FarcasterProfile = z.object({
  fid: z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  username: z.optional(Text(100)),
  displayName: z.optional(Text(200)),
  pfpUrl: z.optional(FrameUrl),
})
export type FarcasterProfile = z.infer<typeof FarcasterProfile>
const FarcasterSession = z.object({ token: Token, expiresAt: z.string(), user: z.extend(ServerUser, { farcaster: FarcasterProfile }) })
export type FarcasterSession = z.infer<typeof FarcasterSession>
const FarcasterClaim = z.union([z.object({ status: z.literal('pending') }), FarcasterSession])
const ErrorBody = z.object({ error: z.string().check(z.maxLength(500)) })

/** A refusal of the server, with its message (the text the user sees) and HTTP status. */
export class ServerError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'ServerError'
  }
}

export const SERVER_UNREACHABLE = 'The login server cannot be reached: check your connection and try again'

export interface ServerClient {
  frameConfig(): Promise<{ widgetOrigin: string }>
  startEmail(email: string): Promise<z.infer<typeof FrameConnectEmailAction>>
  verifyDevice(email: string, otp: string): Promise<z.infer<typeof FrameConnectEmailAction>>
  verifyEmail(email: string, otp: string): Promise<ServerSession>
  session(): Promise<z.infer<typeof SessionState>>
  signOut(): Promise<void>
  updateEmail(newEmail: string): Promise<z.infer<typeof FrameUpdateEmailAction>>
  updateEmailPrimary(otp: string): Promise<z.infer<typeof FrameUpdateEmailAction>>
  updateEmailSecondary(otp: string): Promise<string>
  putShares(shares: { authShare: Uint8Array; sealedRecoveryShare: Uint8Array }): Promise<void>
  /** The auth share, or undefined when the account has no wallet yet. */
  authShare(): Promise<Uint8Array | undefined>
  sealedRecoveryShare(): Promise<{ sealed: Uint8Array; material: Uint8Array }>
  recoveryMaterial(): Promise<Uint8Array>
  deviceVaultKey(): Promise<Uint8Array>
  /** `uri`: the popup's start page on this origin; `state`: the flow token to claim with. */
  startSocial(provider: FrameSocialProvider): Promise<{ uri: string; state: string }>
  /**
   * The session once the popup's callback completed the login and `proof` is the one its page
   * posted here; undefined while it is pending (or no proof has come yet).
   */
  claimSocial(state: string, proof: string | undefined): Promise<ServerSession | undefined>
  /** A Sign In With Farcaster channel: its `url` (the QR code) and the token to claim it with. */
  startFarcaster(): Promise<{ url: string; channelToken: string }>
  /** The session (and the Farcaster profile) once the user approved in the Farcaster app; undefined while pending. */
  claimFarcaster(channelToken: string): Promise<FarcasterSession | undefined>
  /** Uses `token` as the session from now on (a session the widget kept across a reload). */
  useSessionToken(token: string | undefined): void
}

export function createServerClient(options: { base?: string; fetch?: typeof fetch } = {}): ServerClient {
  const base = options.base ?? '/api'
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  let sessionToken: string | undefined
  let deviceToken: string | undefined

  async function call<T>(method: string, path: string, schema: z.ZodMiniType<T>, body?: unknown): Promise<{ status: number; data: T }> {
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    if (sessionToken) headers.Authorization = `Bearer ${sessionToken}`
    if (deviceToken) headers['X-Airlock-Device'] = deviceToken
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
    } catch {
      throw new ServerError(SERVER_UNREACHABLE, 0)
    }
    const json: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const parsed = ErrorBody.safeParse(json)
      throw new ServerError(parsed.success ? parsed.data.error : `The login server answered ${response.status}`, response.status)
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new ServerError('The login server sent an answer this page does not understand', response.status)
    return { status: response.status, data: parsed.data }
  }
  const keepDevice = (token: string | undefined) => {
    if (token) deviceToken = token
  }
  const keepSession = (session: ServerSession) => {
    sessionToken = session.token
    return session
  }
  const bytes = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  const text = (data: Uint8Array) => btoa(String.fromCharCode(...data))

  return {
    frameConfig: async () => (await call('GET', '/frame-config', z.object({ widgetOrigin: z.url() }))).data,
    async startEmail(email) {
      const { data } = await call('POST', '/email/start', Started, { email })
      keepDevice(data.deviceToken)
      return data.action
    },
    verifyDevice: async (email, otp) => (await call('POST', '/email/verify-device', Started, { email, otp })).data.action,
    verifyEmail: async (email, otp) => keepSession((await call('POST', '/email/verify', Session, { email, otp })).data),
    session: async () => (await call('GET', '/session', SessionState)).data,
    async signOut() {
      await call('POST', '/session/sign-out', z.object({ isConnected: z.boolean() }), {})
      sessionToken = undefined
    },
    updateEmail: async (newEmail) =>
      (await call('POST', '/email/update', z.object({ action: FrameUpdateEmailAction }), { newEmail })).data.action,
    updateEmailPrimary: async (otp) =>
      (await call('POST', '/email/update/primary', z.object({ action: FrameUpdateEmailAction }), { otp })).data.action,
    updateEmailSecondary: async (otp) =>
      (await call('POST', '/email/update/secondary', z.object({ newEmail: FrameEmail }), { otp })).data.newEmail,
    async putShares({ authShare, sealedRecoveryShare }) {
      await call('PUT', '/shares', z.object({ stored: z.literal(true) }), {
        authShare: text(authShare),
        sealedRecoveryShare: text(sealedRecoveryShare),
      })
    },
    async authShare() {
      try {
        return bytes((await call('GET', '/shares/auth', z.object({ authShare: Base64 }))).data.authShare)
      } catch (error) {
        if (error instanceof ServerError && error.status === 404) return undefined
        throw error
      }
    },
    async sealedRecoveryShare() {
      const { data } = await call('GET', '/shares/recovery', z.object({ sealedRecoveryShare: Base64, recoveryMaterial: Base64 }))
      return { sealed: bytes(data.sealedRecoveryShare), material: bytes(data.recoveryMaterial) }
    },
    recoveryMaterial: async () =>
      bytes((await call('GET', '/recovery-material', z.object({ recoveryMaterial: Base64 }))).data.recoveryMaterial),
    deviceVaultKey: async () => bytes((await call('GET', '/device-key', z.object({ deviceKey: Base64 }))).data.deviceKey),
    async startSocial(provider) {
      const { data } = await call('POST', `/social/${provider}/start`, SocialStart, {})
      keepDevice(data.deviceToken)
      return { uri: data.uri, state: data.state }
    },
    async claimSocial(state, proof) {
      const { data } = await call('POST', '/social/claim', SocialClaim, { state, ...(proof ? { proof } : {}) })
      return 'token' in data ? keepSession(data) : undefined
    },
    async startFarcaster() {
      const { data } = await call('POST', '/farcaster/start', FarcasterStart, {})
      keepDevice(data.deviceToken)
      return { url: data.url, channelToken: data.channelToken }
    },
    async claimFarcaster(channelToken) {
      const { data } = await call('POST', '/farcaster/claim', FarcasterClaim, { channelToken })
      if (!('token' in data)) return undefined
      keepSession(data)
      return data
    },
    useSessionToken(token) {
      sessionToken = token
    },
  }
}
