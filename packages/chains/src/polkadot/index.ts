export * from './address'
export * from './message'
export * from './ss58'
