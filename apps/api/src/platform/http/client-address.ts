import { BlockList, isIP, isIPv4, SocketAddress } from 'node:net'
import * as z from 'zod'

/**
 * The client address rate limits key on. Behind a load balancer every socket comes from the
 * balancer, so the address is read from `X-Forwarded-For` — but only through proxies the
 * operator trusts: each proxy appends the peer it saw, so the header is walked from the right,
 * past trusted hops, and the first untrusted hop is the client. Anything left of it was written
 * by the client and is never read; a peer that is not a trusted proxy has its header ignored.
 */

/** The socket peer under @hono/node-server; requests through app.request() have none unless the test passes one. */
const peerOf = (c: { env: unknown }): string | undefined =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress

/** An IP (v4, v6) or a CIDR range of one: `10.0.0.0/8`, `fd00::/8`, `::ffff:10.0.0.0/104`, `203.0.113.7`. */
export const TrustedProxy = z.string().refine((text) => parseRange(text) !== undefined, {
  message: 'must be an IPv4 or IPv6 address or CIDR range, e.g. 10.0.0.0/8 or fd00::/8',
})

/** `AIRLOCK_TRUSTED_PROXIES` and the like: a comma (or space) separated list; empty entries are dropped. */
export function splitProxyList(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,]+/).filter(Boolean)
}

function parseRange(text: string): { address: string; family: 'ipv4' | 'ipv6'; prefix: number } | undefined {
  const [address = '', prefixText, extra] = text.trim().split('/')
  const version = isIP(address)
  if (version === 0 || extra !== undefined) return undefined
  const bits = version === 4 ? 32 : 128
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined
  const prefix = prefixText === undefined ? bits : Number(prefixText)
  return prefix <= bits ? { address, family: version === 4 ? 'ipv4' : 'ipv6', prefix } : undefined
}

/**
 * One spelling per address, so that `::ffff:1.2.3.4`, `::FFFF:102:304` and `1.2.3.4` share a
 * bucket (a dual-stack server sees IPv4 clients in the mapped form); undefined when not an IP.
 */
export function canonicalAddress(text: string): string | undefined {
  const version = isIP(text)
  if (version === 0) return undefined
  if (version === 4) return text
  const address = new SocketAddress({ address: text, family: 'ipv6' }).address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1]
  return mapped && isIPv4(mapped) ? mapped : address
}

/** An `X-Forwarded-For` entry: an IP, maybe with a port (`1.2.3.4:80`, `[2001:db8::1]:443`); undefined when it is none. */
function forwardedAddress(entry: string): string | undefined {
  const text = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text)?.[1]
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d{1,5}$/.exec(text)?.[1]
  return canonicalAddress(bracketed ?? v4WithPort ?? text)
}

export type IsTrustedProxy = (address: string) => boolean

/** Whether an address (canonical) is one of `proxies`; throws on an entry TrustedProxy refuses. */
export function trustedProxyMatcher(proxies: readonly string[]): IsTrustedProxy {
  if (proxies.length === 0) return () => false
  const list = new BlockList()
  for (const proxy of proxies) {
    const range = parseRange(proxy)
    if (!range) throw new Error(`Not an IP address or CIDR range: ${proxy}`)
    list.addSubnet(range.address, range.prefix, range.family)
  }
  return (address) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6')
}

/**
 * The client of a request that came from `peer` with `X-Forwarded-For: forwardedFor`. When the
 * walk meets an entry that is no IP (a trusted proxy wrote junk), the last trusted hop stands in:
 * sharing a proxy's bucket is safer than keying on text the client may control.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | undefined, isTrusted: IsTrustedProxy): string {
  if (peer === undefined) return 'local'
  let client = canonicalAddress(peer) ?? peer
  if (!isTrusted(client) || !forwardedFor) return client
  const hops = forwardedFor.split(',')
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = forwardedAddress(hops[i]!)
    if (hop === undefined) return client
    client = hop
    if (!isTrusted(hop)) return hop
  }
  // Every hop is a trusted proxy (a health check from inside): the leftmost is the origin.
  return client
}

/** The eight 16-bit groups of an IPv6 address. */
function ipv6Groups(address: string): number[] {
  // An embedded dotted IPv4 (64:ff9b::1.2.3.4) is the last two groups.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a: string, b: string, c: string, d: string) =>
    [(+a << 8) | +b, (+c << 8) | +d].map((group) => group.toString(16)).join(':'),
  )
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const [head = '', tail] = text.split('::')
  if (tail === undefined) return groups(head)
  const left = groups(head)
  const right = groups(tail)
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/**
 * What the rate limits count a client as: its IPv4 address, or the /64 its IPv6 address is in. An
 * IPv6 subscriber is handed a whole /64 (2^64 addresses), so keying one address would let a single
 * user rotate past every limit.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

export type ClientAddressOf = (c: { env: unknown; req: { header(name: string): string | undefined } }) => string

/** The client address of a request, for servers behind `trustedProxies` (none: the socket peer). */
export function clientAddressOf(trustedProxies: readonly string[] = []): ClientAddressOf {
  const isTrusted = trustedProxyMatcher(trustedProxies)
  return (c) => resolveClientAddress(peerOf(c), c.req.header('X-Forwarded-For'), isTrusted)
}

/** What a request's client counts as for the rate limits (rateLimitKey of its address). */
export function rateLimitClientOf(trustedProxies: readonly string[] = []): ClientAddressOf {
  const addressOf = clientAddressOf(trustedProxies)
  return (c) => rateLimitKey(addressOf(c))
}
