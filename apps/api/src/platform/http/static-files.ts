import type { Stats } from 'node:fs'
import { readFile, realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, resolve, sep } from 'node:path'
import { CompressionCache, isCompressible, pickEncoding } from './compression'

export interface RequestTarget {
  /** Percent-decoded path, checked: starts with `/`, no `.` or `..` segment, no NUL or `\`. */
  path: string
  query: URLSearchParams
}

/**
 * Splits and checks a raw request target (`req.url`, not normalised by Node). Returns undefined
 * for anything that is not a plain path under the root: `..` segments in any encoding
 * (`/../x`, `/%2e%2e/x`, `/a/..%2fx`), backslashes, NUL, malformed escapes, absolute-form
 * targets. Deliberately not `new URL()`: it resolves `//host/x` as a host.
 */
export function parseRequestTarget(rawUrl: string | undefined): RequestTarget | undefined {
  if (!rawUrl || !rawUrl.startsWith('/')) return undefined
  const hashless = rawUrl.split('#', 1)[0] ?? ''
  const q = hashless.indexOf('?')
  const rawPath = q === -1 ? hashless : hashless.slice(0, q)
  let path: string
  try {
    path = decodeURIComponent(rawPath)
  } catch {
    return undefined
  }
  if (path.includes('\0') || path.includes('\\')) return undefined
  if (path.split('/').some((s) => s === '..' || s === '.')) return undefined
  return { path, query: new URLSearchParams(q === -1 ? '' : hashless.slice(q + 1)) }
}

/** Dot-files and dot-directories (`/.env`, `/.git/config`) are never served from a directory. */
export function isHiddenPath(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.'))
}

export interface StaticFile {
  path: string
  stats: Stats
}

/**
 * The regular file at `root` + `path`, or undefined. The resolved (and symlink-resolved) path must
 * stay inside root: a second line of defence behind parseRequestTarget.
 */
export async function resolveStaticFile(root: string, path: string): Promise<StaticFile | undefined> {
  if (isHiddenPath(path)) return undefined
  const base = resolve(root)
  const candidate = resolve(base, `.${path}`)
  if (candidate !== base && !candidate.startsWith(base + sep)) return undefined
  try {
    const [realBase, realFile] = await Promise.all([realpath(base), realpath(candidate)])
    if (!realFile.startsWith(realBase + sep)) return undefined
    const stats = await stat(realFile)
    return stats.isFile() ? { path: realFile, stats } : undefined
  } catch {
    return undefined
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
}

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/** Hashed build output: the file name changes with its content, so it can be cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'
/** Stable URLs (sdk.js, favicon, ...): cache but revalidate every time (ETag). */
export const REVALIDATE_CACHE = 'no-cache'
/** HTML (carries per-request config and CSP) and errors. */
export const NO_STORE = 'no-store'

function etagOf(stats: Stats): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`
}

const compressed = new CompressionCache()

export interface SendFileOptions {
  cacheControl: string
  headers?: Record<string, string>
}

/**
 * Sends a file with its content type, length, cache policy and ETag (304 on a match), brotli or
 * gzip encoded when the client accepts it and the type compresses.
 */
export async function sendFile(req: IncomingMessage, res: ServerResponse, file: StaticFile, options: SendFileOptions): Promise<void> {
  const etag = etagOf(file.stats)
  res.setHeader('Cache-Control', options.cacheControl)
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value)
  if (options.cacheControl !== NO_STORE) {
    res.setHeader('ETag', etag)
    res.setHeader('Last-Modified', file.stats.mtime.toUTCString())
    const inm = req.headers['if-none-match']
    if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      res.statusCode = 304
      res.end()
      return
    }
  }
  const contentType = contentTypeFor(file.path)
  let body: Buffer = await readFile(file.path)
  if (isCompressible(contentType, body.length)) {
    res.setHeader('Vary', 'Accept-Encoding')
    const encoding = pickEncoding(req.headers['accept-encoding'])
    if (encoding) {
      body = await compressed.get(`${file.path}:${file.stats.size}:${file.stats.mtimeMs}`, encoding, body)
      res.setHeader('Content-Encoding', encoding)
    }
  }
  res.statusCode = 200
  res.setHeader('Content-Type', contentType)
  res.setHeader('Content-Length', body.length)
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** A short plain-text response (errors), never cached. */
export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = Buffer.from(`${text}\n`, 'utf8')
  res.statusCode = status
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.setHeader('Cache-Control', NO_STORE)
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Content-Length', body.length)
  res.end(res.req?.method === 'HEAD' ? undefined : body)
}

/** Sends an HTML document: never cached, since it carries per-request config and CSP. */
export function sendHtml(req: IncomingMessage, res: ServerResponse, html: string, status = 200): void {
  const body = Buffer.from(html, 'utf8')
  res.statusCode = status
  res.setHeader('Cache-Control', NO_STORE)
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.setHeader('Content-Length', body.length)
  res.end(req.method === 'HEAD' ? undefined : body)
}
