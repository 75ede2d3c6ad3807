import type { Address } from 'viem'

/** SPEC: swap deadline 20 minutes after the transaction is built. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/** Slippage tolerance accepted, in percent. */
export const MAX_SLIPPAGE_PERCENT = 50

/**
 * Paths a Uniswap V2 router can take from `from` to `to` (pool addresses, the native token as
 * its wrapped token): direct, and through each hub (WETH, USDC) that is neither end.
 */
export function candidatePaths(from: Address, to: Address, hubs: readonly Address[]): Address[][] {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  if (same(from, to)) return []
  const paths: Address[][] = [[from, to]]
  for (const hub of hubs) {
    if (same(hub, from) || same(hub, to) || paths.some((p) => p.length === 3 && same(p[1]!, hub))) continue
    paths.push([from, hub, to])
  }
  return paths
}

/**
 * The best of the router's answers: the largest positive output; on a tie the shorter path
 * (fewer hops cost less gas). Paths whose call failed (no pool, no liquidity) are skipped.
 */
export function pickBestQuote(
  results: readonly { path: readonly Address[]; amounts?: readonly bigint[] }[],
): { path: Address[]; toAmount: bigint } | undefined {
  let best: { path: Address[]; toAmount: bigint } | undefined
  for (const { path, amounts } of results) {
    const out = amounts?.at(-1)
    if (out === undefined || out <= 0n || amounts!.length !== path.length) continue
    if (!best || out > best.toAmount || (out === best.toAmount && path.length < best.path.length)) best = { path: [...path], toAmount: out }
  }
  return best
}

/**
 * Slippage in percent, as AppKit sends it (the number 1, or a numeric string): 0 to 50, at most
 * 4 decimals. Returns parts per million, or a reason.
 */
export function parseSlippage(raw: unknown): { ok: true; ppm: bigint } | { ok: false; reason: string } {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^[0-9]+(\.[0-9]+)?$/.test(raw) ? Number(raw) : NaN
  if (!Number.isFinite(value)) return { ok: false, reason: 'eip155.slippage: required, a percentage such as 1 or 0.5' }
  if (value < 0 || value > MAX_SLIPPAGE_PERCENT)
    return { ok: false, reason: `eip155.slippage: must be between 0 and ${MAX_SLIPPAGE_PERCENT} (percent)` }
  const ppm = Math.round(value * 10_000)
  if (Math.abs(ppm - value * 10_000) > 1e-6) return { ok: false, reason: 'eip155.slippage: at most 4 decimals' }
  return { ok: true, ppm: BigInt(ppm) }
}

/** The least output accepted: the quote minus `slippagePpm` parts per million of it, rounded down. */
export function minimumOut(quoted: bigint, slippagePpm: bigint): bigint {
  return (quoted * (1_000_000n - slippagePpm)) / 1_000_000n
}

/** Unix seconds SWAP_DEADLINE_SECONDS after `nowMs`. */
export function swapDeadline(nowMs: number): bigint {
  return BigInt(Math.floor(nowMs / 1000) + SWAP_DEADLINE_SECONDS)
}

/**
 * Gas limit when no estimate is available (AppKit asks with disableEstimate, or the estimate
 * failed because the approval is not mined yet): measured Uniswap V2 costs with headroom.
 */
export function fallbackSwapGas(pathLength: number): bigint {
  return 200_000n + 100_000n * BigInt(Math.max(0, pathLength - 2))
}

/** An estimate with 20 % headroom. */
export const withGasHeadroom = (estimate: bigint): bigint => (estimate * 12n) / 10n
