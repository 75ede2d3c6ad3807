import * as z from 'zod'

/**
 * A canonical web origin as browsers serialise it (`location.origin`, the `Origin` header):
 * scheme http(s), lower-case host, no default port, no path, no trailing slash.
 *
 * The host is limited to LDH labels (punycode for IDNs) or an IPv6 literal, because origins end
 * up inside a Content-Security-Policy header, where `;`, `,`, quotes or spaces would let a
 * caller inject directives. WHATWG URL parsing alone accepts such characters in a host.
 */
const CANONICAL_ORIGIN =
  /^https?:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::\d{1,5})?$/

/** The four public origins of a stack, as browsers see them (`http://widget.localhost:4401`). */
export interface StackOrigins {
  /** The demo dapp. */
  dapp: string
  /** The widget (modal) page, also serving the host SDK script `/sdk.js`. */
  widget: string
  /** The secure frame (key custody). */
  secure: string
  /** The data API and chain RPC proxy. */
  api: string
}

export const MAX_ORIGIN_LENGTH = 300

/** The origin itself when `value` is a canonical http(s) origin, else undefined. */
export function parseHttpOrigin(value: string | undefined | null): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_ORIGIN_LENGTH || !CANONICAL_ORIGIN.test(value)) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  // Rejects `http://host:80`, out-of-range ports and anything the URL parser rewrites.
  return url.origin === value ? value : undefined
}

export const HttpOrigin = z.string().refine((value) => parseHttpOrigin(value) !== undefined, {
  message: 'must be a canonical http(s) origin such as https://app.example.com (no path, no trailing slash)',
})

/** `http://host:port` for an origin string, used for the host part of a `ws:` source. */
export function originHost(origin: string): string {
  return new URL(origin).host
}

/** https, or a host browsers treat as a secure context over http (localhost, *.localhost, loopback). */
export function isSecureContextOrigin(origin: string): boolean {
  const url = new URL(origin)
  if (url.protocol === 'https:') return true
  const host = url.hostname
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
}
