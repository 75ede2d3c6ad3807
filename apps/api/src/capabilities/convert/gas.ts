import * as z from 'zod'

/** `GET /v1/convert/gas-price`: legacy gas prices in wei, as decimal strings. */
export interface GasPrices {
  standard: string
  fast: string
  instant: string
}

export const GasPricesSchema = z.object({
  standard: z.string().describe('wei'),
  fast: z.string().describe('wei'),
  instant: z.string().describe('wei'),
}) satisfies z.ZodType<GasPrices>

/** Tip percentiles asked of eth_feeHistory, for standard, fast and instant. */
export const REWARD_PERCENTILES = [25, 50, 75] as const
/** Blocks of history. */
export const FEE_HISTORY_BLOCKS = 10

export interface FeeHistoryLike {
  /** blockCount + 1 entries: the last one is the next block's base fee. */
  baseFeePerGas: readonly bigint[]
  gasUsedRatio: readonly number[]
  /** Per block, one tip per percentile. */
  reward?: readonly (readonly bigint[])[]
}

const median = (values: bigint[]): bigint => {
  if (values.length === 0) return 0n
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

/**
 * Gas prices from eth_feeHistory. Each level is a base fee with headroom plus a typical tip:
 * - standard: next base fee + median of the 25th-percentile tips;
 * - fast: next base fee × 1.125 (one full block of base-fee growth) + median 50th-percentile tip;
 * - instant: next base fee × 1.25 (two blocks) + median 75th-percentile tip.
 * Tips come from blocks that held transactions (an empty block's "tip" of 0 says nothing). The
 * levels never decrease from standard to instant. Undefined when the chain reports no base fee
 * (pre-London): the caller falls back to eth_gasPrice.
 */
export function gasPricesFromFeeHistory(history: FeeHistoryLike): GasPrices | undefined {
  const nextBase = history.baseFeePerGas.at(-1)
  if (nextBase === undefined || history.baseFeePerGas.every((fee) => fee === 0n)) return undefined
  const busy = (history.reward ?? []).filter((_, i) => (history.gasUsedRatio[i] ?? 0) > 0)
  const tip = (level: number) => median(busy.map((rewards) => rewards[level] ?? 0n))
  const standard = nextBase + tip(0)
  const fast = max(standard, (nextBase * 9n) / 8n + tip(1))
  const instant = max(fast, (nextBase * 5n) / 4n + tip(2))
  return { standard: standard.toString(), fast: fast.toString(), instant: instant.toString() }
}

/** For chains without EIP-1559: eth_gasPrice for standard, +10 % and +20 % above it. */
export function gasPricesFromLegacy(gasPrice: bigint): GasPrices {
  return { standard: gasPrice.toString(), fast: ((gasPrice * 11n) / 10n).toString(), instant: ((gasPrice * 12n) / 10n).toString() }
}

const max = (a: bigint, b: bigint) => (a > b ? a : b)
