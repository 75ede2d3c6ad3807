import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryProjectRegistry } from '../projects/registry'
import { startStaticOrigin } from '../../origins/static/server'
import { rawRequest, tempTree } from '../../testing/http'
import { startWidgetOrigin } from '../../origins/widget/server'
import { secureFrameCsp } from './csp'
import type { RunningServer } from './server'

// Ports of this file (20000-29999, unique per test file).
const WIDGET_PORT = 21801
const SECURE_PORT = 21802

const origins = {
  widget: `http://widget.localhost:${WIDGET_PORT}`,
  api: 'http://api.localhost:21803',
  secure: `http://secure.localhost:${SECURE_PORT}`,
}
const DAPP = 'http://dapp.localhost:21800'

let widget: RunningServer
let secure: RunningServer
let cleanup: () => Promise<void>

/** Asks for Vite's HMR WebSocket on the origin's own port; resolves with the HTTP status (101 = upgraded). */
function hmrUpgrade(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/',
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': Buffer.from('airlock-hmr-test').toString('base64'),
        'Sec-WebSocket-Protocol': 'vite-hmr',
      },
    })
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      resolve(res.statusCode ?? 0)
    })
    req.on('response', (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  const page = (title: string) =>
    `<!doctype html><html><head><meta name="airlock-config" content="" /><title>${title}</title></head>` +
    `<body><script type="module" src="/src/main.ts"></script></body></html>`
  const tree = await tempTree('dev-mode', {
    'widget/index.html': page('widget'),
    'widget/src/main.ts': 'const answer: number = 42\ndocument.body.dataset.answer = String(answer)\n',
    'widget/dist/index.html': '<p>the dist build must not be used in dev</p>',
    'secure/index.html':
      '<!doctype html><html><head><title>secure</title></head><body><script type="module" src="/src/main.ts"></script></body></html>',
    'secure/src/main.ts': "document.documentElement.dataset.ready = 'true'\n",
  })
  cleanup = tree.cleanup
  const projects = createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [DAPP], features: { analytics: false } }])
  ;[widget, secure] = await Promise.all([
    startWidgetOrigin({
      origins,
      projects,
      widgetDistDir: join(tree.dir, 'widget', 'dist'),
      hostSdkDistDir: join(tree.dir, 'host-sdk', 'dist'),
      relayUrl: 'wss://relay.walletconnect.org',
      host: '127.0.0.1',
      port: WIDGET_PORT,
      viteRoot: join(tree.dir, 'widget'),
    }),
    startStaticOrigin({
      name: 'secure frame',
      distDir: join(tree.dir, 'secure', 'dist'),
      csp: secureFrameCsp({
        secure: origins.secure,
        widget: origins.widget,
        keyService: 'http://keys.localhost:4410',
        api: origins.api,
        dev: true,
      }),
      host: '127.0.0.1',
      port: SECURE_PORT,
      viteRoot: join(tree.dir, 'secure'),
    }),
  ])
}, 30_000)

afterAll(async () => {
  await Promise.all([widget?.close(), secure?.close()])
  await cleanup?.()
})

describe('dev mode (Vite in middleware mode)', () => {
  it('serves the page through transformIndexHtml, then injects the config, with the dev CSP', async () => {
    const res = await rawRequest(WIDGET_PORT, `/?projectId=demo&origin=${encodeURIComponent(DAPP)}`)
    expect(res.status).toBe(200)
    expect(res.body).toContain('/@vite/client')
    expect(res.body).not.toContain('the dist build')
    expect(res.body).toMatch(/<meta name="airlock-config" content="\{&quot;projectId&quot;:&quot;demo&quot;/)
    expect(res.headers['cache-control']).toBe('no-store')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self' 'unsafe-inline';")
    expect(csp).toContain(`connect-src 'self' ${origins.api} wss://relay.walletconnect.org ws://widget.localhost:${WIDGET_PORT};`)
    expect(csp).toContain(`frame-ancestors ${DAPP}`)
  })

  it('lets Vite compile modules, under the same security headers', async () => {
    const res = await rawRequest(WIDGET_PORT, '/src/main.ts')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.body).toContain('document.body.dataset.answer')
    expect(res.body).not.toContain(': number')
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    const client = await rawRequest(WIDGET_PORT, '/@vite/client')
    expect(client.status).toBe(200)
    expect((await rawRequest(WIDGET_PORT, '/src/missing.ts')).status).toBe(404)
  })

  it('runs the HMR socket on the origin port itself', async () => {
    expect(await hmrUpgrade(WIDGET_PORT)).toBe(101)
    expect(await hmrUpgrade(SECURE_PORT)).toBe(101)
  })

  it('serves the secure frame shell through Vite with its dev CSP', async () => {
    const res = await rawRequest(SECURE_PORT, '/')
    expect(res.status).toBe(200)
    expect(res.body).toContain('/@vite/client')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain(`frame-ancestors ${origins.widget}`)
    expect(csp).toContain(`connect-src 'self' http://keys.localhost:4410 ${origins.api} ws://secure.localhost:${SECURE_PORT};`)
  })
})
