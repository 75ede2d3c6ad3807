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
