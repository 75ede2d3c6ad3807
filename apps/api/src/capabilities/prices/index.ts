export {
  pricesRoutes,
  FungiblePriceSchema,
  MAX_PRICE_ADDRESSES,
  PriceBody,
  PriceResponse,
  type FungiblePrice,
  type PricesRouteOptions,
} from './routes'
export { PRICES_ENDPOINTS } from './openapi'
export { createPoolPriceSource, type PriceSource } from './price-source'
export {
  DEFAULT_NATIVE,
  findToken,
  listedTokens,
  nativeToken,
  poolAddress,
  resolveToken,
  tokenIconUrl,
  uniswapV2DexConfig,
  type ChainDexConfig,
  type DexConfig,
  type DexToken,
  type ResolvedToken,
} from './dex-config'
export { NATIVE_TOKEN_ADDRESS, formatCaip10, parseCaip10, parseCaip2, parseEvmAddress, parseUserAddress } from './caip'
export { derivePrices, reserveRatio, type PoolReserves } from './pricing'
