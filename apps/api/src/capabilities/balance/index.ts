export { balanceRoutes, BALANCE_CACHE_MS, BalanceParams, BalanceQuery, type BalanceRouteOptions } from './routes'
export { toBalanceItems, usdValue, BalanceItemSchema, BalanceResponse, type BalanceItem } from './format'
export { cacheFor, TtlCache, type ValueCache } from './cache'
export { BALANCE_ENDPOINTS } from './openapi'
