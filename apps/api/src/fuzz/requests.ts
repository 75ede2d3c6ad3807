import type { Rng } from '@airlock/protocol/fuzz'
import { TRAVERSAL_PATHS } from '../testing/http'
import type { RawHttpRequest } from './raw-http'

/**
 * Malformed HTTP requests for a server's routes (pure: the same generator state gives the same
 * requests): hostile path and query values, odd methods, forged origins, broken cookies and
 * content types, bad, huge, deep and truncated bodies, path traversal.
 */

export interface FuzzRoute {
  method: string
  /** A path template, `{name}` for a path parameter. */
  path: string
  query: readonly string[]
  /** The JSON body's keys, when the route reads one. */
  body?: readonly string[]
}

export interface FuzzTarget {
  routes: readonly FuzzRoute[]
  /** Query parameters a caller normally sends (e.g. the project id), sometimes left off or broken. */
  baseQuery: readonly [string, string][]
  /** The Origin a legitimate caller sends, and forged ones. */
  origin: string
  forgedOrigins: readonly string[]
}

/** Query and path values, already in their on-the-wire (percent-encoded or deliberately not) form. */
export const HOSTILE_VALUES: readonly string[] = [
  '',
  '-1',
  '0',
  '1.5',
  '1e309',
  '-1e309',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  '0x',
  '0xZZ',
  '%00',
  'a%00b',
  '%zz',
  '%',
  '%E2%80%AE',
  '%F0%9F%92%A5',
  '%C0%AF',
  '%FF%FE',
  '%ED%A0%80',
  'x'.repeat(5000),
  encodeURIComponent('<script>alert(1)</script>'),
  '..%2F..%2Fetc%2Fpasswd',
  '....//....//etc/passwd',
  'eip155:31337',
  'eip155:1e309',
  'eip155:-1',
  'eip155:',
  'solana:%00',
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb9226',
  '__proto__',
  'constructor',
  '[]',
  '{}',
  'true',
  'null',
  'undefined',
  '%0d%0aSet-Cookie:%20x=1',
  "'%20OR%201=1--",
  '%22%3B%20DROP%20TABLE%20x%3B--',
]

const ODD_METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'FOO', 'get', 'POST', 'GET']

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  '',
  'application/json, text/html',
  '*/*',
]

const JUNK_HEADERS: readonly [string, string][] = [
  ['Cookie', 'airlock_session=%zz; =; ;;; a=b=c'],
  ['Cookie', `airlock_session=${'x'.repeat(6000)}`],
  ['Cookie', 'airlock_device="unterminated; airlock_session=__proto__'],
  ['Cookie', '__proto__=1; constructor=2'],
  ['Authorization', 'Bearer'],
  ['Authorization', `Bearer ${'A'.repeat(5000)}`],
  ['Authorization', 'Basic %%%'],
  ['X-Airlock-Device', '../../etc/passwd'],
  ['X-Forwarded-For', 'not an address, ::ffff:999.1.1.1'],
  ['Sec-Fetch-Site', 'cross-site'],
  ['Content-Encoding', 'gzip'],
  ['Content-Encoding', 'br, x-unknown'],
  ['Accept', 'application/x-nothing'],
  ['Range', 'bytes=-1,-2,9999999999-'],
  ['If-None-Match', '"\u00ff"'],
  ['If-Modified-Since', 'yesterday'],
  ['Expect', 'nothing'],
]

/** Headers whose framing Node's parser refuses with its own 400 (or a closed connection). */
const BROKEN_FRAMING: readonly [string, string][] = [
  ['Content-Length', '-1'],
  ['Content-Length', '10, 20'],
  ['Transfer-Encoding', 'chunked'],
  ['Transfer-Encoding', 'gzip, identity'],
  ['X-Bad', 'a\u0000b'],
]

function bodyText(route: FuzzRoute, rng: Rng): Buffer {
  const keys = [...(route.body ?? []), '__proto__', 'constructor', 'x']
  const value = () => rng.pick<unknown>([null, -1, 1e308, '', 'x'.repeat(3000), [], {}, true, '\u0000', { __proto__: null }, [[[]]]])
  const object = () => Object.fromEntries(keys.filter(() => rng.chance(0.6)).map((key) => [key, value()]))
  const deep = (n: number, open: string, close: string) => open.repeat(n) + close.repeat(n)
  const choices: (() => Buffer | string)[] = [
    () => JSON.stringify(object()),
    () => `{"${rng.pick(keys)}":`,
    () => '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
    () => '{',
    () => 'nul',
    () => '"just a string"',
    () => '[1,2,3]',
    () => '',
    () => '\u0000\u0001\u0002',
    () => '{"a":1e400,"b":-0,"c":123456789012345678901234567890}',
    () => deep(5000, '[', ']'),
    () => deep(2000, '{"a":', '}').replace(/}+$/, (m) => `1${m}`),
    () => Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]),
    () => `{"${'k'.repeat(70_000)}":1}`,
    () => 'x'.repeat(rng.pick([9_000, 70_000, 1_100_000])),
  ]
  const made = rng.pick(choices)()
  return typeof made === 'string' ? Buffer.from(made, 'utf8') : made
}

function fillPath(route: FuzzRoute, rng: Rng): string {
  if (rng.chance(0.08)) return rng.pick(TRAVERSAL_PATHS)
  const path = route.path.replace(/\{[^}]+\}/g, () => rng.pick(HOSTILE_VALUES))
  if (rng.chance(0.1))
    return rng.pick([`${path}/`, `${path}//`, `${path}/..`, `${path}/%2e%2e/%2e%2e/package.json`, `${path};x`, `/${path}`])
  return path
}

function query(target: FuzzTarget, route: FuzzRoute, rng: Rng): string {
  const pairs: [string, string][] = target.baseQuery
    .filter(() => rng.chance(0.85))
    .map(([key, value]) => [key, rng.chance(0.9) ? value : rng.pick(HOSTILE_VALUES)])
  for (const key of route.query) if (rng.chance(0.7)) pairs.push([key, rng.pick(HOSTILE_VALUES)])
  if (rng.chance(0.2)) pairs.push([rng.pick(['__proto__', 'constructor', '%00', 'a[]', 'a[b]', '']), rng.pick(HOSTILE_VALUES)])
  if (rng.chance(0.1) && pairs.length) pairs.push(rng.pick(pairs))
  const text = pairs.map(([key, value]) => `${key}=${value}`).join('&')
  return text ? `?${text}` : rng.pick(['', '?', '?&&', '?=', '?a'])
}

export function malformedRequest(target: FuzzTarget, rng: Rng): RawHttpRequest {
  const route = rng.pick(target.routes)
  const method = rng.chance(0.8) ? route.method : rng.pick(ODD_METHODS)
  const headers: [string, string][] = []
  const origin = rng.int(10)
  if (origin < 6) headers.push(['Origin', target.origin])
  else if (origin < 9) headers.push(['Origin', rng.pick(target.forgedOrigins)])
  const sendsBody = route.body !== undefined || method === 'POST' || method === 'PUT' || rng.chance(0.1)
  const body = sendsBody ? bodyText(route, rng) : Buffer.alloc(0)
  if (sendsBody || rng.chance(0.2)) headers.push(['Content-Type', rng.pick(CONTENT_TYPES)])
  for (let i = rng.int(3); i > 0; i--) headers.push(rng.pick(JUNK_HEADERS))
  const brokenFraming = rng.chance(0.05)
  if (brokenFraming) headers.push(rng.pick(BROKEN_FRAMING))
  const truncate = body.length > 2 && rng.chance(0.08)
  return {
    method,
    target: `${fillPath(route, rng)}${query(target, route, rng)}`,
    headers,
    body,
    ...(truncate ? { truncateAt: 1 + rng.int(body.length - 1) } : {}),
    halfClose: brokenFraming || truncate,
  }
}

/** What may never appear in an answer: a stack frame, a source location, a filesystem path. */
export const LEAK_PATTERNS: readonly RegExp[] = [
  /^\s*at \S/m,
  /\bat .*\(.*:\d+:\d+\)/,
  /\.(ts|tsx|js|mjs|cjs):\d+/,
  /\/work\//,
  /node_modules/,
  /file:\/\//,
  /\/(home|tmp|usr|var|root)\//,
  /[A-Z]:\\/,
]

export function leaks(body: string): RegExp | undefined {
  return LEAK_PATTERNS.find((pattern) => pattern.test(body))
}
