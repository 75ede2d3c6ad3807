export * from './address'
export * from './params'
export * from './psbt'
export * from './transfer'
