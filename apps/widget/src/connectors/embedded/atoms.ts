import type { FrameAccountType, FrameAddresses, FrameRecovery, FrameSocialProvider, SocialProvider } from '@airlock/protocol'
import { atom } from 'jotai'

/**
 * The AUTH connector (email and social login through the secure frame). The atoms are small and in
 * the first chunk: the Connect view reads them; the frame client that writes them is lazy.
 */

/** The secure frame: not asked for yet, loading (until its ready signal), ready, or failed to load. */
export type AuthFrameStatus = 'idle' | 'loading' | 'ready' | 'failed'
export const authFrameStatusAtom = atom<AuthFrameStatus>('idle')

/** What the email login is doing; `error` is the text shown under the field of the current step. */
export type EmailLoginBusy = 'sending' | 'verifying' | 'authenticating'

/** The step the email login is at: the address, or the mailed login code. */
export type EmailLoginStep = 'email' | 'otp'

export interface EmailLogin {
  step?: EmailLoginStep | undefined
  email?: string | undefined
  /** The connection attempt (WidgetContext.session.attempt) this login belongs to. */
  attempt?: number | undefined
  busy?: EmailLoginBusy | undefined
  error?: string | undefined
}

export const emailLoginAtom = atom<EmailLogin>({})

/** 'blocked': window.open gave nothing (the view shows FrameErrorMessage.SocialPopupBlocked). */
export type SocialLoginStatus = 'waiting' | 'authenticating' | 'blocked' | 'error'

export interface SocialLogin {
  provider?: FrameSocialProvider | undefined
  attempt?: number | undefined
  status?: SocialLoginStatus | undefined
  error?: string | undefined
}

export const socialLoginAtom = atom<SocialLogin>({})

/** Sign In With Farcaster (SPEC section 2 ConnectingFarcaster; account state farcasterUrl). */
export interface FarcasterLogin {
  attempt?: number | undefined
  status?: 'loading' | 'waiting' | 'authenticating' | 'error' | undefined
  /** The URL the QR code carries (and the Farcaster app opens). */
  url?: string | undefined
  error?: string | undefined
}

export const farcasterLoginAtom = atom<FarcasterLogin>({})

/** Which login proved the first factor: the same account is then opened whatever the method. */
export type LoginMethod = { method: 'email'; email: string } | { method: 'social'; provider: SocialProvider }

/**
 * A login that proved its first factor on a device that does not hold the wallet yet (the frame's
 * VERIFY_DEVICE): the key service mailed a code to `sentTo`, or one of the account's `passkeys`
 * opens it (views/verify-device). For an account with a passkey, an email recovery opens only at
 * `opensAt`; `match` is the number this device shows and the owner's mail names.
 */
export interface DeviceCheck {
  attempt?: number | undefined
  login?: LoginMethod | undefined
  sentTo?: string | undefined
  match?: string | undefined
  opensAt?: number | undefined
  passkeys?: number | undefined
  emailRecovery?: boolean | undefined
  /** The frame's storage keeps this site apart from the others (FrameSecondFactor.partitioned). */
  partitioned?: 'ask' | 'refused' | undefined
  busy?: 'verifying' | 'sending' | 'passkey' | 'storage' | 'authenticating' | undefined
  error?: string | undefined
}

export const deviceCheckAtom = atom<DeviceCheck>({})

/** The signed-in embedded-wallet user (SPEC section 3: frame user; account state socialProvider). */
export interface AuthUser {
  email?: string | undefined
  userName?: string | undefined
  socialProvider?: SocialProvider | undefined
  accounts: readonly { address: string; type: FrameAccountType }[]
  preferredAccountType: FrameAccountType
  smartAccountDeployed: boolean
  /** Passkeys protecting the wallet (the Account view offers to add one). */
  passkeys: number
  /** The wallet's account per family and network, as getUser gave them (a Bitcoin network switch reads its address here). */
  addresses?: FrameAddresses | undefined
}

export const authUserAtom = atom<AuthUser | undefined>(undefined)

/**
 * The eip155 chains the frame has smart accounts on (SPEC section 3's smart-account-enabled
 * networks), as it named them at login; SPEC section 8: a failed fetch stores an empty list.
 */
export const smartAccountNetworksAtom = atom<readonly number[]>([])

/**
 * The wallet_sendCalls batches sent in this session, by the id the dapp was given: the user
 * operation's hash the frame answered, and its chain, for wallet_getCallsStatus.
 */
export const callBatchesAtom = atom<ReadonlyMap<string, { userOpHash: string; chainId: number }>>(new Map())

/** The signed-in account's email recoveries under way, as the frame last listed them (undefined: not asked yet). */
export const recoveriesAtom = atom<readonly FrameRecovery[] | undefined>(undefined)

/** The email update from the Account view (SPEC section 4, "Email update"). */
export interface EmailUpdate {
  newEmail?: string | undefined
  busy?: boolean | undefined
  error?: string | undefined
}

export const emailUpdateAtom = atom<EmailUpdate>({})
