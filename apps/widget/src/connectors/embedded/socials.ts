import type { FrameSocialProvider, SocialProvider } from '@airlock/protocol'

/**
 * The social logins of the AUTH connector: which ones the Connect view offers (SPEC sections 1 and
 * 5) and the popup the login runs in. Small and free of the frame client: the Connect view paints
 * the buttons before any of the secure-frame code is loaded.
 */

/** SPEC section 1's default socials, in its order. */
export const DEFAULT_SOCIALS: readonly SocialProvider[] = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']

/**
 * Every social login the frame runs, with its name: the six OAuth providers (FrameSocialProvider,
 * in a popup) and Farcaster (its own QR flow). The type makes this list complete; it is also the
 * list of supported providers, without a value import of the protocol's schemas into the first chunk.
 */
export const SOCIAL_LABELS: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

/** The providers whose login runs in a popup (all but Farcaster). */
export function isPopupProvider(provider: SocialProvider): provider is FrameSocialProvider {
  return provider !== 'farcaster'
}

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && Object.hasOwn(SOCIAL_LABELS, value)
}

export type SocialPlatform = 'ios' | 'mac' | 'android' | 'other'

/** What SPEC section 5 removes inside a messaging-app web view, per platform. */
const WEB_VIEW_REMOVALS: Readonly<Record<SocialPlatform, readonly SocialProvider[]>> = {
  ios: ['google'],
  mac: ['x'],
  android: ['facebook', 'x'],
  other: [],
}

/**
 * In-app browsers of messaging apps, by the marks they put in the user agent: Telegram (Android),
 * WhatsApp, WeChat, LINE, KakaoTalk, Viber, Snapchat, Facebook Messenger. Telegram on iOS and
 * macOS adds nothing to the user agent; only the top page can see its `TelegramWebviewProxy`.
 */
const MESSAGING_WEB_VIEW =
  /Telegram|WhatsApp|MicroMessenger|\bLine\/|KAKAOTALK|Viber|Snapchat|FBAN\/Messenger|FB_IAB\/MESSENGER|MessengerForiOS|MessengerLite/i

export function isMessagingWebView(userAgent: string): boolean {
  return MESSAGING_WEB_VIEW.test(userAgent)
}

/** iPadOS reports itself as a Mac: a touch screen tells them apart. */
export function socialPlatform(userAgent: string, maxTouchPoints = 0): SocialPlatform {
  if (/Android/i.test(userAgent)) return 'android'
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios'
  if (/Macintosh|Mac OS X/.test(userAgent)) return maxTouchPoints > 1 ? 'ios' : 'mac'
  return 'other'
}

export interface SocialEnvironment {
  inMessagingWebView: boolean
  platform: SocialPlatform
}

export function socialEnvironment(navigator: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> | undefined): SocialEnvironment {
  const userAgent = navigator?.userAgent ?? ''
  return { inMessagingWebView: isMessagingWebView(userAgent), platform: socialPlatform(userAgent, navigator?.maxTouchPoints ?? 0) }
}

/**
 * The social buttons to show: the dapp's `features.socials` (false: none; absent: the defaults),
 * limited to the providers the secure frame runs, each once, then SPEC section 5's web-view filter.
 */
export function visibleSocials(socials: false | readonly SocialProvider[] | undefined, environment: SocialEnvironment): SocialProvider[] {
  if (socials === false) return []
  const wanted = (socials ?? DEFAULT_SOCIALS).filter(isSocialProvider)
  const removed = environment.inMessagingWebView ? WEB_VIEW_REMOVALS[environment.platform] : []
  return [...new Set(wanted)].filter((provider) => !removed.includes(provider))
}

export const SOCIAL_POPUP_NAME = 'airlock-social'
export const SOCIAL_POPUP_FEATURES = 'width=500,height=640'

/** The secure origin's waiting page the popup opens on, before it is sent to the provider. */
export function socialLoadingUrl(secureFrameUrl: string, provider: FrameSocialProvider): string {
  return `${new URL(secureFrameUrl).origin}/oauth/loading?provider=${encodeURIComponent(provider)}`
}

/**
 * Opens a popup (the social login, the on-ramp checkout). Must run synchronously inside the click
 * handler: a popup opened after an await has lost the user activation and is blocked. Null when a
 * blocker said no.
 */
export function openPopup(win: Pick<Window, 'open'>, url: string, name: string, features: string): Window | null {
  try {
    return win.open(url, name, features)
  } catch {
    return null
  }
}

/**
 * Opens the login popup on the secure origin's waiting page (see openPopup). Never `noopener`: the
 * login's callback page hands the secure frame its proof through the popup's opener, this window.
 */
export function openSocialPopup(win: Pick<Window, 'open'>, secureFrameUrl: string, provider: FrameSocialProvider): Window | null {
  return openPopup(win, socialLoadingUrl(secureFrameUrl, provider), SOCIAL_POPUP_NAME, SOCIAL_POPUP_FEATURES)
}
