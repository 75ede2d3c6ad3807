import { getRequestListener } from '@hono/node-server'
import { startNodeServer, type RunningServer } from '../http/server'
import { createStaticOriginHandler, type StaticOriginOptions } from '../static-origin/server'
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
 * The secure origin: the secure-frame page's static files (or Vite in dev), exactly as a static
 * origin serves them, plus the secure-frame server's API under `/api/` on the same origin, so the
 * frame calls it same-origin (its CSP `connect-src 'self'`) and nothing else can.
 */
export function startSecureOrigin(options: StartSecureOriginOptions): Promise<RunningServer> {
  const { viteRoot } = options
  const api = getRequestListener(createSecureOriginApp(options.api).fetch, { overrideGlobalObjects: false })
  return startNodeServer({
    name: options.name,
    host: options.host,
    port: options.port,
    ...(viteRoot ? { viteRoot } : {}),
    handler: (vite) => {
      const site = createStaticOriginHandler(options, vite && viteRoot ? { vite, appDir: viteRoot } : undefined)
      return async (req, res) => {
        const path = req.url?.split('?')[0] ?? ''
        if (path === SECURE_API_PREFIX || path.startsWith(`${SECURE_API_PREFIX}/`)) return api(req, res)
        // The social login popup lands here (a top-level page the API app answers).
        if (path.startsWith(`${SOCIAL_CALLBACK_PREFIX}/`)) return api(req, res)
        return site(req, res)
      }
    },
  })
}
