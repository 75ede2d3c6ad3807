import * as z from 'zod/mini'
import { FrameConnectEmailAction, FrameEmail, FrameUpdateEmailAction, FrameUrl, type FrameSocialProvider } from '@airlock/protocol'
import { Base64, fromBase64, requestJson, ServerError, toBase64 } from './json'
import type { KeyServicePurpose } from './keyService'

/**
 * The secure-frame server's API, same origin (`/api`, apps/api/src/origins/secure/app.ts). Cookies
 * carry the session and the device where the browser keeps them (partitioned, HttpOnly); the tokens
 * the server hands out are also kept here in memory and sent as headers, for browsers that drop the
 * cookies of a third-party frame. Every answer is checked before use.
 */

const Token = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))
/** `email` is absent for a user who signed in with Farcaster only. */
export const ServerUser = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)), email: z.optional(FrameEmail) })
export type ServerUser = z.infer<typeof ServerUser>

const Session = z.object({ token: Token, expiresAt: z.string(), user: ServerUser })
export type ServerSession = z.infer<typeof Session>
const Started = z.object({ action: FrameConnectEmailAction, deviceToken: z.optional(Token) })
const SessionState = z.object({ isConnected: z.boolean(), user: z.optional(ServerUser), passkeys: z.optional(z.int()) })
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
const EvmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
/**
 * A network where the embedded wallet's account may be a smart account: the EOA delegated with
 * EIP-7702 to `delegator`, its user operations sent to `relayUrl` (an ERC-4337 bundler and ERC-7677
 * paymaster; absent: the API's own relay). The frame's own server names them, never the widget.
 */
export const SmartAccountNetwork = z.object({
  chainId: z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  delegator: EvmAddress,
  entryPoint: EvmAddress,
  relayUrl: z.optional(z.url({ protocol: /^https?$/ })),
})
export type SmartAccountNetwork = z.infer<typeof SmartAccountNetwork>
const FrameConfig = z.object({
  widgetOrigin: z.url(),
  keyServiceOrigin: z.url(),
  apiUrl: z.url(),
  /** Absent: no smart-account network, the account is an EOA everywhere. */
  smartAccounts: z.optional(z.array(SmartAccountNetwork).check(z.maxLength(100))),
})
export type FrameConfig = z.infer<typeof FrameConfig>

const PasskeyRecord = z.object({
  credentialId: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,1364}$/)),
  prfSalt: Base64,
  sealedShare: Base64,
})

/** A passkey of the account and the device share sealed under its PRF output (custody/passkey.ts). */
export interface StoredPasskey {
  credentialId: string
  prfSalt: Uint8Array
  sealedShare: Uint8Array
}

export interface ServerClient {
  frameConfig(): Promise<FrameConfig>
  startEmail(email: string): Promise<z.infer<typeof FrameConnectEmailAction>>
  verifyEmail(email: string, otp: string): Promise<ServerSession>
  session(): Promise<z.infer<typeof SessionState>>
  signOut(): Promise<void>
  updateEmail(newEmail: string): Promise<z.infer<typeof FrameUpdateEmailAction>>
  updateEmailPrimary(otp: string): Promise<z.infer<typeof FrameUpdateEmailAction>>
  updateEmailSecondary(otp: string): Promise<string>
  putShares(shares: { authShare: Uint8Array; sealedRecoveryShare: Uint8Array }): Promise<void>
  /** The auth share, or undefined when the account has no wallet yet. */
  authShare(): Promise<Uint8Array | undefined>
  /** The sealed recovery share; its key material is the key service's (only right after a login). */
  sealedRecoveryShare(): Promise<Uint8Array>
  /** The account's passkeys with their sealed shares (only right after a login). */
  passkeys(): Promise<StoredPasskey[]>
  /** Adds a passkey and its sealed share; the account's passkey count. */
  putPasskey(passkey: StoredPasskey): Promise<number>
  /** A signed statement of this session for the key service (key-service/assertion.ts in apps/api). */
  assertion(purpose: KeyServicePurpose): Promise<string>
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

  const call = <T>(method: string, path: string, schema: z.ZodMiniType<T>, body?: unknown) =>
    requestJson(
      doFetch,
      `${base}${path}`,
      {
        method,
        credentials: 'same-origin',
        headers: {
          ...(sessionToken ? { Authorization: `Bearer ${sessionToken}` } : {}),
          ...(deviceToken ? { 'X-Airlock-Device': deviceToken } : {}),
        },
        body,
      },
      schema,
    )
  const keepDevice = (token: string | undefined) => {
    if (token) deviceToken = token
  }
  const keepSession = (session: ServerSession) => {
    sessionToken = session.token
    return session
  }

  return {
    frameConfig: async () => (await call('GET', '/frame-config', FrameConfig)).data,
    async startEmail(email) {
      const { data } = await call('POST', '/email/start', Started, { email })
      keepDevice(data.deviceToken)
      return data.action
    },
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
        authShare: toBase64(authShare),
        sealedRecoveryShare: toBase64(sealedRecoveryShare),
      })
    },
    async authShare() {
      try {
        return fromBase64((await call('GET', '/shares/auth', z.object({ authShare: Base64 }))).data.authShare)
      } catch (error) {
        if (error instanceof ServerError && error.status === 404) return undefined
        throw error
      }
    },
    sealedRecoveryShare: async () =>
      fromBase64((await call('GET', '/shares/recovery', z.object({ sealedRecoveryShare: Base64 }))).data.sealedRecoveryShare),
    async passkeys() {
      const { data } = await call('GET', '/passkeys', z.object({ passkeys: z.array(PasskeyRecord).check(z.maxLength(100)) }))
      return data.passkeys.map((passkey) => ({
        credentialId: passkey.credentialId,
        prfSalt: fromBase64(passkey.prfSalt),
        sealedShare: fromBase64(passkey.sealedShare),
      }))
    },
    async putPasskey(passkey) {
      const body = { credentialId: passkey.credentialId, prfSalt: toBase64(passkey.prfSalt), sealedShare: toBase64(passkey.sealedShare) }
      return (await call('PUT', '/passkeys', z.object({ passkeys: z.int() }), body)).data.passkeys
    },
    assertion: async (purpose) =>
      (await call('POST', '/key-service/assertion', z.object({ assertion: z.string().check(z.maxLength(4096)) }), { purpose })).data
        .assertion,
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
