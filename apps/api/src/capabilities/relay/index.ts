export { RelayConfig } from './config'
export { relayOptions } from './options'
export { relayRoutes, type RelayRouteOptions } from './routes'
export { RELAY_ENDPOINTS } from './openapi'
