/** SPEC section 9: RPC timeout 10 s, batch size 1000. */
export const RPC_TIMEOUT_MS = 10_000
export const RPC_MAX_BATCH = 1000
export const RPC_MAX_BODY_BYTES = 1024 * 1024
