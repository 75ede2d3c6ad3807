import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError } from '../http/errors'

/** Request helpers shared by the names, identity, sessions and analytics routes. */

export const BODY_NOT_JSON = 'Request body must be JSON'

/** Caps the request body; a larger one is a 413 in the API's error shape. */
export function jsonBodyLimit(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => apiError(c, 413, `Request body is larger than ${Math.round(maxBytes / 1024)} KiB`),
  })
}

/**
 * The body parsed as JSON whatever its Content-Type (`navigator.sendBeacon` posts text/plain),
 * or the `BODY_NOT_JSON` marker when it is not JSON.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text()
  try {
    return JSON.parse(text) as unknown
  } catch {
    return BODY_NOT_JSON_MARKER
  }
}

export const BODY_NOT_JSON_MARKER: unique symbol = Symbol('body is not JSON')
