export * from './address'
export * from './amount'
export * from './format'
export * from './networks'
