/**
 * Content-Security-Policy for each origin. Every response of every origin carries one
 * (documents need it; on other responses it is harmless and keeps the rule simple to check).
 */

export type CspDirectives = Record<string, readonly string[]>

/** Serialises directives; an empty source list becomes `'none'`. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.length ? [...new Set(sources)].join(' ') : "'none'"}`)
    .join('; ')
}

const LOCKDOWN = {
  'base-uri': [],
  'form-action': [],
  'object-src': [],
} satisfies CspDirectives

/** `ws://host:port` of an http origin: Vite's HMR socket shares the origin's own server in dev. */
function wsOf(origin: string): string {
  const url = new URL(origin)
  return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`
}

export interface WidgetCspInput {
  /** The widget origin itself (only used in dev, for the HMR socket). */
  widget: string
  api: string
  secure: string
  /** The WalletConnect relay (`ws://` or `wss://`): the only socket the page may open. */
  relay: string
  /** Origins allowed to frame the page; empty means `'none'`. */
  frameAncestors: readonly string[]
  dev?: boolean
}

/**
 * The widget page. Dev adds
 * `'unsafe-inline'` scripts (Vite / React-refresh preamble) and the HMR socket.
 */
export function widgetCsp({ widget, api, secure, relay, frameAncestors, dev }: WidgetCspInput): string {
  return serializeCsp({
    'default-src': ["'self'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', api],
    'connect-src': ["'self'", api, new URL(relay).origin, ...(dev ? [wsOf(widget)] : [])],
    'frame-src': [secure],
    ...LOCKDOWN,
    'frame-ancestors': frameAncestors,
  })
}

export interface DemoCspInput {
  dapp: string
  widget: string
  dev?: boolean
}

/**
 * The demo dapp: scripts from itself and the widget origin (`sdk.js`), the widget iframe, the
 * widget origin's boot status (the SDK asks it why the widget refuses this page), and
 * `http://127.0.0.1:*` because the demo's devnet wallet talks to anvil directly. Not framable.
 */
export function demoCsp({ dapp, widget, dev }: DemoCspInput): string {
  return serializeCsp({
    'default-src': ["'self'"],
    'script-src': ["'self'", widget, ...(dev ? ["'unsafe-inline'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'", widget, 'http://127.0.0.1:*', ...(dev ? [wsOf(dapp)] : [])],
    'frame-src': [widget],
    ...LOCKDOWN,
    'frame-ancestors': [],
  })
}

export interface SecureFrameCspInput {
  secure: string
  widget: string
  /** The key service, which the frame calls directly. */
  keyService: string
  /** The data API: the frame sends the Solana transactions its user approved to its RPC proxy. */
  api: string
  /**
   * The project's dapp origins. `frame-ancestors` is checked against every ancestor, not only the
   * parent: the frame sits in the widget, which sits in the dapp, so both must be listed. Without a
   * known project only the widget is, and the frame renders nowhere.
   */
  dapps?: readonly string[]
  /** The confirmation popup (CONFIRM_POPUP_PATH): a top-level window, framed by nobody. */
  topLevel?: boolean
  dev?: boolean
}

/**
 * The secure frame: only the widget origin (inside the project's dapps) may frame it; it talks only
 * to its own origin, the key service and the API (whose RPC proxy takes the Solana transactions
 * its user signed and sent: solana_signAndSendTransaction). Its confirmation popup, the same scripts in a top-level
 * window, may not be framed at all: a page that could frame it could style and cover it.
 */
export function secureFrameCsp({ secure, widget, keyService, api, dapps = [], topLevel = false, dev }: SecureFrameCspInput): string {
  return serializeCsp({
    'default-src': ["'self'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'", new URL(keyService).origin, new URL(api).origin, ...(dev ? [wsOf(secure)] : [])],
    'frame-src': [],
    ...LOCKDOWN,
    'frame-ancestors': topLevel ? [] : [widget, ...dapps],
  })
}

/** The JSON API: no document is ever meant to render from it. */
export const API_CSP = serializeCsp({ 'default-src': [], ...LOCKDOWN, 'frame-ancestors': [] })
