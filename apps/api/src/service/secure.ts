import { CONFIRM_POPUP_PATH } from '@airlock/protocol'
import { smartAccountNetworks, type SmartAccountNetwork } from '../capabilities/relay/config'
import { randomBytes } from 'node:crypto'
import { appDir, DEFAULT_HOST, type StackConfig, type StackOrigins } from '../config'
import type { Database } from '../platform/db/database'
import { secureFrameCsp } from '../platform/http/csp'
import { startRateBucketPurge } from '../platform/http/bucket-store'
import { metricsMiddleware, type Metrics } from '../platform/http/metrics'
import { smtpMailer } from '../platform/mail/mailer'
import type { ProjectRegistry } from '../platform/projects/registry'
import { serverKeys } from '../origins/secure/secrets'
import { startSecureOrigin } from '../origins/secure/server'
import { decodeSecret } from '../platform/security/tokens'
import { serviceOf, type Service } from './service'

/** The secure origin: the secure frame's page and its server (logins, sealed shares, assertions for the key service). */
export type SecureServiceConfig = Pick<
  StackConfig,
  | 'secureSecret'
  | 'databaseUrl'
  | 'dataDir'
  | 'smtpUrl'
  | 'mailFrom'
  | 'keyServiceOrigin'
  | 'social'
  | 'socialFetch'
  | 'farcaster'
  | 'secureRateLimit'
  | 'secureMailRateLimit'
  | 'rateLimit'
  | 'trustedProxies'
  | 'relay'
  | 'secureFrameDistDir'
  | 'dev'
  | 'host'
> & {
  origins: Pick<StackOrigins, 'secure' | 'widget' | 'api'>
  port: number
  /**
   * Where the frame offers a smart account, when this process has no `relay` of its own to derive
   * them from (a deployment's secure service, whose relay runs in the api); it wins over `relay`.
   */
  smartAccounts?: readonly SmartAccountNetwork[]
}

export async function startSecureService(
  config: SecureServiceConfig,
  shared: { db: Database; projects: ProjectRegistry; metrics?: Metrics },
): Promise<Service> {
  const { db, projects, metrics } = shared
  const { origins } = config
  const dev = config.dev === true
  // The secure-frame server's secret: configured (a KMS / secret manager in production), else one
  // per start, which is only right while the storage is as short-lived as the process.
  if (!config.secureSecret && (config.databaseUrl || config.dataDir)) {
    console.warn('[secure origin] no secureSecret configured: sealed recovery shares will not open after a restart')
  }
  const secureSecret = config.secureSecret ? decodeSecret(config.secureSecret)! : randomBytes(32)
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined
  // Its limits' buckets live in a shared database too: it purges them as the api does (either suffices).
  const purge = db.shared ? startRateBucketPurge(db, Date.now) : undefined
  const smartAccounts = config.smartAccounts ?? (config.relay ? smartAccountNetworks(config.relay) : undefined)
  const csp = { secure: origins.secure, widget: origins.widget, keyService: config.keyServiceOrigin, api: origins.api, dev }
  return serviceOf(
    () =>
      startSecureOrigin({
        name: 'secure frame',
        distDir: config.secureFrameDistDir,
        csp: secureFrameCsp(csp),
        referrerPolicy: 'no-referrer',
        async renderPage(html, target) {
          if (target.path === CONFIRM_POPUP_PATH)
            return { html, headers: { 'Content-Security-Policy': secureFrameCsp({ ...csp, topLevel: true }) } }
          const project = await projects.getProject(target.query.get('projectId') ?? '')
          const dapps = project?.allowedOrigins ?? []
          return { html, headers: { 'Content-Security-Policy': secureFrameCsp({ ...csp, dapps }) } }
        },
        host: config.host ?? DEFAULT_HOST,
        port: config.port,
        ...(dev ? { viteRoot: appDir('secure-frame') } : {}),
        api: {
          origin: origins.secure,
          widgetOrigin: origins.widget,
          db,
          keys: serverKeys(secureSecret),
          keyServiceOrigin: config.keyServiceOrigin,
          apiOrigin: origins.api,
          ...(smartAccounts ? { smartAccounts } : {}),
          ...(mailer ? { mailer } : {}),
          ...(config.social ? { social: { providers: config.social, ...(config.socialFetch ? { fetch: config.socialFetch } : {}) } } : {}),
          ...(config.farcaster ? { farcaster: config.farcaster } : {}),
          ...(config.secureRateLimit ? { rateLimit: config.secureRateLimit } : {}),
          ...(config.secureMailRateLimit ? { mailRateLimit: config.secureMailRateLimit } : {}),
          ...(config.rateLimit === false ? { rateLimit: false, mailRateLimit: false, accountRateLimit: false } : {}),
          ...(config.trustedProxies ? { trustedProxies: config.trustedProxies } : {}),
          ...(metrics ? { measure: metricsMiddleware(metrics, 'secure') } : {}),
        },
      }),
    () => Promise.all([mailer?.close(), purge?.stop()]),
  )
}
