import { getRequestListener } from '@hono/node-server'
import { CONFIRM_POPUP_PATH, SECURE_FRAME_PATH } from '@airlock/protocol'
import { type OpenerPolicy, originHeaders, securePolicy } from '../../platform/http/security-headers'
import { startNodeServer, type RunningServer } from '../../platform/http/server'
import type { SiteOptions } from '../../platform/http/site'
import { createStaticOriginHandler, type StaticOriginOptions } from '../static/server'
import { createSecureOriginApp, SECURE_API_PREFIX, type SecureOriginAppOptions } from './app'
import { SOCIAL_CALLBACK_PREFIX } from './social'

export interface StartSecureOriginOptions extends StaticOriginOptions {
  host: string
  port: number
  /** Dev mode: the frame page through Vite from this app directory instead of distDir. */
  viteRoot?: string
  /** The secure-frame server's API, served under `/api` on the same origin. */
  api: SecureOriginAppOptions
}

/**
 * The popups of this origin reach their opener (the social login's pages hand the frame its proof,
 * the confirmation popup talks to the frame that opened it): any other COOP would cut them off.
 */
const POPUP_OPENER: OpenerPolicy = 'unsafe-none'

/**
 * The secure origin: the secure-frame page's static files (or Vite in dev), exactly as a static
 * origin serves them, plus the secure-frame server's API under `/api/` on the same origin, so the
 * frame calls it same-origin (its CSP `connect-src 'self'`) and nothing else can.
 */
export function startSecureOrigin(options: StartSecureOriginOptions): Promise<RunningServer> {
  const { viteRoot } = options
  const api = getRequestListener(createSecureOriginApp(options.api).fetch, { overrideGlobalObjects: false })
  const policy = securePolicy(options.api.origin)
  const popupHeaders = originHeaders({ ...policy, opener: POPUP_OPENER })
  const renderPage: SiteOptions['renderPage'] = async (html, target) => {
    const page = options.renderPage ? await options.renderPage(html, target) : { html, headers: {} }
    return target.path === CONFIRM_POPUP_PATH ? { ...page, headers: { ...page.headers, 'Cross-Origin-Opener-Policy': POPUP_OPENER } } : page
  }
  return startNodeServer({
    name: options.name,
    host: options.host,
    port: options.port,
    ...(viteRoot ? { viteRoot } : {}),
    handler: (vite) => {
      const site = createStaticOriginHandler({ ...options, policy, renderPage }, vite && viteRoot ? { vite, appDir: viteRoot } : undefined)
      return async (req, res) => {
        const url = req.url ?? ''
        const path = url.split('?')[0]!
        const search = url.slice(path.length)
        // The API app sets its own headers, with this origin's policy.
        if (path === SECURE_API_PREFIX || path.startsWith(`${SECURE_API_PREFIX}/`)) return api(req, res)
        // The social login popup lands here (a top-level page the API app answers).
        if (path.startsWith(`${SOCIAL_CALLBACK_PREFIX}/`)) {
          for (const [name, value] of Object.entries(popupHeaders)) res.setHeader(name, value)
          return api(req, res)
        }
        // The frame's page (the build's index.html) is served at its own path, where its vault
        // cookie is scoped; the old URL leads there (a widget page loaded before the move).
        if ((path === '/' || path === '/index.html') && (req.method === 'GET' || req.method === 'HEAD')) {
          res.writeHead(308, { Location: `${SECURE_FRAME_PATH}${search}` }).end()
          return
        }
        if (path === SECURE_FRAME_PATH) req.url = `/${search}`
        return site(req, res)
      }
    },
  })
}
