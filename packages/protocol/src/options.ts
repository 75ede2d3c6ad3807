import * as z from 'zod/mini'
import { CaipNetworkId, ThemeMode, ThemeVariables } from './common'
import { SiwxSettings } from './siwx/options'

export const SocialProvider = z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'])
export type SocialProvider = z.infer<typeof SocialProvider>

export const ConnectMethod = z.enum(['email', 'social', 'wallet'])
export const WalletFeature = z.enum(['onramp', 'swaps', 'receive', 'send'])

export const Features = z.object({
  swaps: z.optional(z.boolean()),
  onramp: z.optional(z.boolean()),
  receive: z.optional(z.boolean()),
  send: z.optional(z.boolean()),
  email: z.optional(z.boolean()),
  emailShowWallets: z.optional(z.boolean()),
  history: z.optional(z.boolean()),
  analytics: z.optional(z.boolean()),
  allWallets: z.optional(z.boolean()),
  legalCheckbox: z.optional(z.boolean()),
  smartSessions: z.optional(z.boolean()),
  collapseWallets: z.optional(z.boolean()),
  socials: z.optional(z.union([z.literal(false), z.array(SocialProvider)])),
  connectMethodsOrder: z.optional(z.array(ConnectMethod)),
})
export type Features = z.infer<typeof Features>

const url = z.string().check(z.maxLength(2048), z.regex(/^https?:\/\//))
const walletId = z.string().check(z.maxLength(200))

export const Metadata = z.object({
  name: z.string().check(z.maxLength(100)),
  description: z.optional(z.string().check(z.maxLength(500))),
  url: z.optional(url),
  icons: z.optional(z.array(url).check(z.maxLength(10))),
})

export const CustomWallet = z.object({
  id: walletId,
  name: z.string().check(z.maxLength(100)),
  homepage: z.optional(url),
  image_url: z.optional(url),
  mobile_link: z.optional(z.string().check(z.maxLength(2048))),
  desktop_link: z.optional(z.string().check(z.maxLength(2048))),
  webapp_link: z.optional(url),
  app_store: z.optional(url),
  play_store: z.optional(url),
})

/**
 * The serialisable options the widget receives from the host SDK. Functions (the SIWX handlers)
 * stay in the dapp page; the widget only learns whether sign-in is configured.
 */
export const WidgetOptions = z.object({
  projectId: z.string().check(z.minLength(1), z.maxLength(100)),
  sdkType: z.optional(z.string().check(z.maxLength(40))),
  sdkVersion: z.optional(z.string().check(z.maxLength(40))),
  networks: z.optional(z.array(CaipNetworkId).check(z.minLength(1), z.maxLength(100))),
  defaultNetwork: z.optional(CaipNetworkId),
  features: z.optional(Features),
  defaultAccountTypes: z.optional(z.record(z.string(), z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx']))),
  customWallets: z.optional(z.array(CustomWallet).check(z.maxLength(100))),
  featuredWalletIds: z.optional(z.array(walletId).check(z.maxLength(100))),
  includeWalletIds: z.optional(z.array(walletId).check(z.maxLength(1000))),
  excludeWalletIds: z.optional(z.array(walletId).check(z.maxLength(1000))),
  tokens: z.optional(z.record(CaipNetworkId, z.object({ address: z.string().check(z.maxLength(200)), image: z.optional(url) }))),
  termsConditionsUrl: z.optional(url),
  privacyPolicyUrl: z.optional(url),
  /** Sign in with the wallet (SIWX): `true` for the defaults, or its settings. */
  siwx: z.optional(z.union([z.literal(true), SiwxSettings])),
  /**
   * The settings of a sign-in with the dapp's own nonce and verification (the SDK's `siwxConfig`,
   * whose functions stay in the page: the widget calls them through the host's `siwx`). Not with `siwx`.
   */
  siwxConfig: z.optional(SiwxSettings),
  metadata: z.optional(Metadata),
  enableEIP6963: z.optional(z.boolean()),
  allowUnsupportedChain: z.optional(z.boolean()),
  /** Basic WalletConnect mode (AppKit's `basic`): no UnsupportedChain view, among others. */
  basic: z.optional(z.boolean()),
  walletFeaturesOrder: z.optional(z.array(WalletFeature)),
  /** SPEC section 3 lists these as options too; `features.*` wins when both are set. */
  socials: z.optional(z.union([z.literal(false), z.array(SocialProvider)])),
  connectMethodsOrder: z.optional(z.array(ConnectMethod)),
  collapseWallets: z.optional(z.boolean()),
  themeMode: z.optional(ThemeMode),
  themeVariables: z.optional(ThemeVariables),
})
export type WidgetOptions = z.infer<typeof WidgetOptions>
