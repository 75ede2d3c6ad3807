import * as z from 'zod/mini'
import { ThemeMode, ThemeVariables } from '../common'
import { Metadata, SocialProvider } from '../options'
import { BITCOIN_ADDRESS, EVM_ADDRESS, POLKADOT_ADDRESS, SOLANA_ADDRESS } from '../patterns'

/**
 * Field schemas of the secure-frame protocol (SPEC.md sections 3, 5 and 7). The secure frame is on
 * our own third origin, but every field is still bounded: a compromised or buggy peer must not be
 * able to hand the other side unbounded strings or arrays.
 */

/**
 * A practical email check (the HTML `input type=email` grammar, plus a dotted domain and the
 * RFC 5321 limits: 64 characters before the `@`, 254 in all). ASCII only: an internationalised
 * domain is typed in its punycode form.
 */
export const FRAME_EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/
export const FRAME_EMAIL_MAX_LENGTH = 254
export const FrameEmail = z.string().check(z.maxLength(FRAME_EMAIL_MAX_LENGTH), z.regex(FRAME_EMAIL))
export type FrameEmail = z.infer<typeof FrameEmail>

/**
 * SPEC.md section 5 only says "OTP is a string". Our secure frame mails 6-digit codes, so anything
 * else can never verify: the schema takes exactly 6 ASCII digits, and the widget can gate its
 * input on the same pattern instead of sending a code that is bound to fail.
 */
export const FRAME_OTP_LENGTH = 6
export const FRAME_OTP = /^[0-9]{6}$/
export const FrameOtp = z.string().check(z.regex(FRAME_OTP))
export type FrameOtp = z.infer<typeof FrameOtp>

/**
 * A chain id as the frame speaks it: a number for eip155 chains, a string for the rest (a Solana
 * cluster's genesis hash, or a CAIP-2 id, or a decimal or hex chain id).
 */
export const FRAME_CHAIN_ID = /^[-_:a-zA-Z0-9]{1,80}$/
export const FrameChainId = z.union([
  z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  z.string().check(z.regex(FRAME_CHAIN_ID)),
])
export type FrameChainId = z.infer<typeof FrameChainId>

/** The providers the frame runs an OAuth login for (farcaster has its own flow). */
export const FRAME_SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export const FrameSocialProvider = z.enum(FRAME_SOCIAL_PROVIDERS)
export type FrameSocialProvider = z.infer<typeof FrameSocialProvider>

export const FrameAccountType = z.enum(['eoa', 'smartAccount'])
export type FrameAccountType = z.infer<typeof FrameAccountType>

/** An embedded-wallet address: eip155 (0x + 40 hex) or Solana (32 to 44 base58 characters). */
export const FRAME_ADDRESS = /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/
export const FrameAddress = z.string().check(z.regex(FRAME_ADDRESS))

/** http(s) only: a login or Farcaster URL is opened in a popup or drawn as a QR code. */
export const FRAME_URL = /^https?:\/\/[^\s]+$/
export const FrameUrl = z.string().check(z.maxLength(4096), z.regex(FRAME_URL))

/** A session token (a JWT or an opaque string), never markup. */
export const FRAME_SESSION_TOKEN = /^[-_.=+/A-Za-z0-9]{1,4096}$/
export const FrameSessionToken = z.string().check(z.regex(FRAME_SESSION_TOKEN))

const userName = z.string().check(z.minLength(1), z.maxLength(100))

/**
 * The embedded wallet's own account (its EOA) in each chain family the frame derives keys for, so
 * that the widget can connect any of them from one getUser. `address` stays the eip155 one.
 */
export const FrameAddresses = z.object({
  eip155: z.optional(z.string().check(z.regex(EVM_ADDRESS))),
  /** m/44'/501'/0'/0' of the same seed (base58). */
  solana: z.optional(z.string().check(z.regex(SOLANA_ADDRESS))),
  /**
   * BIP-84 native segwit by network's CAIP-2 id: `m/84'/0'/0'/0/0` on Bitcoin (bc1q…),
   * `m/84'/1'/0'/0/0` on the test networks (tb1q…, bcrt1q… on regtest).
   */
  bip122: z.optional(
    z
      .record(z.string().check(z.regex(/^bip122:[0-9a-f]{32}$/)), z.string().check(z.regex(BITCOIN_ADDRESS)))
      .check(z.refine((addresses) => Object.keys(addresses).length <= 10, 'Too many networks')),
  ),
  /**
   * ed25519 at `m/44'/354'/0'/0'/0'` (the Ledger Polkadot app's derivation), one key, by network's
   * CAIP-2 id in that network's SS58 format (prefix 0 on Polkadot and its Asset Hub, 2 on Kusama's).
   */
  polkadot: z.optional(
    z
      .record(z.string().check(z.regex(/^polkadot:[0-9a-f]{32}$/)), z.string().check(z.regex(POLKADOT_ADDRESS)))
      .check(z.refine((addresses) => Object.keys(addresses).length <= 10, 'Too many networks')),
  ),
})
export type FrameAddresses = z.infer<typeof FrameAddresses>

/** SPEC.md section 3 "Frame user", plus the social login fields. */
export const FrameUser = z.object({
  email: z.optional(FrameEmail),
  address: FrameAddress,
  chainId: FrameChainId,
  accounts: z.array(z.object({ address: FrameAddress, type: FrameAccountType })).check(z.maxLength(20)),
  smartAccountDeployed: z.boolean(),
  preferredAccountType: FrameAccountType,
  /** The wallet's account per chain family; absent from frames that predate it. */
  addresses: z.optional(FrameAddresses),
  /** The social (or Farcaster) user name; absent for an email login. */
  userName: z.optional(userName),
  /** The provider of a social login, farcaster included; absent for an email login. */
  socialProvider: z.optional(SocialProvider),
  /** How many passkeys protect this wallet (each can open it on a new device). */
  passkeys: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
})
export type FrameUser = z.infer<typeof FrameUser>

/** An email as the frame shows where a code went: `j***@example.com`, never the whole address. */
export const FrameMaskedEmail = z.string().check(z.maxLength(FRAME_EMAIL_MAX_LENGTH), z.regex(/^[^\s@]{1,8}\*{3}@[^\s@]{1,253}$/))

/** The two-digit number a new device shows while the owner's mail names it (number matching). */
export const FrameMatchNumber = z.string().check(z.regex(/^[1-9]\d$/))
const epochMs = z.int().check(z.minimum(0), z.maximum(8.64e15))

/**
 * What the key service did for a new device's email: mailed a code to `sentTo`, or, for an account
 * with a passkey, started an email recovery that opens at `opensAt` (no code until then; the owner
 * is mailed a cancel link and every device with the wallet open is told). `match`: the number
 * this device shows, which the owner's mail names too.
 */
export const FrameDeviceCodeSent = z.object({
  sentTo: FrameMaskedEmail,
  match: z.optional(FrameMatchNumber),
  opensAt: z.optional(epochMs),
})
export type FrameDeviceCodeSent = z.infer<typeof FrameDeviceCodeSent>

/**
 * The login went through (CONNECT), or it proved the first factor only and this device does not
 * hold the wallet yet: it needs the second factor (VERIFY_DEVICE), a code the key service mailed
 * to `sentTo` (absent for an account without email, and for one with passkeys until the user asks
 * to recover by email) or one of the account's `passkeys`.
 */
export const FrameSecondFactor = z.object({
  action: z.literal('VERIFY_DEVICE'),
  sentTo: z.optional(FrameMaskedEmail),
  match: z.optional(FrameMatchNumber),
  opensAt: z.optional(epochMs),
  passkeys: z.int().check(z.minimum(0), z.maximum(100)),
  /** An account with passkeys and an email: recovery by email may be asked for (it waits). */
  emailRecovery: z.optional(z.literal(true)),
  /**
   * Why this browser is a new device although it may hold the wallet on another dapp site: the
   * frame's storage is partitioned per site. `ask`: a click in the frame may ask the browser for
   * its unpartitioned storage (unlockWithStorageAccess); `refused`: the browser refused it or has
   * no such API, so this site needs its own approval. Absent where the frame reads the shared store.
   */
  partitioned: z.optional(z.enum(['ask', 'refused'])),
})
export type FrameSecondFactor = z.infer<typeof FrameSecondFactor>
export const FrameConnected = z.object({ action: z.literal('CONNECT') })

/** An email recovery under way for the signed-in account (a device asked to open it without its passkey). */
export const FrameRecovery = z.object({
  id: z.uuid(),
  requestedAt: epochMs,
  opensAt: epochMs,
  /** `Chrome 142 on Linux`, as the key service read the asking device's User-Agent. */
  device: z.string().check(z.maxLength(120)),
  /** `DE (IP 203.0.113.7)`. */
  place: z.string().check(z.maxLength(120)),
  match: FrameMatchNumber,
})
export type FrameRecovery = z.infer<typeof FrameRecovery>
export const FrameRecoveries = z.object({ recoveries: z.array(FrameRecovery).check(z.maxLength(20)) })
export const FrameLoginStep = z.union([FrameConnected, FrameSecondFactor])
export type FrameLoginStep = z.infer<typeof FrameLoginStep>
/** A social or Farcaster login: the user when the wallet opened, else the second factor it needs. */
export const FrameSocialLoginStep = z.union([z.object({ action: z.literal('CONNECT'), user: FrameUser }), FrameSecondFactor])
export type FrameSocialLoginStep = z.infer<typeof FrameSocialLoginStep>

/**
 * What the frame asks for next after a connect-email call (SPEC.md section 4, "Email login"):
 * VERIFY_OTP (the login code) or CONNECT; VERIFY_DEVICE comes after the login code, from connectOtp,
 * when the device needs the second factor.
 */
export const FrameConnectEmailAction = z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT'])
export type FrameConnectEmailAction = z.infer<typeof FrameConnectEmailAction>

/** What the frame asks for next after an update-email call (SPEC.md section 4, "Email update"). */
export const FrameUpdateEmailAction = z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'])
export type FrameUpdateEmailAction = z.infer<typeof FrameUpdateEmailAction>

export const FrameThemeData = z.object({ themeMode: z.optional(ThemeMode), themeVariables: z.optional(ThemeVariables) })
export type FrameThemeData = z.infer<typeof FrameThemeData>

/** A confirmation request's id, chosen by the widget (crypto.randomUUID()), so that it can abort it. */
export const FRAME_REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/
export const FrameRequestId = z.string().check(z.regex(FRAME_REQUEST_ID))

/** A web origin as `URL.origin` writes it: scheme, host, optional port, nothing else. */
export const FRAME_ORIGIN = /^https?:\/\/[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/
export const FrameOrigin = z.string().check(z.regex(FRAME_ORIGIN))

/** SPEC.md section 3 "Dapp data". */
export const FrameDappData = z.object({
  metadata: z.optional(Metadata),
  /**
   * The dapp's origin as the widget pinned it at the host handshake. The frame's confirmation shows
   * it only where the browser does not say it (location.ancestorOrigins), labelled as the modal's word.
   */
  origin: z.optional(FrameOrigin),
  sdkVersion: z.string().check(z.maxLength(40)),
  sdkType: z.string().check(z.maxLength(40)),
  projectId: z.string().check(z.minLength(1), z.maxLength(100)),
})
export type FrameDappData = z.infer<typeof FrameDappData>
