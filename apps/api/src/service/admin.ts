import type { Metrics } from '../platform/http/metrics'
import { startNodeServer, type RunningServer } from '../platform/http/server'

/**
 * The operator's side of a process, on a port of its own that is never published: `/health`
 * (the process answers), `/ready` (it should get traffic: its database answers and it is not
 * draining) and `/metrics` (Prometheus).
 */
export function startAdminServer(options: {
  host: string
  port: number
  metrics: Metrics
  ready: () => Promise<boolean>
}): Promise<RunningServer> {
  return startNodeServer({
    name: 'admin',
    host: options.host,
    port: options.port,
    handler: () => async (req, res) => {
      const path = req.url?.split('?')[0]
      const send = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' })
        res.end(req.method === 'HEAD' ? undefined : body)
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'Method Not Allowed\n')
      if (path === '/health') return send(200, 'application/json', '{"status":"ok"}')
      if (path === '/ready') {
        const ready = await options.ready().catch(() => false)
        return send(ready ? 200 : 503, 'application/json', JSON.stringify({ status: ready ? 'ready' : 'unready' }))
      }
      if (path === '/metrics') return send(200, 'text/plain; version=0.0.4; charset=utf-8', options.metrics.render())
      return send(404, 'text/plain; charset=utf-8', 'Not Found\n')
    },
  })
}
