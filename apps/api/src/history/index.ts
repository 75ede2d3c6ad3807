export { startIndexer, type Indexer, type IndexerChainStatus, type IndexerOptions, type IndexedToken } from './indexer'
export { historyRoutes, HISTORY_PAGE_SIZE, type HistoryRouteOptions } from './routes'
export { stablecoinPrices, type HistoryResponse, type HistoryTransaction, type HistoryTransfer, type PriceLookup } from './format'
