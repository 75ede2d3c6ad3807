/**
 * The widget <-> secure-frame protocol (DESIGN.md section 1, SPEC.md section 7 "Secure frame
 * messages"): typed method maps both ways, their schemas, the RPC policy, constants and texts.
 */
export * from './secure-frame/schemas'
export * from './secure-frame/rpc-policy'
export * from './secure-frame/rpc-params'
export * from './secure-frame/events'
export * from './secure-frame/methods'
export * from './secure-frame/messages'
export * from './secure-frame/social-proof'
