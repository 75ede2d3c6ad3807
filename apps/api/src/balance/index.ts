export { balanceRoutes, BALANCE_CACHE_MS, BalanceParams, BalanceQuery, type BalanceRouteOptions } from './routes'
export { toBalanceItems, usdValue, BalanceItemSchema, BalanceResponse, type BalanceItem } from './format'
export { TtlCache } from './cache'
export { BALANCE_ENDPOINTS } from './openapi'
