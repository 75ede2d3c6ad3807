import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type * as z from 'zod'
import { apiError, invalidInput } from './errors'

/** Reading JSON request bodies, the same way on every route. */

export const BODY_NOT_JSON = 'Request body must be JSON'

/** Caps the request body; a larger one is a 413 in the API's error shape. */
export function jsonBodyLimit(maxBytes: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => apiError(c, 413, `Request body is larger than ${Math.round(maxBytes / 1024)} KiB`),
  })
  return async (c, next) => {
    let handled = false
    try {
      return await limit(c, () => {
        handled = true
        return next()
      })
    } catch (error) {
      if (handled) throw error
      // Counting a chunked body fails when the client abandons it: its error, not a 500 of ours.
      return apiError(c, 400, BODY_INCOMPLETE)
    }
  }
}

export const BODY_INCOMPLETE = 'Request body is incomplete'

/**
 * The body parsed as JSON whatever its Content-Type (`navigator.sendBeacon` posts text/plain),
 * or the `BODY_NOT_JSON` marker when it is not JSON.
 */
export async function readJson(c: Context): Promise<unknown> {
  try {
    // Reading fails when the client stops mid-upload: its error, not a 500 (and a logged stack) of ours.
    return JSON.parse(await c.req.text()) as unknown
  } catch {
    return BODY_NOT_JSON_MARKER
  }
}

export const BODY_NOT_JSON_MARKER: unique symbol = Symbol('body is not JSON')

/**
 * The body checked against `schema`: its data, or the 400 to answer (not JSON, or the schema's
 * first complaint naming the field).
 */
export async function readJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ success: true; data: z.output<S> } | { success: false; response: Response }> {
  const json = await readJson(c)
  if (json === BODY_NOT_JSON_MARKER) return { success: false, response: apiError(c, 400, BODY_NOT_JSON) }
  const parsed = schema.safeParse(json)
  return parsed.success ? { success: true, data: parsed.data } : { success: false, response: invalidInput(c, parsed.error) }
}
