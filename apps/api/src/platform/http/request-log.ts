import type { MiddlewareHandler } from 'hono'

export interface RequestLogEntry {
  time: string
  method: string
  path: string
  status: number
  ms: number
  projectId?: string
}

/** One JSON line per request; the project id is logged, query strings (which may hold addresses) are not. */
export function requestLog(write: (entry: RequestLogEntry) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const projectId = c.req.query('projectId')
    write({
      time: new Date().toISOString(),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(projectId ? { projectId: projectId.slice(0, 100) } : {}),
    })
  }
}
