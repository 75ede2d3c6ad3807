export { onrampRoutes, newSessionId } from './routes'
export { onrampCheckoutRoutes, CHECKOUT_CSP, TEST_CARDS, checkCard } from './checkout'
export {
  createCatalog,
  onrampConfigFromDevnet,
  PAYMENT_METHOD_LIMITS,
  SESSION_TTL_MS,
  type OnrampNetworkConfig,
  type OnrampSandboxConfig,
  type PaymentCurrency,
  type PurchaseCurrency,
} from './catalog'
export { ONRAMP_PROVIDERS, ONRAMP_PROVIDER_IDS, type OnrampProvider } from './providers'
export { type OnrampQuoteResponse } from './quote'
