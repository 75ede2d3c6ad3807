import type * as z from 'zod'

/** One endpoint as the OpenAPI document (openapi/document.ts) describes it, declared by each capability beside its routes. */
export interface EndpointDoc {
  method: 'get' | 'post' | 'put' | 'delete'
  /** OpenAPI path template, e.g. `/v1/account/{address}/balance`. */
  path: string
  summary: string
  params?: z.ZodObject
  query?: z.ZodObject
  /** Classic zod or a zod/mini schema of @airlock/protocol (the widget's own). */
  body?: z.core.$ZodType
  /** An HTML form post (`application/x-www-form-urlencoded`) instead of a JSON body. */
  form?: z.ZodObject
  response?: z.core.$ZodType
  /** The success status (default 200). */
  status?: 200 | 201 | 202
  /** The endpoint answers HTML pages (success and errors), not JSON. */
  html?: boolean
}
