/**
 * A small seeded PRNG (mulberry32) for the fuzz suites: the same seed gives the same messages and
 * requests, so a failure found once can be replayed with AIRLOCK_FUZZ_SEED=<seed>.
 */
export interface Rng {
  readonly seed: number
  /** A float in [0, 1). */
  next(): number
  /** An integer in [0, n). */
  int(n: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
  /** A derived generator, so that one consumer's draws do not shift another's. */
  fork(label: string): Rng
}

/** The seed when AIRLOCK_FUZZ_SEED is not set: fixed, so that `npm test` is deterministic. */
export const DEFAULT_FUZZ_SEED = 20_240_601

export function createRng(seed: number): Rng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (n: number) => Math.floor(next() * n)
  return {
    seed: seed >>> 0,
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[int(items.length)]!
    },
    chance: (p) => next() < p,
    fork: (label) => createRng(hashLabel(seed, label)),
  }
}

/** The seed from `AIRLOCK_FUZZ_SEED` (decimal or 0x hex), else the default; anything else is an error, not a silent default. */
export function fuzzSeed(env: Record<string, string | undefined>): number {
  const raw = env.AIRLOCK_FUZZ_SEED?.trim()
  if (!raw) return DEFAULT_FUZZ_SEED
  const seed = Number(raw)
  if (!Number.isSafeInteger(seed) || seed < 0)
    throw new Error(`AIRLOCK_FUZZ_SEED must be a non-negative integer, not ${JSON.stringify(raw)}`)
  return seed >>> 0
}

function hashLabel(seed: number, label: string): number {
  // FNV-1a over the label, mixed with the parent seed.
  let hash = (0x811c9dc5 ^ seed) >>> 0
  for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193) >>> 0
  return hash
}
