/**
 * Policy-controlled features a page may use or pass to its frames (Permissions-Policy). Each origin
 * names the few it needs; every other one is off. Only names Chromium knows (e2e/origin-headers.spec.ts):
 * an unknown one costs a console error on every page (`bluetooth` and `web-share` are unknown on Linux).
 */
export const POLICY_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'clipboard-read',
  'clipboard-write',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'picture-in-picture',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const
export type PolicyFeature = (typeof POLICY_FEATURES)[number]

/** Per feature, who may use it: `'self'` and origins. A frame gets a feature only if its parent holds it for itself and for the frame's origin. */
export type FeatureAllowlist = Partial<Record<PolicyFeature, readonly string[]>>

/**
 * Cross-Origin-Opener-Policy of an origin's documents. `same-origin` cuts every opener relation;
 * `same-origin-allow-popups` keeps the ones to popups this page opens (login, checkout); `unsafe-none`
 * is for a popup that must reach its opener (the social login callback, the confirmation popup).
 */
export type OpenerPolicy = 'same-origin' | 'same-origin-allow-popups' | 'unsafe-none'

export interface OriginPolicy {
  /**
   * The origin as browsers reach it (its configured public URL): HSTS only when that is https, since
   * TLS may end at a proxy in front of this plain-http server. Without it, no HSTS.
   */
  publicOrigin?: string
  /** The features its pages use or delegate; default none. */
  allow?: FeatureAllowlist
  /** Default `same-origin`. */
  opener?: OpenerPolicy
}

/** Two years; subdomains of an origin's own host are its own too. */
const HSTS = 'max-age=63072000; includeSubDomains'

export function permissionsPolicy(allow: FeatureAllowlist = {}): string {
  return POLICY_FEATURES.map((feature) => {
    const sources = (allow[feature] ?? []).map((source) => (source === 'self' ? 'self' : `"${new URL(source).origin}"`))
    return `${feature}=(${sources.join(' ')})`
  }).join(', ')
}

/** HSTS (https only), nosniff, Permissions-Policy and COOP: what every response of every origin carries. */
export function originHeaders({ publicOrigin, allow, opener = 'same-origin' }: OriginPolicy): Record<string, string> {
  return {
    ...(publicOrigin && new URL(publicOrigin).protocol === 'https:' ? { 'Strict-Transport-Security': HSTS } : {}),
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': permissionsPolicy(allow),
    'Cross-Origin-Opener-Policy': opener,
  }
}

/** The origin headers plus the response's CSP and Referrer-Policy. */
export function securityHeaders(csp: string, referrerPolicy: string, policy: OriginPolicy = {}): Record<string, string> {
  return { 'Content-Security-Policy': csp, 'Referrer-Policy': referrerPolicy, ...originHeaders(policy) }
}

/** Passkeys and copying: what the widget iframe's `allow` asks for (host-sdk frame.ts), held by the dapp to pass on. */
export function dappPolicy(dapp: string, widget: string): OriginPolicy {
  const toWidget = ['self', widget]
  return {
    publicOrigin: dapp,
    allow: { 'clipboard-write': toWidget, 'publickey-credentials-get': toWidget, 'publickey-credentials-create': toWidget },
    // The widget in this page opens the login and confirmation popups, which post back to it.
    opener: 'same-origin-allow-popups',
  }
}

/** The widget copies (addresses, URIs) and passes passkeys on to the secure frame inside it. */
export function widgetPolicy(widget: string, secure: string): OriginPolicy {
  const toSecure = ['self', secure]
  return {
    publicOrigin: widget,
    allow: { 'clipboard-write': ['self'], 'publickey-credentials-get': toSecure, 'publickey-credentials-create': toSecure },
  }
}

/** The secure frame signs in with passkeys; nothing else. */
export function securePolicy(secure: string): OriginPolicy {
  return { publicOrigin: secure, allow: { 'publickey-credentials-get': ['self'], 'publickey-credentials-create': ['self'] } }
}
