import type { Server } from 'node:http'
import type { ViteDevServer } from 'vite'

/**
 * A Vite dev server in middleware mode for one app (its vite.config.* is picked up from root).
 * `appType: 'custom'`: Vite serves modules and assets; we serve the HTML (after
 * transformIndexHtml) so that it gets our headers and injected config.
 */
export async function createViteDevServer(root: string, httpServer: Server): Promise<ViteDevServer> {
  const { createServer } = await import('vite')
  return createServer({
    root,
    appType: 'custom',
    clearScreen: false,
    server: {
      middlewareMode: true,
      ws: { server: httpServer },
    },
  })
}
