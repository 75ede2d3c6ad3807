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
export { secureOriginPublicKey } from './origins/secure/secrets'
export { createApiApp, type ApiApp, type ApiAppOptions } from './origins/api/app'
export { startApiServer } from './origins/api/server'
export { createMemoryProjectRegistry, Project, ProjectId, type ProjectRegistry } from './platform/projects'
export { API_CSP, demoCsp, secureFrameCsp, serializeCsp, widgetCsp } from './platform/http/csp'
export { HttpOrigin, parseHttpOrigin } from './platform/http/origin'
export { splitProxyList, TrustedProxy } from './platform/http/client-address'
export { PortInUseError, type RunningServer } from './platform/http/server'
export { createWidgetOriginHandler, secureFrameUrlOf, startWidgetOrigin, type WidgetOriginOptions } from './origins/widget/server'
export { resolveWidgetBoot, type WidgetBoot } from './origins/widget/boot-config'
export { injectBootConfig } from './origins/widget/html'
export { createStaticOriginHandler, startStaticOrigin, type StaticOriginOptions } from './origins/static/server'
export { isMethodAllowed } from './capabilities/rpc/allowlist'
export { DEFAULT_RPC_LIMITS, RPC_MAX_BATCH, RPC_MAX_BODY_BYTES, RPC_TIMEOUT_MS } from './capabilities/rpc/limits'
