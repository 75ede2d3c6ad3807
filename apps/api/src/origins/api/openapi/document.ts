import * as z from 'zod'
import type { EndpointDoc } from '../../../platform/http/endpoint-doc'

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
