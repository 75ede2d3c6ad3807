import { appDir, DEFAULT_HOST, PUBLIC_RELAY_URL, type StackConfig, type StackOrigins } from '../config'
import { demoCsp } from '../platform/http/csp'
import { dappPolicy } from '../platform/http/security-headers'
import type { ProjectRegistry } from '../platform/projects/registry'
import { startStaticOrigin } from '../origins/static/server'
import { startWidgetOrigin } from '../origins/widget/server'
import { serviceOf, type Service } from './service'

/** The widget origin: the modal's page with its boot config, and the host SDK's files. */
export type WidgetServiceConfig = Pick<StackConfig, 'widgetDistDir' | 'hostSdkDistDir' | 'relayUrl' | 'dev' | 'host'> & {
  origins: Pick<StackOrigins, 'widget' | 'api' | 'secure'>
  port: number
}

export async function startWidgetService(config: WidgetServiceConfig, shared: { projects: ProjectRegistry }): Promise<Service> {
  return serviceOf(() =>
    startWidgetOrigin({
      origins: config.origins,
      projects: shared.projects,
      widgetDistDir: config.widgetDistDir,
      hostSdkDistDir: config.hostSdkDistDir,
      relayUrl: config.relayUrl ?? PUBLIC_RELAY_URL,
      host: config.host ?? DEFAULT_HOST,
      port: config.port,
      ...(config.dev ? { viteRoot: appDir('widget') } : {}),
    }),
  )
}

/** The demo dapp: a page like any dapp's, embedding the modal with the one-line script. */
export type DemoServiceConfig = Pick<StackConfig, 'demoDistDir' | 'demoExtraFiles' | 'dev' | 'host'> & {
  origins: Pick<StackOrigins, 'dapp' | 'widget'>
  port: number
}

export async function startDemoService(config: DemoServiceConfig): Promise<Service> {
  const { origins } = config
  const dev = config.dev === true
  return serviceOf(() =>
    startStaticOrigin({
      name: 'demo dapp',
      distDir: config.demoDistDir,
      csp: demoCsp({ dapp: origins.dapp, widget: origins.widget, dev }),
      referrerPolicy: 'strict-origin-when-cross-origin',
      policy: dappPolicy(origins.dapp, origins.widget),
      extraFiles: config.demoExtraFiles ?? {},
      host: config.host ?? DEFAULT_HOST,
      port: config.port,
      ...(dev ? { viteRoot: appDir('demo') } : {}),
    }),
  )
}
