export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]!
}

export const median = (values: number[]): number => percentile(values, 50)

/** Fewer samples than this make a nearest-rank p99 the maximum, one outlier: the bench refuses it. */
export const P99_MIN_SAMPLES = 100

/** The median and the 99th percentile of request times, from at least P99_MIN_SAMPLES of them. */
export function tailLatency(times: number[]): { p50: number; p99: number } {
  if (times.length < P99_MIN_SAMPLES) throw new RangeError(`a p99 needs at least ${P99_MIN_SAMPLES} samples, got ${times.length}`)
  return { p50: median(times), p99: percentile(times, 99) }
}
