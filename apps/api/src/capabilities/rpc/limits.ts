import * as z from 'zod'

/** SPEC section 9: RPC timeout 10 s. */
export const RPC_TIMEOUT_MS = 10_000
/** Below SPEC section 9's 1000: one request of 1000 full-range eth_getLogs answered 36.9 MB. */
export const RPC_MAX_BATCH = 100
export const RPC_MAX_BODY_BYTES = 1024 * 1024

/** What one caller and one project may ask of the chain RPC proxy. */
export const RpcLimits = z.object({
  /** Calls in one batch; a longer batch is refused whole. */
  maxBatch: z.number().int().min(1).max(1000),
  /** Blocks one eth_getLogs may span, fromBlock and toBlock included. */
  maxLogBlockRange: z.number().int().min(1),
  /** Bytes of an upstream answer read at most; beyond them the answer is dropped, not buffered. */
  maxResponseBytes: z.number().int().min(1),
  /** Calls per project per window, whichever client makes them. */
  projectQuota: z.object({ calls: z.number().int().min(1), windowSeconds: z.number().int().min(1) }),
  /**
   * The part of the project's quota one client (an IPv4 address, an IPv6 /64) may spend per window:
   * a script that forges the project's Origin cannot spend it all for the project's users.
   */
  clientQuotaShare: z.number().gt(0).max(1).default(0.01),
})
export type RpcLimits = z.infer<typeof RpcLimits>

export const DEFAULT_RPC_LIMITS: RpcLimits = Object.freeze({
  maxBatch: RPC_MAX_BATCH,
  maxLogBlockRange: 10_000,
  maxResponseBytes: 5 * 1024 * 1024,
  // A modal session makes a few dozen calls: room for thousands of sessions an hour.
  projectQuota: Object.freeze({ calls: 500_000, windowSeconds: 3600 }),
  // 5,000 calls an hour for one client: a hundred sessions' worth; it takes a hundred clients to spend the quota.
  clientQuotaShare: 0.01,
})
