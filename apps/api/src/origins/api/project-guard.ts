import type { MiddlewareHandler } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import type { ProjectRegistry } from '../../platform/projects/registry'
import { apiError } from '../../platform/http/errors'

const V1Query = z.object({
  projectId: z.string().min(1).max(100).optional(),
  st: z.string().max(100).optional(),
  sv: z.string().max(100).optional(),
})

const CORS_METHODS = 'GET, POST, PUT, DELETE, OPTIONS'
const CORS_HEADERS = 'Content-Type'
const CORS_MAX_AGE = '600'
/**
 * What the secure frame calls: the RPC proxy (the Solana transactions its user signed, the
 * simulation of a transaction to confirm), the prices of the simulated balance changes, and the
 * relay of each chain (the smart account's user operations it built and signed).
 */
const SECURE_FRAME_PATHS: ReadonlySet<string> = new Set(['/v1/rpc', '/v1/fungible/price'])
const isSecureFramePath = (path: string) => SECURE_FRAME_PATHS.has(path) || /^\/v1\/relay\/[0-9]+$/.test(path)

/**
 * Guards every /v1 call:
 * - `projectId` missing or unknown: 401 'Invalid Project ID' (the API's error shape).
 * - `Origin` present but neither the widget origin nor one of the project's allowed origins (nor,
 *   on the secure frame's paths, its origin): 403 'Invalid App Configuration'. No `Origin` (server to server) passes here;
 *   the RPC proxy then also requires a project that allows it (`serverRpc`, rpc/route.ts).
 * - CORS: an allowed origin gets `Access-Control-Allow-Origin` (no credentials), and its
 *   preflight a 204. The widget origin is allowed even before the project is known, so the
 *   widget can read a 401 and show 'Invalid Project ID'.
 */
export function projectGuard(options: {
  projects: ProjectRegistry
  widgetOrigin: string
  /** The secure frame's origin: allowed on its paths only. */
  secureOrigin?: string
}): MiddlewareHandler<{ Variables: ApiVariables }> {
  return async (c, next) => {
    const query = V1Query.safeParse({ projectId: c.req.query('projectId'), st: c.req.query('st'), sv: c.req.query('sv') })
    const projectId = query.success ? query.data.projectId : undefined
    const project = projectId === undefined ? undefined : await options.projects.getProject(projectId)
    const origin = c.req.header('origin')
    const ours = origin === options.widgetOrigin || (origin === options.secureOrigin && isSecureFramePath(c.req.path))
    const corsAllowed = origin !== undefined && (ours || (project?.allowedOrigins.includes(origin) ?? false))

    // Always: a shared cache must not give a browser the answer made for a request without Origin.
    c.header('Vary', 'Origin', { append: true })
    if (corsAllowed) c.header('Access-Control-Allow-Origin', origin)

    const isPreflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined
    if (isPreflight && corsAllowed) {
      c.header('Access-Control-Allow-Methods', CORS_METHODS)
      c.header('Access-Control-Allow-Headers', CORS_HEADERS)
      c.header('Access-Control-Max-Age', CORS_MAX_AGE)
      return c.body(null, 204)
    }
    if (!project || !query.success) return apiError(c, 401, 'Invalid Project ID')
    if (origin !== undefined && !corsAllowed) return apiError(c, 403, 'Invalid App Configuration')

    c.set('project', project)
    c.set('sdk', { type: query.data.st, version: query.data.sv })
    await next()
  }
}
