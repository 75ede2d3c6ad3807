import * as z from 'zod/mini'
import type { MethodCaller, MethodImpl } from '../methods'
import { FrameRpcRequest } from './rpc-policy'
import {
  FrameAccountType,
  FrameAddress,
  FrameChainId,
  FrameConnectEmailAction,
  FrameConnected,
  FrameDappData,
  FrameDeviceCodeSent,
  FrameEmail,
  FrameLoginStep,
  FrameOtp,
  FrameRecoveries,
  FrameRequestId,
  FrameSessionToken,
  FrameSocialLoginStep,
  FrameSocialProvider,
  FrameThemeData,
  FrameUpdateEmailAction,
  FrameUrl,
  FrameUser,
} from './schemas'

const none = z.undefined()
/** Far above any card: a larger height is a bug, not a prompt. */
const SURFACE_HEIGHT_MAX = 100_000
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
   * The second factor after VERIFY_DEVICE: the code the key service mailed to the account's email.
   * The frame takes it to the key service itself, which releases the recovery key material only
   * then; the wallet opens on this device.
   */
  connectDevice: z.object({ otp: FrameOtp }),
  /** Mails the VERIFY_DEVICE code again (the key service's back-off applies). */
  sendDeviceCode: none,
  /**
   * The other second factor: the frame shows its own "Use a passkey" button (on the widget's
   * secure slot) and resolves once the user clicked it and the passkey opened the wallet.
   */
  unlockWithPasskey: none,
  /**
   * VERIFY_DEVICE with `partitioned: 'ask'`: the frame shows its own button, and in its click asks
   * the browser for its unpartitioned storage, where this browser may hold the wallet from another
   * dapp site. CONNECT if the wallet opened so; else VERIFY_DEVICE again (`partitioned: 'refused'`
   * where the browser said no), the code still to be typed.
   */
  unlockWithStorageAccess: none,
  /** Signed in: the frame shows its own "Create a passkey" button; resolves once the passkey protects the wallet. */
  addPasskey: none,
  /** Signed in: the email recoveries under way for this account (a device asked to open it without its passkey). */
  getRecoveries: none,
  /** Signed in: cancels one of them; the asking device can then not recover by email. */
  cancelRecovery: z.object({ id: z.uuid() }),
  connectOtp: z.object({ otp: FrameOtp }),
  /**
   * `uri` is the popup URI getSocialRedirectUri gave: the login's start page on the secure origin
   * (it carries the flow token; see apps/api origins/secure/social.ts). The frame waits up to
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
   * A call after the widget's policy check (classifyFrameRpc). For a confirmation method (SPEC
   * section 6) this asks the user IN THE FRAME: the frame decodes the request, shows it over the
   * widget's slot (see surfaceHeight), and signs only after a trusted click on its own Approve (or
   * in its popup on the secure origin). The widget can ask and abort (abortRpcRequest), never
   * approve. The call rejects with 4001 'User rejected the request.' on Reject, 'Request was
   * aborted' on abortRpcRequest, FrameErrorMessage.NotOnScreen when the frame is not laid out big
   * enough to show the request within CONFIRMATION_ON_SCREEN_MS, and FrameErrorMessage.Busy while
   * another confirmation waits (the widget queues: one at a time). Such a call needs an `id`.
   *
   * eip155: the frame reads no chain. So `eth_sendTransaction` takes a complete transaction
   * (chainId, nonce, gas and fee fields filled by the widget), shows exactly that, and answers the
   * signed raw transaction, which the widget broadcasts with eth_sendRawTransaction; personal_sign
   * and eth_signTypedData_v4 answer the signature.
   *
   * Solana (the embedded wallet's m/44'/501'/0'/0' account, FrameUser.addresses.solana): the
   * `solana_*` methods with WalletConnect's params and results (solana.ts), for the cluster
   * `chainId` names: its CAIP-2 id `solana:<genesis hash>` (the bare reference is taken too; without
   * a chainId, the frame's current one if it is a cluster). solana_signMessage answers
   * `{ signature }`, solana_signTransaction `{ signature, transaction }` (the frame's signature and
   * the transaction with it; other signers' places are left as they came), and
   * solana_signAndSendTransaction `{ signature }` once the frame has sent the transaction to the
   * cluster itself, through the API's RPC proxy (`sendTransaction`, with `sendOptions`); a node's
   * refusal rejects with its code and message ('The network refused the transaction: …'). Refused
   * before the user is asked: params that do not parse, a transaction that does not deserialize
   * (legacy and v0 only), one this account is not a required signer of, or a message naming
   * another account (4100), a transaction sent while other signatures are missing, a message that
   * is a transaction message this account would sign.
   *
   * Bitcoin (BIP-84 native segwit, FrameUser.addresses.bip122 per network): sats-connect's
   * `signMessage` and `signPsbt` with bip122.ts's params and results, for the network `chainId`
   * names by CAIP-2 id (`bip122:<genesis hash>`; without one, the frame's current one if it is a
   * Bitcoin network). signMessage signs BIP-322 "simple", or with `protocol: 'ECDSA'` the legacy
   * "Bitcoin Signed Message" form (65-byte compact signature, P2WPKH header 39-42; the confirmation
   * names which), and answers `{ signature, address, protocol }`. signPsbt signs, with
   * SIGHASH_ALL, the inputs `signInputs` names for this account's address and finalizes them; it
   * answers `{ psbt }`. The frame reaches no Bitcoin node and never broadcasts: with
   * `broadcast: true` the PSBT must be complete once signed, and the answer adds the `txid` of the
   * transaction that the widget extracts and broadcasts itself. Refused before the user is asked:
   * an address that is not this account's on that network (4100), a named input that is missing,
   * already final, without its witnessUtxo, spending another script (4100) or asking for another
   * sighash type.
   *
   * Polkadot (ed25519, FrameUser.addresses.polkadot per network): WalletConnect's
   * `polkadot_signMessage` and `polkadot_signTransaction` with polkadot.ts's params and results,
   * for the network `chainId` names by CAIP-2 id (`polkadot:<genesis hash>`; without one, the
   * frame's current one if it is a Polkadot network). polkadot_signMessage signs
   * `<Bytes>message</Bytes>` and answers `{ signature }`, the 64 bytes as extensions' signRaw does;
   * polkadot_signTransaction signs the SignerPayloadJSON's signing bytes and answers
   * `{ signature }` as a MultiSignature (0x00, ed25519, then 64 bytes), as extensions' signPayload
   * does. The frame reaches no Polkadot node and never submits. Refused before the user is asked: an
   * address (the params' or the payload's) that is not this account (4100), a payload for another
   * chain than that network (its genesis hash), one listing a signed extension the frame does not
   * know, or one whose call does not decode.
   */
  rpcRequest: FrameRpcRequest,
  /**
   * Withdraws the pending confirmation with this id (the modal closed, the user left the view, a
   * disconnect): its rpcRequest rejects with 'Request was aborted'. An unknown id is ignored.
   */
  abortRpcRequest: z.object({ id: FrameRequestId }),
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
  connectDevice: FrameConnected,
  sendDeviceCode: FrameDeviceCodeSent,
  unlockWithPasskey: FrameConnected,
  unlockWithStorageAccess: FrameLoginStep,
  addPasskey: z.object({ passkeys: z.int().check(z.minimum(1), z.maximum(100)) }),
  getRecoveries: FrameRecoveries,
  cancelRecovery: FrameRecoveries,
  connectOtp: FrameLoginStep,
  connectSocial: FrameSocialLoginStep,
  getSocialRedirectUri: z.object({ uri: FrameUrl }),
  getFarcasterUri: z.object({ url: FrameUrl }),
  connectFarcaster: FrameSocialLoginStep,
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
  abortRpcRequest: done,
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
  /** The session token after a login, for isConnected after a reload; it opens nothing without this device. */
  sessionUpdate: z.object({ token: FrameSessionToken }),
  /**
   * The height in CSS pixels of what the frame draws (a confirmation prompt), whenever it changes;
   * 0 when it draws nothing. The widget sizes the slot it lays the frame over to it, bounded by its card.
   */
  surfaceHeight: z.object({ height: z.int().check(z.nonnegative(), z.maximum(SURFACE_HEIGHT_MAX)) }),
}

export const frameEventResults = {
  ready: done,
  sessionUpdate: done,
  surfaceHeight: done,
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

/**
 * How long the frame waits, after a confirmation request, for the widget to lay it out big enough
 * to show the request (CONFIRMATION_MIN_WIDTH x CONFIRMATION_MIN_HEIGHT CSS pixels) before it
 * refuses with FrameErrorMessage.NotOnScreen: a widget that keeps the frame hidden gets no answer.
 */
export const CONFIRMATION_ON_SCREEN_MS = 2000
/**
 * The confirmation popup on the secure origin (the fallback where the frame cannot prove it is
 * visible): a top-level page, so its server lets nobody frame it.
 */
export const CONFIRM_POPUP_PATH = '/confirm.html'
/**
 * Where the secure origin serves the frame's page: a path of its own, so that the vault cookie it
 * scopes to this path is read by the frame and carried by none of its calls to `/api`.
 */
export const SECURE_FRAME_PATH = '/frame/'
export const CONFIRMATION_MIN_WIDTH = 240
export const CONFIRMATION_MIN_HEIGHT = 120

/** SPEC.md section 9: how long the widget waits for the frame on the login steps. */
export const FRAME_REQUEST_TIMEOUT_MS = 30_000
/** The calls that time out after FRAME_REQUEST_TIMEOUT_MS; the others wait for the user or the chain. */
/** How long one connectSocial call waits for the popup's callback before answering "still pending". */
export const SOCIAL_CLAIM_WAIT_MS = 20_000

export const FRAME_TIMEOUT_METHODS: ReadonlySet<FrameMethod> = new Set<FrameMethod>([
  'connectEmail',
  'connectDevice',
  'sendDeviceCode',
  'connectOtp',
  'connectSocial',
  'getSocialRedirectUri',
])

/** The time-out for a frame call, or undefined when it has none. */
export function frameRequestTimeout(method: FrameMethod): number | undefined {
  return FRAME_TIMEOUT_METHODS.has(method) ? FRAME_REQUEST_TIMEOUT_MS : undefined
}
