import type { Context, MiddlewareHandler } from 'hono'
import { apiError } from './errors'

export interface TokenBucketOptions {
  /** Requests a client may make in a burst. */
  capacity: number
  /** Requests per second a client earns back. */
  refillPerSecond: number
  now?: () => number
  /** Buckets kept at most; the least recently used are forgotten first. */
  maxClients?: number
}

export interface RateLimitOptions extends TokenBucketOptions {
  /** What identifies a client: by default the project and the peer address. */
  key: (c: Parameters<MiddlewareHandler>[0]) => string
  /** The refusal's text for a wait of `seconds` (default `Too many requests: try again in {n} s`). */
  message?: (seconds: number) => string
  /** Tokens a request takes (default 1): e.g. one per call of a JSON-RPC batch. */
  cost?: (c: Parameters<MiddlewareHandler>[0]) => number
}

interface Bucket {
  tokens: number
  updated: number
}

/**
 * A token bucket per key: `take(key, cost = 1)` spends `cost` tokens and answers 0, or, when the
 * bucket holds fewer, the seconds until it holds enough (and spends nothing). For limits whose key is known only inside
 * a handler (an account named in the body); `rateLimit` is the middleware form.
 */
export function tokenBuckets(options: TokenBucketOptions): { take(key: string, cost?: number): number } {
  const now = options.now ?? Date.now
  const maxClients = options.maxClients ?? 10_000
  const buckets = new Map<string, Bucket>()
  return {
    take(key, cost = 1) {
      const time = now()
      const bucket = buckets.get(key) ?? { tokens: options.capacity, updated: time }
      buckets.delete(key)
      bucket.tokens = Math.min(options.capacity, bucket.tokens + ((time - bucket.updated) / 1000) * options.refillPerSecond)
      bucket.updated = time
      buckets.set(key, bucket)
      if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value!)
      if (bucket.tokens < cost) return Math.ceil((cost - bucket.tokens) / options.refillPerSecond)
      bucket.tokens -= cost
      return 0
    },
  }
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
    const wait = buckets.take(options.key(c), cost)
    if (wait > 0) return tooManyRequests(c, wait, options.message)
    await next()
  }
}
