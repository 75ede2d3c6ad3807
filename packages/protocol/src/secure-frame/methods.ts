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
  /** Resolves once the user has approved this device from the mail the frame sent. */
  connectDevice: none,
  connectOtp: z.object({ otp: FrameOtp }),
  /** `uri` is the URL the OAuth popup came back to, carrying the provider's code and state. */
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
  connectDevice: done,
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
}

export const frameEventResults = {
  ready: done,
  sessionUpdate: done,
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
