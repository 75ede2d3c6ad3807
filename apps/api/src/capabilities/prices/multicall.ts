/**
 * viem's `multicall({ allowFailure: true })` turns a failed RPC request (node down, timeout, no
 * Multicall3) into a "failure" result for every call, indistinguishable at first sight from calls
 * that reverted. This throws the request's error instead, so that callers answer 502 rather than
 * "no balances" or "no liquidity". Per-call reverts (a missing pool) stay failures.
 */
export function throwIfBatchFailed(results: readonly { status: 'success' | 'failure'; error?: unknown }[]): void {
  for (const result of results) {
    if (result.status === 'failure' && (result.error as { functionName?: unknown } | undefined)?.functionName === 'aggregate3')
      throw result.error
  }
}
