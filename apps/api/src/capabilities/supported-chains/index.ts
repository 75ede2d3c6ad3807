export { supportedChainsRoutes, SupportedChainsResponse } from './routes'
export { SUPPORTED_CHAINS_ENDPOINTS } from './openapi'
