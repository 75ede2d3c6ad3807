import { appDistDir, devnetSandbox } from '../config'
import type { Database } from '../platform/db/database'
import { openDatabase } from '../platform/db/open'
import { createMetrics } from '../platform/http/metrics'
import type { RunningServer } from '../platform/http/server'
import { createMemoryProjectRegistry } from '../platform/projects/registry'
import { startAdminServer } from './admin'
import { startApiService } from './api'
import { relayConfigOf, smartAccountsOf, type ServiceEnv } from './env'
import { networksWithoutUpstream } from './networks'
import { startDemoService, startWidgetService } from './pages'
import { startSecureService } from './secure'
import type { Service } from './service'

export interface RunningService {
  service: Service
  admin: RunningServer
  /**
   * Stops taking traffic: /ready answers 503 for AIRLOCK_UNREADY_MS while the server still serves,
   * then it stops listening and drains what is in flight, then everything closes. Idempotent.
   */
  stop(): Promise<void>
}

/** Starts the one service `env` names, with its admin port. */
export async function runService(env: ServiceEnv): Promise<RunningService> {
  const dev = env.AIRLOCK_ENV === 'development'
  const metrics = createMetrics()
  const host = env.HOST
  const port = env.PORT
  let db: Database | undefined
  let service: Service
  try {
    switch (env.AIRLOCK_SERVICE) {
      case 'api': {
        db = await openDatabase({ url: env.DATABASE_URL })
        const upstreams = env.AIRLOCK_RPC_UPSTREAMS ?? {}
        const unserved = networksWithoutUpstream(upstreams)
        if (unserved.length) console.info(`[api] no upstream, not served: ${unserved.join(' ')}`)
        const relay = relayConfigOf(env)
        service = await startApiService(
          {
            origins: { api: env.AIRLOCK_API_ORIGIN, widget: env.AIRLOCK_WIDGET_ORIGIN, secure: env.AIRLOCK_SECURE_ORIGIN },
            rpcUpstreams: upstreams,
            ...(env.AIRLOCK_DEVNET ? devnetSandbox(Object.keys(upstreams).filter((chain) => chain.startsWith('eip155:'))) : {}),
            ...(relay ? { relay } : {}),
            ...(env.AIRLOCK_TRUSTED_PROXIES ? { trustedProxies: env.AIRLOCK_TRUSTED_PROXIES } : {}),
            ...(env.AIRLOCK_RATE_LIMIT ? { rateLimit: env.AIRLOCK_RATE_LIMIT } : {}),
            ...(env.AIRLOCK_API_SECRET ? { apiSecret: env.AIRLOCK_API_SECRET } : {}),
            requestLog: true,
            host,
            port,
          },
          { db, projects: createMemoryProjectRegistry(env.AIRLOCK_PROJECTS), metrics },
        )
        break
      }
      case 'secure': {
        db = await openDatabase({ url: env.DATABASE_URL })
        const smartAccounts = smartAccountsOf(env)
        service = await startSecureService(
          {
            origins: { secure: env.AIRLOCK_SECURE_ORIGIN, widget: env.AIRLOCK_WIDGET_ORIGIN, api: env.AIRLOCK_API_ORIGIN },
            keyServiceOrigin: env.AIRLOCK_KEY_SERVICE_ORIGIN,
            ...(env.AIRLOCK_SECURE_SECRET ? { secureSecret: env.AIRLOCK_SECURE_SECRET } : {}),
            ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
            ...(env.AIRLOCK_SMTP_URL ? { smtpUrl: env.AIRLOCK_SMTP_URL } : {}),
            ...(env.AIRLOCK_MAIL_FROM ? { mailFrom: env.AIRLOCK_MAIL_FROM } : {}),
            ...(env.AIRLOCK_SOCIAL ? { social: env.AIRLOCK_SOCIAL } : {}),
            ...(env.AIRLOCK_FARCASTER_RELAY_URL ? { farcaster: { relayUrl: env.AIRLOCK_FARCASTER_RELAY_URL } } : {}),
            ...(smartAccounts ? { smartAccounts } : {}),
            ...(env.AIRLOCK_TRUSTED_PROXIES ? { trustedProxies: env.AIRLOCK_TRUSTED_PROXIES } : {}),
            secureFrameDistDir: appDistDir('secure-frame'),
            dev: false,
            host,
            port,
          },
          { db, projects: createMemoryProjectRegistry(env.AIRLOCK_PROJECTS), metrics },
        )
        break
      }
      case 'widget':
        service = await startWidgetService(
          {
            origins: { widget: env.AIRLOCK_WIDGET_ORIGIN, api: env.AIRLOCK_API_ORIGIN, secure: env.AIRLOCK_SECURE_ORIGIN },
            widgetDistDir: appDistDir('widget'),
            hostSdkDistDir: appDistDir('host-sdk'),
            ...(env.AIRLOCK_RELAY_URL ? { relayUrl: env.AIRLOCK_RELAY_URL } : {}),
            host,
            port,
          },
          { projects: createMemoryProjectRegistry(env.AIRLOCK_PROJECTS) },
        )
        break
      case 'demo':
        service = await startDemoService({
          origins: { dapp: env.AIRLOCK_DAPP_ORIGIN, widget: env.AIRLOCK_WIDGET_ORIGIN },
          demoDistDir: appDistDir('demo'),
          host,
          port,
        })
        break
    }
  } catch (error) {
    await db?.close()
    throw error
  }
  if (dev) console.warn(`[${env.AIRLOCK_SERVICE}] AIRLOCK_ENV=development: made-up secrets and in-memory storage are allowed`)

  let draining = false
  const ping = async () => (db ? (await db.query('SELECT 1')).rows.length === 1 : true)
  let admin: RunningServer
  try {
    admin = await startAdminServer({ host, port: env.AIRLOCK_ADMIN_PORT, metrics, ready: async () => !draining && (await ping()) })
  } catch (error) {
    await service.close()
    await db?.close()
    throw error
  }
  let stopping: Promise<void> | undefined
  return {
    service,
    admin,
    stop: () =>
      (stopping ??= (async () => {
        draining = true
        await new Promise((resolve) => setTimeout(resolve, env.AIRLOCK_UNREADY_MS))
        await service.close(env.AIRLOCK_DRAIN_MS)
        await admin.close()
        await db?.close()
      })()),
  }
}
