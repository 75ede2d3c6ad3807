export { supportedChainsRoutes, type SupportedChainsResponse } from './routes'
