import { join } from 'node:path'
import type { ViteDevServer } from 'vite'
import type { StackOrigins } from '../config'
import { widgetCsp } from '../http/csp'
import { securityHeaders } from '../http/security-headers'
import { type NodeHandler, type RunningServer, startNodeServer } from '../http/server'
import { createSiteHandler } from '../http/site'
import type { ProjectRegistry } from '../projects/registry'
import { resolveWidgetBoot } from './boot-config'
import { injectBootConfig } from './html'

export interface WidgetOriginOptions {
  origins: Pick<StackOrigins, 'widget' | 'api' | 'secure'>
  projects: ProjectRegistry
  /** The widget's Vite build (index.html + assets/). */
  widgetDistDir: string
  /** The host SDK build: `/sdk.js` and `/sdk.js.map` are served from here. */
  hostSdkDistDir: string
  /** The WalletConnect relay the widget may reach. */
  relayUrl: string
}

/** The widget page never leaks its URL (project id, dapp origin) to what it links to. */
const REFERRER_POLICY = 'no-referrer'

/** The secure frame page the widget embeds. */
/** The secure frame's page for a project: its server lets the project's dapps be its ancestors. */
export const secureFrameUrlOf = (secureOrigin: string, projectId: string): string =>
  `${secureOrigin}/?projectId=${encodeURIComponent(projectId)}`

/**
 * The widget origin: `/` (also `/index.html`) is the widget page with its boot config injected
 * and `frame-ancestors` from the project; `/sdk.js` is the host SDK's one-line script; the rest
 * is the widget build. Non-page responses carry the same CSP with `frame-ancestors 'none'`.
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
  // The SDK script is loaded cross-origin by every dapp (also from cross-origin-isolated pages).
  const sdkHeaders = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' }
  return createSiteHandler({
    name: 'widget',
    headers: securityHeaders(csp([]), REFERRER_POLICY),
    distDir: options.widgetDistDir,
    extraFiles: {
      '/sdk.js': { file: join(options.hostSdkDistDir, 'sdk.js'), headers: sdkHeaders },
      '/sdk.js.map': { file: join(options.hostSdkDistDir, 'sdk.js.map'), headers: sdkHeaders },
    },
    ...(dev ? { dev } : {}),
    async renderPage(html, target) {
      const boot = await resolveWidgetBoot(
        { projectId: target.query.get('projectId'), origin: target.query.get('origin') },
        {
          projects: options.projects,
          apiUrl: origins.api,
          secureFrameUrl: secureFrameUrlOf(origins.secure, target.query.get('projectId') ?? ''),
          relayUrl: options.relayUrl,
        },
      )
      return { html: injectBootConfig(html, boot.config), headers: { 'Content-Security-Policy': csp(boot.frameAncestors) } }
    },
  })
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
