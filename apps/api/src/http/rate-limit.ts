import type { MiddlewareHandler } from 'hono'
import { apiError } from './errors'

export interface RateLimitOptions {
  /** Requests a client may make in a burst. */
  capacity: number
  /** Requests per second a client earns back. */
  refillPerSecond: number
  /** What identifies a client: by default the project and the peer address. */
  key: (c: Parameters<MiddlewareHandler>[0]) => string
  now?: () => number
  /** Buckets kept at most; the least recently used are forgotten first. */
  maxClients?: number
}

interface Bucket {
  tokens: number
  updated: number
}

/**
 * A token bucket per client and project: bursts pass, a sustained flood gets 429 with
 * Retry-After, and one noisy client cannot starve the others.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const now = options.now ?? Date.now
  const maxClients = options.maxClients ?? 10_000
  const buckets = new Map<string, Bucket>()
  return async (c, next) => {
    const key = options.key(c)
    const time = now()
    const bucket = buckets.get(key) ?? { tokens: options.capacity, updated: time }
    buckets.delete(key)
    bucket.tokens = Math.min(options.capacity, bucket.tokens + ((time - bucket.updated) / 1000) * options.refillPerSecond)
    bucket.updated = time
    buckets.set(key, bucket)
    if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value!)
    if (bucket.tokens < 1) {
      const wait = Math.ceil((1 - bucket.tokens) / options.refillPerSecond)
      c.header('Retry-After', String(wait))
      return apiError(c, 429, `Too many requests: try again in ${wait} s`)
    }
    bucket.tokens -= 1
    await next()
  }
}
