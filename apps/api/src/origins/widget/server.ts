import type { ServerResponse } from 'node:http'
import { SECURE_FRAME_PATH, WIDGET_BOOT_STATUS_PATH, type WidgetBootStatus } from '@airlock/protocol'
import type { ViteDevServer } from 'vite'
import type { StackOrigins } from '../../platform/http/origin'
import { widgetCsp } from '../../platform/http/csp'
import { securityHeaders, widgetPolicy } from '../../platform/http/security-headers'
import { type NodeHandler, type RunningServer, startNodeServer } from '../../platform/http/server'
import { createSiteHandler } from '../../platform/http/site'
import { NO_STORE, parseRequestTarget, resolveStaticFile, sendFile, sendText } from '../../platform/http/static-files'
import type { ProjectRegistry } from '../../platform/projects/registry'
import { resolveWidgetBoot } from './boot-config'
import { injectBootConfig } from './html'
import { sdkFileOf } from './sdk-files'

export interface WidgetOriginOptions {
  origins: Pick<StackOrigins, 'widget' | 'api' | 'secure'>
  projects: ProjectRegistry
  /** The widget's Vite build (index.html + assets/). */
  widgetDistDir: string
  /** The host SDK build: `/sdk.js`, `/sdk@<version>.js` and `/sdk-extra@<version>.js` (+ `.map`) are served from here. */
  hostSdkDistDir: string
  /** The WalletConnect relay the widget may reach. */
  relayUrl: string
}

/** The widget page never leaks its URL (project id, dapp origin) to what it links to. */
const REFERRER_POLICY = 'no-referrer'

/** The secure frame page the widget embeds. */
/** The secure frame's page for a project: its server lets the project's dapps be its ancestors. */
export const secureFrameUrlOf = (secureOrigin: string, projectId: string): string =>
  `${secureOrigin}${SECURE_FRAME_PATH}?projectId=${encodeURIComponent(projectId)}`

/** Every dapp loads these cross-origin (also from cross-origin-isolated pages, and with `integrity`, which needs CORS). */
const CROSS_ORIGIN = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' }

function sendJson(res: ServerResponse, body: WidgetBootStatus, headers: Record<string, string>): void {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8')
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.statusCode = 200
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', bytes.length)
  res.end(res.req.method === 'HEAD' ? undefined : bytes)
}

/**
 * The widget origin: `/` (also `/index.html`) is the widget page with its boot config injected
 * and `frame-ancestors` from the project; `/sdk.js` and `/sdk@<version>.js` are the host SDK's
 * one-line script, `/sdk-extra@<version>.js` its extra part (sdk-files.ts); WIDGET_BOOT_STATUS_PATH tells the SDK why a page would not boot; the rest is the
 * widget build. Non-page responses carry the same CSP with `frame-ancestors 'none'`.
 */
export function createWidgetOriginHandler(options: WidgetOriginOptions, dev?: { vite: ViteDevServer; appDir: string }): NodeHandler {
  const { origins } = options
  const csp = (frameAncestors: readonly string[]) =>
    widgetCsp({
      widget: origins.widget,
      api: origins.api,
      secure: origins.secure,
      relay: options.relayUrl,
      frameAncestors,
      dev: dev !== undefined,
    })
  const headers = securityHeaders(csp([]), REFERRER_POLICY, widgetPolicy(origins.widget, origins.secure))
  const boot = (projectId: string | null, origin: string | null) =>
    resolveWidgetBoot(
      { projectId, origin },
      {
        projects: options.projects,
        apiUrl: origins.api,
        secureFrameUrl: secureFrameUrlOf(origins.secure, projectId ?? ''),
        relayUrl: options.relayUrl,
      },
    )
  const site = createSiteHandler({
    name: 'widget',
    headers,
    distDir: options.widgetDistDir,
    ...(dev ? { dev } : {}),
    async renderPage(html, target) {
      const { config, frameAncestors } = await boot(target.query.get('projectId'), target.query.get('origin'))
      return { html: injectBootConfig(html, config), headers: { 'Content-Security-Policy': csp(frameAncestors) } }
    },
  })
  return async (req, res) => {
    const target = req.method === 'GET' || req.method === 'HEAD' ? parseRequestTarget(req.url) : undefined
    if (!target) return site(req, res)
    if (target.path === WIDGET_BOOT_STATUS_PATH) {
      // The browser's Origin, not a claimed one: what the page's frame would be checked against.
      const { config } = await boot(target.query.get('projectId'), req.headers.origin ?? null)
      return sendJson(res, config.error ? { error: config.error } : {}, {
        ...headers,
        ...CROSS_ORIGIN,
        'Cache-Control': NO_STORE,
        Vary: 'Origin',
      })
    }
    const sdk = sdkFileOf(target.path)
    if (!sdk) return site(req, res)
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    const file = await resolveStaticFile(options.hostSdkDistDir, `/${sdk.name}`)
    if (!file) return sendText(res, 404, 'Not Found')
    return sendFile(req, res, file, { cacheControl: sdk.cacheControl, headers: CROSS_ORIGIN })
  }
}

export interface StartWidgetOriginOptions extends WidgetOriginOptions {
  host: string
  port: number
  /** Dev mode: run the widget through Vite from this app directory instead of widgetDistDir. */
  viteRoot?: string
}

export function startWidgetOrigin(options: StartWidgetOriginOptions): Promise<RunningServer> {
  const { viteRoot } = options
  return startNodeServer({
    name: 'widget origin',
    host: options.host,
    port: options.port,
    ...(viteRoot ? { viteRoot } : {}),
    handler: (vite) => createWidgetOriginHandler(options, vite && viteRoot ? { vite, appDir: viteRoot } : undefined),
  })
}
