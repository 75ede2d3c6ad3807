export * from './smart-account/index'
