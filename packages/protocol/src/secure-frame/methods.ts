import * as z from 'zod/mini'
import type { MethodCaller, MethodImpl } from '../methods'
import { FrameRpcRequest } from './rpc-policy'
import {
  FrameAccountType,
  FrameAddress,
  FrameChainId,
  FrameConnectEmailAction,
  FrameDappData,
  FrameEmail,
  FrameOtp,
  FrameSessionToken,
  FrameSocialProvider,
  FrameThemeData,
  FrameUpdateEmailAction,
  FrameUrl,
  FrameUser,
  FrameVaultValue,
} from './schemas'

const none = z.undefined()
const done = z.void()

/**
 * What the secure frame exposes to the widget (SPEC.md section 7, "Secure frame messages"). As in
 * the host protocol, every method takes one argument or none; params are checked in the frame,
 * results in the widget. Each call ends in the frame's success reply (the result) or error reply
 * (a rejected call: see frameErrorMessage).
 */
export const frameMethodParams = {
  switchNetwork: z.object({ chainId: FrameChainId }),
  connectEmail: z.object({ email: FrameEmail }),
  /**
   * The device code mailed after VERIFY_DEVICE: a new device is approved with a code from the
   * account's inbox (then a login code follows, VERIFY_OTP).
   */
  connectDevice: z.object({ otp: FrameOtp }),
  connectOtp: z.object({ otp: FrameOtp }),
  /**
   * `uri` is the popup URI getSocialRedirectUri gave: the login's start page on the secure origin
   * (it carries the flow token; see apps/api secure-origin/social.ts). The frame waits up to
   * SOCIAL_CLAIM_WAIT_MS for the popup's callback; still pending, it rejects with
   * FrameErrorMessage.SocialPending and the widget asks again while the popup is open.
   */
  connectSocial: z.object({ uri: FrameUrl }),
  getSocialRedirectUri: z.object({ provider: FrameSocialProvider }),
  getFarcasterUri: none,
  /** Resolves once the user has approved the sign-in in Farcaster. */
  connectFarcaster: none,
  getUser: z.object({ chainId: FrameChainId, preferredAccountType: z.optional(FrameAccountType) }),
  signOut: none,
  isConnected: z.optional(z.object({ token: z.optional(FrameSessionToken) })),
  getChainId: none,
  getSmartAccountEnabledNetworks: none,
  initSmartAccount: none,
  setPreferredAccount: z.object({ type: FrameAccountType }),
  /**
   * A confirmed or safe call, after the widget's policy check (classifyFrameRpc) and the user's
   * approval. The frame only signs: it has no chain access (its CSP is `connect-src 'self'`). So
   * `eth_sendTransaction` takes a complete transaction (chainId, nonce, gas and fee fields filled
   * by the widget) and answers the signed raw transaction, which the widget broadcasts with
   * eth_sendRawTransaction; personal_sign and eth_signTypedData_v4 answer the signature.
   */
  rpcRequest: FrameRpcRequest,
  updateEmail: z.object({ newEmail: FrameEmail }),
  updateEmailPrimaryOtp: z.object({ otp: FrameOtp }),
  updateEmailSecondaryOtp: z.object({ otp: FrameOtp }),
  syncTheme: FrameThemeData,
  syncDappData: FrameDappData,
  reload: none,
}

export const frameMethodResults = {
  switchNetwork: z.object({ chainId: FrameChainId }),
  connectEmail: z.object({ action: FrameConnectEmailAction }),
  connectDevice: z.object({ action: FrameConnectEmailAction }),
  connectOtp: done,
  connectSocial: FrameUser,
  getSocialRedirectUri: z.object({ uri: FrameUrl }),
  getFarcasterUri: z.object({ url: FrameUrl }),
  connectFarcaster: FrameUser,
  getUser: FrameUser,
  signOut: done,
  isConnected: z.object({ isConnected: z.boolean() }),
  getChainId: z.object({ chainId: FrameChainId }),
  getSmartAccountEnabledNetworks: z.object({
    smartAccountEnabledNetworks: z.array(z.int().check(z.positive())).check(z.maxLength(1000)),
  }),
  initSmartAccount: done,
  setPreferredAccount: z.object({ type: FrameAccountType, address: FrameAddress }),
  rpcRequest: z.unknown(),
  updateEmail: z.object({ action: FrameUpdateEmailAction }),
  updateEmailPrimaryOtp: done,
  updateEmailSecondaryOtp: z.object({ newEmail: FrameEmail }),
  syncTheme: done,
  syncDappData: done,
  reload: done,
} satisfies Record<keyof typeof frameMethodParams, z.ZodMiniType>

/**
 * What the widget exposes to the frame: the pushes that answer no call. `ready` comes once per
 * frame load, before the widget sends anything else (SPEC.md section 4, "Frame lifecycle").
 */
export const frameEventParams = {
  ready: z.object({ version: z.int().check(z.positive()) }),
  sessionUpdate: z.object({ token: FrameSessionToken }),
  /**
   * The device vault, for browsers that deny the frame its own storage (third-party storage
   * blocked: Chromium's default here, Brave, incognito): the frame hands the widget an opaque
   * ciphertext to keep (the device share sealed under a key the frame's server releases only to
   * this device's session). The widget stores it as it stores its own data, and never reads it.
   */
  vaultGet: none,
  vaultSet: z.object({ value: FrameVaultValue }),
  vaultRemove: none,
}

export const frameEventResults = {
  ready: done,
  sessionUpdate: done,
  vaultGet: z.nullable(FrameVaultValue),
  vaultSet: done,
  vaultRemove: done,
} satisfies Record<keyof typeof frameEventParams, z.ZodMiniType>

export type FrameMethod = keyof typeof frameMethodParams
export type FrameEvent = keyof typeof frameEventParams
/** The frame's implementation of its methods. */
export type FrameMethods = MethodImpl<typeof frameMethodParams, typeof frameMethodResults>
/** The widget's typed handle on the frame. */
export type FrameApi = MethodCaller<typeof frameMethodParams, typeof frameMethodResults>
/** The widget's handlers for what the frame pushes. */
export type FrameEventHandlers = MethodImpl<typeof frameEventParams, typeof frameEventResults>
/** The frame's typed handle on the widget. */
export type FrameEventApi = MethodCaller<typeof frameEventParams, typeof frameEventResults>

/** SPEC.md section 9: how long the widget waits for the frame on the login steps. */
export const FRAME_REQUEST_TIMEOUT_MS = 30_000
/** The calls that time out after FRAME_REQUEST_TIMEOUT_MS; the others wait for the user or the chain. */
/** How long one connectSocial call waits for the popup's callback before answering "still pending". */
export const SOCIAL_CLAIM_WAIT_MS = 20_000
/** The widget's storage key for the frame's vault (vaultGet / vaultSet). */
export const FRAME_VAULT_STORAGE_KEY = 'airlock.secure.vault'

export const FRAME_TIMEOUT_METHODS: ReadonlySet<FrameMethod> = new Set<FrameMethod>([
  'connectEmail',
  'connectDevice',
  'connectOtp',
  'connectSocial',
  'getSocialRedirectUri',
])

/** The time-out for a frame call, or undefined when it has none. */
export function frameRequestTimeout(method: FrameMethod): number | undefined {
  return FRAME_TIMEOUT_METHODS.has(method) ? FRAME_REQUEST_TIMEOUT_MS : undefined
}
