export { explorerEndpointDocs, explorerRoutes, type ExplorerRoutesOptions, IMAGE_CACHE_CONTROL } from './routes'
export { createWalletRegistry, DATA_DIR, type ExtraWallet, loadWalletRegistry, type WalletRegistry, type WcWallet } from './registry'
export { loadPublicImages, type PublicImages, type StoredImage } from './images'
export { queryWallets, type GetWalletsQuery, type WalletPage } from './query'
