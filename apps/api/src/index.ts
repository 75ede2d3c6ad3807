export {
  appDir,
  appDistDir,
  DEFAULT_ANVIL_PORTS,
  DEFAULT_HOST,
  DEFAULT_PORTS,
  devConfig,
  type DevPorts,
  parseStackConfig,
  type StackConfig,
  StackConfigSchema,
  type StackOrigins,
  type StackPorts,
} from './config'
export { Caip2ChainId } from './chains/caip2'
export { startApiStack, type ApiStack } from './start'
export { secureOriginPublicKey } from './secure-origin/secrets'
export { createApiApp, type ApiApp, type ApiAppOptions } from './api/app'
export { startApiServer } from './api/server'
export { createMemoryProjectRegistry, Project, ProjectId, type ProjectRegistry } from './projects'
export { API_CSP, demoCsp, secureFrameCsp, serializeCsp, widgetCsp } from './http/csp'
export { HttpOrigin, parseHttpOrigin } from './http/origin'
export { splitProxyList, TrustedProxy } from './http/client-address'
export { PortInUseError, type RunningServer } from './http/server'
export { createWidgetOriginHandler, secureFrameUrlOf, startWidgetOrigin, type WidgetOriginOptions } from './widget-origin/server'
export { resolveWidgetBoot, type WidgetBoot } from './widget-origin/boot-config'
export { injectBootConfig } from './widget-origin/html'
export { createStaticOriginHandler, startStaticOrigin, type StaticOriginOptions } from './static-origin/server'
export { isMethodAllowed } from './rpc/allowlist'
export { DEFAULT_RPC_LIMITS, RPC_MAX_BATCH, RPC_MAX_BODY_BYTES, RPC_TIMEOUT_MS } from './rpc/limits'
