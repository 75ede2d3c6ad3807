export { balanceRoutes, BALANCE_CACHE_MS, type BalanceRouteOptions } from './routes'
export { toBalanceItems, usdValue, type BalanceItem } from './format'
export { TtlCache } from './cache'
