import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as z from 'zod'

/**
 * Every API error has one shape: the HTTP status repeated in the body (clients log bodies, not
 * statuses), a message, and `reasons` whose first description the modal shows (SPEC section 8,
 * "Name errors use the API's first reason description").
 */
export interface ApiErrorBody {
  status: number
  error: string
  reasons: { description: string; field?: string }[]
}

export function apiError(c: Context, status: ContentfulStatusCode, message: string, reasons?: ApiErrorBody['reasons']) {
  const body: ApiErrorBody = { status, error: message, reasons: reasons ?? [{ description: message }] }
  return c.json(body, status)
}

/** 400 for input that failed its zod schema, one reason per issue, naming the field. */
export function invalidInput(c: Context, error: z.ZodError) {
  const reasons = error.issues.map((issue) => ({
    description: issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    ...(issue.path.length ? { field: issue.path.join('.') } : {}),
  }))
  return apiError(c, 400, reasons[0]?.description ?? 'Invalid input', reasons)
}
