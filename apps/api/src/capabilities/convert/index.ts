export { convertRoutes, type ConvertRouteOptions } from './routes'
export { createUniswapV2Aggregator, type SwapAggregator, type SwapCall, type SwapQuote } from './aggregator'
export { parseAmount, type AmountResult } from './amount'
export { gasPricesFromFeeHistory, gasPricesFromLegacy, type GasPrices } from './gas'
export {
  candidatePaths,
  fallbackSwapGas,
  minimumOut,
  parseSlippage,
  pickBestQuote,
  swapDeadline,
  SWAP_DEADLINE_SECONDS,
} from './quote-math'
export {
  AllowanceQuery,
  AllowanceResponse,
  ApproveQuery,
  BuildApproveResponse,
  BuildBody,
  BuildTransactionResponse,
  ChainIdQuery,
  QuoteQuery,
  QuotesResponse,
  TokensResponse,
} from './routes'
export { GasPricesSchema } from './gas'
export { CONVERT_ENDPOINTS } from './openapi'
