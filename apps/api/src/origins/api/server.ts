import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { closeServer, listen, serveUntilClosed, type RunningServer } from '../../platform/http/server'
import type { ApiApp } from './app'

/** Serves the Hono app over Node http. */
export async function startApiServer(app: ApiApp, host: string, port: number): Promise<RunningServer> {
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false })
  const server = createServer()
  serveUntilClosed(server, (req, res) => void listener(req, res))
  await listen(server, 'api', host, port)
  let closing: Promise<void> | undefined
  return {
    name: 'api',
    url: `http://${host}:${port}`,
    port,
    close: (graceMs) => (closing ??= closeServer(server, graceMs)),
  }
}
