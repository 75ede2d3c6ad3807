export { startIndexer, type Indexer, type IndexerChainStatus, type IndexerOptions, type IndexedToken } from './indexer'
export { historyRoutes, HISTORY_PAGE_SIZE, HistoryParams, HistoryQuery, type HistoryRouteOptions } from './routes'
export {
  stablecoinPrices,
  HistoryResponseSchema,
  HistoryTransactionSchema,
  HistoryTransferSchema,
  type HistoryResponse,
  type HistoryTransaction,
  type HistoryTransfer,
  type PriceLookup,
} from './format'
export { HISTORY_ENDPOINTS } from './openapi'
