import { CONFIRM_POPUP_PATH } from '@airlock/protocol'
import { createApiApp } from './api/app'
import { createChainRegistry } from './chains/registry'
import { openDatabase } from './db/open'
import { runExclusively } from './db/singleton'
import { startIndexer } from './history'
import { DEFAULT_ANALYTICS_LIMITS, startAnalyticsRetention } from './analytics'
import { startSessionPurge } from './onramp'
import { startApiServer } from './api/server'
import { startSharedCachePurge } from './balance/cache'
import { startRateBucketPurge } from './http/bucket-store'
import { appDir, DEFAULT_HOST, parseStackConfig, PUBLIC_RELAY_URL, type StackConfig, type StackOrigins } from './config'
import { demoCsp, secureFrameCsp } from './http/csp'
import { dappPolicy } from './http/security-headers'
import type { RunningServer } from './http/server'
import { createMemoryProjectRegistry } from './projects/registry'
import { startStaticOrigin } from './static-origin/server'
import { randomBytes } from 'node:crypto'
import { smtpMailer } from './mail/mailer'
import { serverKeys } from './secure-origin/secrets'
import { decodeSecret } from './security/tokens'
import { startSecureOrigin } from './secure-origin/server'
import { startWidgetOrigin } from './widget-origin/server'

export interface ApiStack {
  /** Public origins (`http://widget.localhost:4401`, ...) plus the demo page URL. */
  urls: StackOrigins & { demoPage: string }
  /** Where each server actually listens (`http://127.0.0.1:<port>`). */
  listening: Record<keyof StackOrigins, string>
  /** Closes every server and Vite instance. Idempotent. */
  close(): Promise<void>
}

/**
 * Starts the api, widget origin, demo dapp and secure frame servers on their ports (bound to
 * 127.0.0.1 unless `config.host` says otherwise). With `dev: true` the three pages run through
 * Vite dev servers (HMR) instead of their dist dirs. If any server fails to start (e.g. a port in
 * use), the ones already started are closed and the error is rethrown.
 */
export async function startApiStack(input: StackConfig): Promise<ApiStack> {
  const config = parseStackConfig(input)
  const host = config.host ?? DEFAULT_HOST
  const { origins, ports } = config
  const dev = config.dev === true
  const projects = createMemoryProjectRegistry(config.projects)
  // The devnet starts empty every time, so by default the data starts empty with it.
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  const chains = createChainRegistry(config.rpcUpstreams)
  const data = { db, chains, projects, apiOrigin: origins.api, now: Date.now }
  // The secure-frame server's secret: configured (a KMS / secret manager in production), else one
  // per start, which is only right while the storage is as short-lived as the process.
  if (!config.secureSecret && (config.databaseUrl || config.dataDir)) {
    console.warn('[secure origin] no secureSecret configured: sealed recovery shares will not open after a restart')
  }
  const secureSecret = config.secureSecret ? decodeSecret(config.secureSecret)! : randomBytes(32)
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined
  // One indexer among every process on the database; another takes over when its process dies.
  const indexer = runExclusively(db, 'history indexer', () =>
    startIndexer({
      db,
      chains,
      tokens: Object.fromEntries(Object.entries(config.dex ?? {}).map(([chain, dex]) => [chain, dex.tokens])),
    }),
  )
  const analytics = { ...DEFAULT_ANALYTICS_LIMITS, ...config.analytics }
  const housekeeping = [
    startAnalyticsRetention(db, analytics, Date.now),
    ...(config.onramp ? [startSessionPurge(db, Date.now)] : []),
    // A database other processes share holds the rate limits' buckets and the caches: full buckets and expired values go.
    ...(db.shared ? [startRateBucketPurge(db, Date.now), startSharedCachePurge(db, Date.now)] : []),
  ]

  const starts: Promise<RunningServer>[] = [
    startApiServer(
      createApiApp({
        origins,
        projects,
        rpcUpstreams: config.rpcUpstreams,
        data,
        ...(config.dex ? { dex: config.dex } : {}),
        ...(config.onramp ? { onramp: config.onramp } : {}),
        ...(config.rateLimit !== undefined ? { rateLimit: config.rateLimit } : {}),
        ...(config.rpcLimits ? { rpcLimits: config.rpcLimits } : {}),
        ...(config.trustedProxies ? { trustedProxies: config.trustedProxies } : {}),
        analytics,
        ...(config.requestLog ? { log: (entry) => console.log(JSON.stringify(entry)) } : {}),
      }),
      host,
      ports.api,
    ),
    startWidgetOrigin({
      origins,
      projects,
      widgetDistDir: config.widgetDistDir,
      hostSdkDistDir: config.hostSdkDistDir,
      relayUrl: config.relayUrl ?? PUBLIC_RELAY_URL,
      host,
      port: ports.widget,
      ...(dev ? { viteRoot: appDir('widget') } : {}),
    }),
    startStaticOrigin({
      name: 'demo dapp',
      distDir: config.demoDistDir,
      csp: demoCsp({ dapp: origins.dapp, widget: origins.widget, dev }),
      referrerPolicy: 'strict-origin-when-cross-origin',
      policy: dappPolicy(origins.dapp, origins.widget),
      extraFiles: config.demoExtraFiles ?? {},
      host,
      port: ports.dapp,
      ...(dev ? { viteRoot: appDir('demo') } : {}),
    }),
    startSecureOrigin({
      name: 'secure frame',
      distDir: config.secureFrameDistDir,
      csp: secureFrameCsp({ secure: origins.secure, widget: origins.widget, keyService: config.keyServiceOrigin, api: origins.api, dev }),
      referrerPolicy: 'no-referrer',
      async renderPage(html, target) {
        const csp = { secure: origins.secure, widget: origins.widget, keyService: config.keyServiceOrigin, api: origins.api, dev }
        if (target.path === CONFIRM_POPUP_PATH)
          return { html, headers: { 'Content-Security-Policy': secureFrameCsp({ ...csp, topLevel: true }) } }
        const project = await projects.getProject(target.query.get('projectId') ?? '')
        const dapps = project?.allowedOrigins ?? []
        return { html, headers: { 'Content-Security-Policy': secureFrameCsp({ ...csp, dapps }) } }
      },
      host,
      port: ports.secure,
      ...(dev ? { viteRoot: appDir('secure-frame') } : {}),
      api: {
        origin: origins.secure,
        widgetOrigin: origins.widget,
        db,
        keys: serverKeys(secureSecret),
        keyServiceOrigin: config.keyServiceOrigin,
        apiOrigin: origins.api,
        ...(mailer ? { mailer } : {}),
        ...(config.social ? { social: { providers: config.social, ...(config.socialFetch ? { fetch: config.socialFetch } : {}) } } : {}),
        ...(config.farcaster ? { farcaster: config.farcaster } : {}),
        ...(config.secureRateLimit ? { rateLimit: config.secureRateLimit } : {}),
        ...(config.secureMailRateLimit ? { mailRateLimit: config.secureMailRateLimit } : {}),
        ...(config.rateLimit === false ? { rateLimit: false, mailRateLimit: false, accountRateLimit: false } : {}),
        ...(config.trustedProxies ? { trustedProxies: config.trustedProxies } : {}),
      },
    }),
  ]
  const settled = await Promise.allSettled(starts)
  const servers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')
  const closeAll = () =>
    Promise.all([...servers.map((s) => s.close()), indexer.stop(), ...housekeeping.map((task) => task.stop()), mailer?.close()])
      .then(() => db.close())
      .then(() => undefined)
  if (failure) {
    await closeAll()
    throw failure.reason
  }
  const [api, widget, demo, secure] = servers as [RunningServer, RunningServer, RunningServer, RunningServer]

  let closing: Promise<void> | undefined
  return {
    urls: { ...origins, demoPage: `${origins.dapp}/` },
    listening: { api: api.url, widget: widget.url, dapp: demo.url, secure: secure.url },
    close: () => (closing ??= closeAll()),
  }
}
