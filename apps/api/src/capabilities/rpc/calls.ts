/**
 * What a parsed JSON-RPC body costs the caller's rate limit and the project's quota: one per call
 * of a batch, so a batch is no cheaper than its calls sent one by one. A body the proxy refuses
 * whole without asking the node (an empty or over-long batch, or no batch) costs one.
 */
export function callCost(body: unknown, maxBatch: number): number {
  return Array.isArray(body) && body.length > 0 && body.length <= maxBatch ? body.length : 1
}

/** Whether the body is a batch longer than `maxBatch`: refused whole. */
export function isBatchTooLong(body: unknown, maxBatch: number): body is unknown[] {
  return Array.isArray(body) && body.length > maxBatch
}
