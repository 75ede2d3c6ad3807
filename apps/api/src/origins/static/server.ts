import type { ViteDevServer } from 'vite'
import { type OriginPolicy, securityHeaders } from '../../platform/http/security-headers'
import { type NodeHandler, type RunningServer, startNodeServer } from '../../platform/http/server'
import { createSiteHandler, type ExtraFile, type SiteOptions } from '../../platform/http/site'

export interface StaticOriginOptions {
  /** For logs and errors ("demo dapp", "secure frame"). */
  name: string
  /** The app's Vite build. */
  distDir: string
  /** The Content-Security-Policy of every response (see http/csp.ts). */
  csp: string
  referrerPolicy?: string
  /** HSTS, Permissions-Policy and COOP (see http/security-headers.ts); default: no feature, `same-origin`, no HSTS. */
  policy?: OriginPolicy
  /** Extra files by URL path, e.g. `{ '/devnet-wallet.js': '/abs/path/devnet-wallet.js' }`. */
  extraFiles?: Record<string, string>
  /** Per-request headers of a page (the secure frame's project-specific CSP). */
  renderPage?: SiteOptions['renderPage']
}

/** A static origin (the demo dapp, the secure-frame shell): one fixed CSP for everything. */
export function createStaticOriginHandler(options: StaticOriginOptions, dev?: { vite: ViteDevServer; appDir: string }): NodeHandler {
  const extraFiles: Record<string, ExtraFile> = {}
  for (const [path, file] of Object.entries(options.extraFiles ?? {})) extraFiles[path] = { file }
  return createSiteHandler({
    name: options.name,
    headers: securityHeaders(options.csp, options.referrerPolicy ?? 'strict-origin-when-cross-origin', options.policy),
    distDir: options.distDir,
    extraFiles,
    ...(dev ? { dev } : {}),
    ...(options.renderPage ? { renderPage: options.renderPage } : {}),
  })
}

export interface StartStaticOriginOptions extends StaticOriginOptions {
  host: string
  port: number
  /** Dev mode: run the app through Vite from this app directory instead of distDir. */
  viteRoot?: string
}

export function startStaticOrigin(options: StartStaticOriginOptions): Promise<RunningServer> {
  const { viteRoot } = options
  return startNodeServer({
    name: options.name,
    host: options.host,
    port: options.port,
    ...(viteRoot ? { viteRoot } : {}),
    handler: (vite) => createStaticOriginHandler(options, vite && viteRoot ? { vite, appDir: viteRoot } : undefined),
  })
}
