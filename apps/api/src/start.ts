import { parseStackConfig, type StackConfig, type StackOrigins } from './config'
import { openDatabase } from './platform/db/open'
import { createMemoryProjectRegistry } from './platform/projects/registry'
import { startApiService } from './service/api'
import { startDemoService, startWidgetService } from './service/pages'
import { startSecureService } from './service/secure'
import type { Service } from './service/service'

export interface ApiStack {
  /** Public origins (`http://widget.localhost:4401`, ...) plus the demo page URL. */
  urls: StackOrigins & { demoPage: string }
  /** Where each server actually listens (`http://127.0.0.1:<port>`). */
  listening: Record<keyof StackOrigins, string>
  /** Closes every server and Vite instance. Idempotent. */
  close(): Promise<void>
}

/**
 * Starts the api, widget origin, demo dapp and secure frame servers in this process, on their
 * ports (bound to 127.0.0.1 unless `config.host` says otherwise), sharing one database: the local
 * stack. A deployment runs each as its own process instead (service/main.ts). With `dev: true` the
 * three pages run through Vite dev servers (HMR) instead of their dist dirs. If any server fails to
 * start (e.g. a port in use), the ones already started are closed and the error is rethrown.
 */
export async function startApiStack(input: StackConfig): Promise<ApiStack> {
  const config = parseStackConfig(input)
  const projects = createMemoryProjectRegistry(config.projects)
  // The devnet starts empty every time, so by default the data starts empty with it.
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  const settled = await Promise.allSettled([
    startApiService({ ...config, port: config.ports.api }, { db, projects }),
    startWidgetService({ ...config, port: config.ports.widget }, { projects }),
    startDemoService({ ...config, port: config.ports.dapp }),
    startSecureService({ ...config, port: config.ports.secure }, { db, projects }),
  ])
  const services = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')
  const closeAll = () =>
    Promise.all(services.map((service) => service.close()))
      .then(() => db.close())
      .then(() => undefined)
  if (failure) {
    await closeAll()
    throw failure.reason
  }
  const [api, widget, demo, secure] = services as [Service, Service, Service, Service]

  let closing: Promise<void> | undefined
  return {
    urls: { ...config.origins, demoPage: `${config.origins.dapp}/` },
    listening: { api: api.server.url, widget: widget.server.url, dapp: demo.server.url, secure: secure.server.url },
    close: () => (closing ??= closeAll()),
  }
}
