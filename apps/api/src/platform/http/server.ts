import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'
import type { ViteDevServer } from 'vite'

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/** A listening server (and its Vite dev server in dev mode). */
export interface RunningServer {
  name: string
  /** `http://127.0.0.1:<port>`: where it listens (the public origin may be a *.localhost name). */
  url: string
  port: number
  /**
   * Stops Vite (if any) and the server. Requests in flight get up to `graceMs` (default 0) to
   * finish, answered with `Connection: close`; what is still open then is dropped. Idempotent.
   */
  close(graceMs?: number): Promise<void>
}

export class PortInUseError extends Error {
  constructor(
    readonly serverName: string,
    readonly host: string,
    readonly port: number,
  ) {
    super(
      `Cannot start the ${serverName}: port ${port} on ${host} is already in use ` +
        `(is another "npm start" running?). Stop it, or choose other ports (devConfig({ ... }) / the stack config).`,
    )
    this.name = 'PortInUseError'
  }
}

/** Binds and resolves once listening; a taken port rejects with PortInUseError. */
export function listen(server: Server, name: string, host: string, port: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      if (error.code === 'EADDRINUSE') reject(new PortInUseError(name, host, port))
      else if (error.code === 'EACCES') reject(new Error(`Cannot start the ${name}: no permission to bind ${host}:${port}`))
      else reject(error)
    }
    const onListening = () => {
      server.off('error', onError)
      resolvePromise()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen({ host, port, exclusive: true })
  })
}

/** The responses each server is still writing: closing tells them to end their connection. */
const openResponses = new WeakMap<Server, Set<ServerResponse>>()

/**
 * Stops accepting connections and lets the requests in flight finish for up to `graceMs`, answered
 * `Connection: close`; then drops every connection left. With a grace time, idle keep-alive
 * connections are not cut at once (http.Server#close would): a client may be writing its next
 * request into one that very moment, and that request would be lost unanswered. They end at their
 * keep-alive timeout instead, which the server announces (`Keep-Alive: timeout=5`) and clients stop
 * reusing a connection before; what asks in the meantime is answered, with `Connection: close`.
 */
export function closeServer(server: Server, graceMs = 0): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    if (!server.listening) return resolvePromise()
    const done = (error?: Error) => (error ? reject(error) : resolvePromise())
    for (const res of openResponses.get(server) ?? []) res.shouldKeepAlive = false
    if (graceMs <= 0) {
      server.close(done)
      // Keep-alive and HMR sockets would otherwise hold close() open.
      return server.closeAllConnections()
    }
    netClose.call(server, done)
    setTimeout(() => server.closeAllConnections(), graceMs).unref()
  })
}

/** net.Server's own close: stops listening, leaves the open connections be. */
const netClose: (this: Server, callback: (error?: Error) => void) => void = NetServer.prototype.close

/** Serves `handler` on `server`, keeping track of the answers in progress for closeServer. */
export function serveUntilClosed(server: Server, handler: (req: IncomingMessage, res: ServerResponse) => void): void {
  const open = new Set<ServerResponse>()
  openResponses.set(server, open)
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!server.listening) res.shouldKeepAlive = false
    open.add(res)
    res.once('close', () => open.delete(res))
    handler(req, res)
  })
}

/** Wraps a handler so that a throw becomes a 500 (and a log line), never a crashed process. */
export function guard(name: string, handler: NodeHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handler(req, res).catch((error: unknown) => {
      console.error(`[${name}] ${req.method} ${req.url}:`, error)
      if (!res.headersSent) {
        res.statusCode = 500
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
        res.setHeader('Cache-Control', 'no-store')
        res.end('Internal Server Error\n')
      } else {
        res.destroy()
      }
    })
  }
}

export interface StartNodeServerOptions {
  name: string
  host: string
  port: number
  /** When set, a Vite dev server runs from this app directory, with its HMR socket on this server. */
  viteRoot?: string
  handler: (vite: ViteDevServer | undefined) => NodeHandler
}

/**
 * Creates, (in dev) attaches Vite, and listens. Vite runs in middleware mode with its HMR
 * WebSocket on the origin's own server and port, so dev needs no extra ports and the CSP only
 * needs `ws://<origin host>`.
 */
export async function startNodeServer(options: StartNodeServerOptions): Promise<RunningServer> {
  const server = createServer()
  let vite: ViteDevServer | undefined
  if (options.viteRoot) {
    const { createViteDevServer } = await import('./vite-dev')
    vite = await createViteDevServer(options.viteRoot, server)
  }
  serveUntilClosed(server, guard(options.name, options.handler(vite)))
  try {
    await listen(server, options.name, options.host, options.port)
  } catch (error) {
    await vite?.close()
    throw error
  }
  let closing: Promise<void> | undefined
  return {
    name: options.name,
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${options.port}`,
    port: options.port,
    close: (graceMs) =>
      (closing ??= (async () => {
        await vite?.close()
        await closeServer(server, graceMs)
      })()),
  }
}
