/**
 * The data API's answers (SPEC section 7) as the widget reads them: one zod/mini schema per
 * response, imported by the api's routes for their types and by the widget to parse. One module
 * per capability.
 */
export * from './analytics'
export * from './convert'
export * from './names'
export * from './name-message'
export * from './onramp'
export * from './account'
export * from './polkadot'
export * from './sessions'
