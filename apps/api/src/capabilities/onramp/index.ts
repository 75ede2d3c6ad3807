export {
  onrampRoutes,
  newSessionId,
  GenerateBody,
  OnrampOptionsResponse,
  OnrampProvidersResponse,
  OnrampUrlResponse,
  QuoteBody,
} from './routes'
export { onrampCheckoutRoutes, CheckoutForm, CheckoutParams, CHECKOUT_CSP, TEST_CARDS, checkCard } from './checkout'
export {
  createCatalog,
  onrampConfigFromDevnet,
  PAYMENT_METHOD_LIMITS,
  PaymentCurrencySchema,
  PurchaseCurrencySchema,
  SESSION_TTL_MS,
  type OnrampNetworkConfig,
  type OnrampSandboxConfig,
  type PaymentCurrency,
  type PurchaseCurrency,
} from './catalog'
export { purchaseHistory } from './history'
export { startSessionPurge } from './store'
export { ONRAMP_PROVIDERS, ONRAMP_PROVIDER_IDS, type OnrampProvider } from './providers'
export { OnrampQuoteResponseSchema, type OnrampQuoteResponse } from './quote'
export { ONRAMP_ENDPOINTS } from './openapi'
