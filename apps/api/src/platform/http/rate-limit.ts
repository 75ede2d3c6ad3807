import type { Context, MiddlewareHandler } from 'hono'
import * as z from 'zod'
import { memoryBucketStore, type BucketLimits, type BucketStore } from './bucket-store'
import { apiError } from './errors'

/** A limit as an operator writes it, `<burst>/<per second>` (e.g. `1000/100`): a token bucket's capacity and refill. */
export const RateLimitText = z.string().transform((text, ctx) => {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(text.trim())
  const [capacity, refillPerSecond] = [Number(match?.[1]), Number(match?.[2])]
  if (!match || capacity < 1 || refillPerSecond <= 0) {
    ctx.addIssue({ code: 'custom', message: 'must be <burst>/<per second>, e.g. 1000/100' })
    return z.NEVER
  }
  return { capacity, refillPerSecond }
})

export interface TokenBucketOptions extends BucketLimits {
  /** Names this limit in its store: the limits of one store must each have their own. */
  scope: string
  /** Where the buckets live (default: this process's memory); bucketStoreFor(db) shares them through a Postgres server. */
  store?: BucketStore
  now?: () => number
}

export interface RateLimitOptions extends TokenBucketOptions {
  /** What identifies a client: by default the project and the peer address. */
  key: (c: Parameters<MiddlewareHandler>[0]) => string
  /** The refusal's text for a wait of `seconds` (default `Too many requests: try again in {n} s`). */
  message?: (seconds: number) => string
  /** Tokens a request takes (default 1): e.g. one per call of a JSON-RPC batch. */
  cost?: (c: Parameters<MiddlewareHandler>[0]) => number
}

/**
 * A token bucket per key: `take(key, cost = 1)` spends `cost` tokens and answers 0, or, when the
 * bucket holds fewer, the seconds until it holds enough (and spends nothing). For limits whose key is known only inside
 * a handler (an account named in the body); `rateLimit` is the middleware form.
 */
export function tokenBuckets(options: TokenBucketOptions): { take(key: string, cost?: number): Promise<number> } {
  const now = options.now ?? Date.now
  const buckets = (options.store ?? memoryBucketStore)(options.scope, options)
  return { take: (key, cost = 1) => buckets.take(key, cost, now()) }
}

/** 429 with Retry-After for a wait of `seconds`. */
export function tooManyRequests(c: Context, seconds: number, message = defaultMessage) {
  c.header('Retry-After', String(seconds))
  return apiError(c, 429, message(seconds))
}

const defaultMessage = (seconds: number) => `Too many requests: try again in ${seconds} s`

/**
 * A token bucket per client and project: bursts pass, a sustained flood gets 429 with
 * Retry-After, and one noisy client cannot starve the others.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const buckets = tokenBuckets(options)
  return async (c, next) => {
    const cost = options.cost?.(c) ?? 1
    // No wait would help: a bucket never holds more than its capacity.
    if (cost > options.capacity) return apiError(c, 429, `Too many requests: one request may take at most ${options.capacity} calls`)
    const wait = await buckets.take(options.key(c), cost)
    if (wait > 0) return tooManyRequests(c, wait, options.message)
    await next()
  }
}
