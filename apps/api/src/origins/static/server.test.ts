import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCsp, secureFrameCsp } from '../../platform/http/csp'
import { dappPolicy, permissionsPolicy } from '../../platform/http/security-headers'
import type { RunningServer } from '../../platform/http/server'
import { rawRequest, tempTree, TRAVERSAL_PATHS } from '../../testing/http'
import { startStaticOrigin } from './server'

// Ports of this file (20000-29999, unique per test file).
const DEMO_PORT = 21500
const SECURE_PORT = 21502

const DAPP = 'http://dapp.localhost:21500'
const WIDGET = 'http://widget.localhost:21501'
const SECURE = 'http://secure.localhost:21502'
const SECRET = 'TOP-SECRET-static'

let demo: RunningServer
let secure: RunningServer
let cleanup: () => Promise<void>

beforeAll(async () => {
  const tree = await tempTree('static-origin', {
    'package.json': SECRET,
    'demo/dist/index.html': '<!doctype html><html><head><title>demo</title></head><body>demo</body></html>',
    'demo/dist/npm.html': '<!doctype html><html><head><title>npm</title></head><body>npm</body></html>',
    'demo/dist/assets/main-1a2b3c.js': 'export {}',
    'demo/package.json': SECRET,
    'wallet/devnet-wallet.js': 'window.devnetWallet = true',
    'secure/dist/index.html':
      '<!doctype html><html><head><title>Airlock secure frame</title></head><body>Airlock secure frame</body></html>',
  })
  cleanup = tree.cleanup
  ;[demo, secure] = await Promise.all([
    startStaticOrigin({
      name: 'demo dapp',
      distDir: join(tree.dir, 'demo', 'dist'),
      csp: demoCsp({ dapp: DAPP, widget: WIDGET }),
      policy: dappPolicy(DAPP, WIDGET),
      extraFiles: { '/devnet-wallet.js': join(tree.dir, 'wallet', 'devnet-wallet.js'), '/gone.js': join(tree.dir, 'nope.js') },
      host: '127.0.0.1',
      port: DEMO_PORT,
    }),
    startStaticOrigin({
      name: 'secure frame',
      distDir: join(tree.dir, 'secure', 'dist'),
      csp: secureFrameCsp({ secure: SECURE, widget: WIDGET, keyService: 'http://keys.localhost:4410', api: 'http://api.localhost:4403' }),
      referrerPolicy: 'no-referrer',
      host: '127.0.0.1',
      port: SECURE_PORT,
    }),
  ])
})

afterAll(async () => {
  await Promise.all([demo?.close(), secure?.close()])
  await cleanup?.()
})

describe('demo dapp origin', () => {
  it('serves its pages with the demo CSP, never cached', async () => {
    for (const path of ['/', '/index.html', '/npm.html']) {
      const res = await rawRequest(DEMO_PORT, path)
      expect(res.status, path).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['content-security-policy']).toBe(
        `default-src 'self'; script-src 'self' ${WIDGET}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; ` +
          `connect-src 'self' ${WIDGET} http://127.0.0.1:*; frame-src ${WIDGET}; base-uri 'none'; form-action 'none'; object-src 'none'; ` +
          `frame-ancestors 'none'`,
      )
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    }
  })

  it('hands copying and passkeys to the widget frame only, keeps its popups, asks for https only when served over it', async () => {
    for (const path of ['/', '/devnet-wallet.js', '/missing']) {
      const res = await rawRequest(DEMO_PORT, path)
      const policy = String(res.headers['permissions-policy'])
      for (const feature of ['clipboard-write', 'publickey-credentials-get', 'publickey-credentials-create']) {
        expect(policy).toContain(`${feature}=(self "${WIDGET}")`)
      }
      expect(policy).toContain('camera=(), ')
      expect(policy).toContain('geolocation=(), ')
      // The widget in the page opens the login and confirmation popups, which post back to it.
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
      expect(res.headers['strict-transport-security']).toBeUndefined()
    }
    expect((await rawRequest(DEMO_PORT, '/npm.html')).body).toContain('npm')
  })

  it('serves the extra named files, and 404 when one is missing on disk', async () => {
    const wallet = await rawRequest(DEMO_PORT, '/devnet-wallet.js')
    expect(wallet.status).toBe(200)
    expect(wallet.body).toBe('window.devnetWallet = true')
    expect(wallet.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(wallet.headers['content-security-policy']).toContain(`frame-src ${WIDGET}`)
    expect((await rawRequest(DEMO_PORT, '/gone.js')).status).toBe(404)
  })

  it('caches hashed assets and 404s the rest', async () => {
    const asset = await rawRequest(DEMO_PORT, '/assets/main-1a2b3c.js')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await rawRequest(DEMO_PORT, '/nope.html')).status).toBe(404)
    expect((await rawRequest(DEMO_PORT, '/nope.js')).status).toBe(404)
  })

  it.each(TRAVERSAL_PATHS)('refuses path traversal: %s', async (path) => {
    const res = await rawRequest(DEMO_PORT, path)
    expect([400, 404]).toContain(res.status)
    expect(res.body).not.toContain(SECRET)
  })
})

describe('secure frame origin', () => {
  it('may be framed by the widget origin only, and talks to itself, the key service and the API only', async () => {
    const res = await rawRequest(SECURE_PORT, '/')
    expect(res.status).toBe(200)
    expect(res.body).toContain('Airlock secure frame')
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' http://keys.localhost:4410 http://api.localhost:4403; " +
        `frame-src 'none'; base-uri 'none'; form-action 'none'; object-src 'none'; frame-ancestors ${WIDGET}`,
    )
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    // Without a policy of its own: no feature, no opener.
    expect(res.headers['permissions-policy']).toBe(permissionsPolicy({}))
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
  })

  it('sends the same CSP on errors', async () => {
    const res = await rawRequest(SECURE_PORT, '/missing')
    expect(res.status).toBe(404)
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${WIDGET}`)
  })
})
