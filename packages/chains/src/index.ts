export * from './address'
export * from './format'
export * from './networks'
