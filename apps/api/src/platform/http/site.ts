import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ViteDevServer } from 'vite'
import type { NodeHandler } from './server'
import {
  IMMUTABLE_CACHE,
  parseRequestTarget,
  type RequestTarget,
  resolveStaticFile,
  REVALIDATE_CACHE,
  sendFile,
  sendHtml,
  sendText,
  type StaticFile,
} from './static-files'

export interface ExtraFile {
  /** Absolute path of the file (it may live outside the dist dir). */
  file: string
  cacheControl?: string
  headers?: Record<string, string>
}

export interface RenderedPage {
  html: string
  /** Headers of this page only (its CSP), overriding the site's headers. */
  headers: Record<string, string>
}

export interface SiteOptions {
  /** For logs and the "not built" message. */
  name: string
  /** Headers of every response (CSP, nosniff, Referrer-Policy). */
  headers: Record<string, string>
  /** The Vite build output. */
  distDir: string
  /** Files served by exact URL path, outside the dist dir. */
  extraFiles?: Record<string, ExtraFile>
  /** Dev mode: Vite serves modules and assets; pages are read from `appDir`. */
  dev?: { vite: ViteDevServer; appDir: string }
  /** Turns a page's HTML into the response (config injection, per-request CSP). */
  renderPage?: (html: string, target: RequestTarget) => Promise<RenderedPage>
}

const ALLOWED_METHODS = 'GET, HEAD'

async function fileAt(path: string): Promise<StaticFile | undefined> {
  try {
    const stats = await stat(path)
    return stats.isFile() ? { path, stats } : undefined
  } catch {
    return undefined
  }
}

/** The page a path names: `/` and `/dir/` mean their index.html; `*.html` is itself. */
function pagePathOf(path: string): string | undefined {
  if (path.endsWith('/')) return `${path}index.html`
  if (path.toLowerCase().endsWith('.html')) return path
  return undefined
}

function passToVite(vite: ViteDevServer, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    res.once('close', () => resolve())
    vite.middlewares(req, res, (error?: unknown) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)))
      sendText(res, 404, 'Not Found')
      resolve()
    })
  })
}

/**
 * One origin's static site: GET/HEAD only, every response with the site's security headers,
 * HTML never cached, hashed `/assets/*` cached for a year, other files revalidated by ETag,
 * 404 for anything missing and 400 for paths that try to leave the root.
 */
export function createSiteHandler(options: SiteOptions): NodeHandler {
  const extraFiles = new Map(Object.entries(options.extraFiles ?? {}))
  return async (req, res) => {
    for (const [name, value] of Object.entries(options.headers)) res.setHeader(name, value)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendText(res, 405, 'Method Not Allowed', { Allow: ALLOWED_METHODS })
    }
    const target = parseRequestTarget(req.url)
    if (!target) return sendText(res, 400, 'Bad Request')

    const extra = extraFiles.get(target.path)
    if (extra) {
      const file = await fileAt(extra.file)
      if (!file) return sendText(res, 404, 'Not Found')
      return sendFile(req, res, file, { cacheControl: extra.cacheControl ?? REVALIDATE_CACHE, headers: extra.headers ?? {} })
    }

    const pagePath = pagePathOf(target.path)
    if (pagePath) {
      const root = options.dev ? options.dev.appDir : options.distDir
      const file = await resolveStaticFile(root, pagePath)
      if (!file) {
        return pagePath === '/index.html'
          ? sendText(res, 503, `The ${options.name} is not built (no index.html in ${root}): run "npm run build".`)
          : sendText(res, 404, 'Not Found')
      }
      let html = await readFile(file.path, 'utf8')
      if (options.dev) html = await options.dev.vite.transformIndexHtml(req.url ?? '/', html)
      const page = options.renderPage ? await options.renderPage(html, target) : { html, headers: {} }
      for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value)
      return sendHtml(req, res, page.html)
    }

    if (options.dev) return passToVite(options.dev.vite, req, res)

    const file = await resolveStaticFile(options.distDir, target.path)
    if (!file) return sendText(res, 404, 'Not Found')
    const cacheControl = target.path.startsWith('/assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE
    return sendFile(req, res, file, { cacheControl })
  }
}
