import * as z from 'zod'

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

const standardQuery = z.object({
  projectId: z.string().describe('Your project id'),
  st: z.string().optional().describe('SDK type'),
  sv: z.string().optional().describe('SDK version'),
})

const errorSchema = z.object({
  status: z.number(),
  error: z.string(),
  reasons: z.array(z.object({ description: z.string(), field: z.string().optional() })),
})

const toJsonSchema = (schema: z.core.$ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })

function parameters(schema: z.ZodObject | undefined, where: 'query' | 'path') {
  if (!schema) return []
  const json = toJsonSchema(schema) as { properties?: Record<string, object>; required?: string[] }
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }))
}

/** The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with. */
export function openApiDocument(endpoints: readonly EndpointDoc[], info: { title: string; version: string; server: string }) {
  const paths: Record<string, Record<string, object>> = {}
  for (const endpoint of endpoints) {
    const guarded = endpoint.path.startsWith('/v1/') || endpoint.path === '/e'
    paths[endpoint.path] ??= {}
    paths[endpoint.path]![endpoint.method] = {
      summary: endpoint.summary,
      parameters: [
        ...parameters(endpoint.params, 'path'),
        ...parameters(guarded ? (endpoint.query ? standardQuery.extend(endpoint.query.shape) : standardQuery) : endpoint.query, 'query'),
      ],
      ...(endpoint.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(endpoint.body) } } } }
        : {}),
      ...(endpoint.form
        ? { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: toJsonSchema(endpoint.form) } } } }
        : {}),
      responses: endpoint.html
        ? {
            [endpoint.status ?? 200]: { description: 'OK', content: { 'text/html': { schema: { type: 'string' } } } },
            default: { description: 'Error page', content: { 'text/html': { schema: { type: 'string' } } } },
          }
        : {
            [endpoint.status ?? 200]: {
              description: 'OK',
              ...(endpoint.response ? { content: { 'application/json': { schema: toJsonSchema(endpoint.response) } } } : {}),
            },
            default: { description: 'Error', content: { 'application/json': { schema: toJsonSchema(errorSchema) } } },
          },
    }
  }
  return { openapi: '3.1.0', info: { title: info.title, version: info.version }, servers: [{ url: info.server }], paths }
}
