import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { WIDGET_BOOT_STATUS_PATH, WidgetBootConfig, WidgetBootStatus } from '@airlock/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../platform/http/server'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { rawRequest, tempTree, TRAVERSAL_PATHS } from '../../testing/http'
import { startWidgetOrigin } from './server'

// Port of this file (20000-29999, unique per test file).
const PORT = 21401
const HTTPS_PORT = 21404

const origins = { widget: 'http://widget.localhost:21401', api: 'http://api.localhost:21403', secure: 'http://secure.localhost:21402' }
const DAPP = 'http://dapp.localhost:21400'
const DAPP2 = 'https://shop.example'
const SECRET = 'TOP-SECRET-do-not-serve'
const BIG_JS = `export const words = ${JSON.stringify('airlock '.repeat(2000))}\n`
const SDK = '(function(){window.AirlockSdk={}})()\n//# sourceMappingURL=sdk@0.1.0.js.map'
const OLD_SDK = '(function(){window.AirlockSdk={old:true}})()'
const EXTRA = '(function(){document.currentScript?.airlockExtra?.({})})()\n//# sourceMappingURL=sdk-extra@0.1.0.js.map'

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="airlock-config" content="" />
    <title>Airlock</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`

let server: RunningServer
let cleanup: () => Promise<void>

beforeAll(async () => {
  const tree = await tempTree('widget-origin', {
    'package.json': `{"secret":"${SECRET}"}`,
    'widget/dist/index.html': INDEX_HTML,
    'widget/dist/assets/index-abc123.js': 'console.log("widget")',
    'widget/dist/assets/index-abc123.css': 'body{}',
    'widget/dist/assets/big-def456.js': BIG_JS,
    'widget/dist/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'widget/dist/other.html': '<html><head></head><body>other</body></html>',
    'widget/dist/.env': SECRET,
    'widget/package.json': `{"secret":"${SECRET}"}`,
    'host-sdk/dist/sdk.js': SDK,
    'host-sdk/dist/sdk@0.1.0.js': SDK,
    'host-sdk/dist/sdk@0.1.0.js.map': '{"version":3}',
    'host-sdk/dist/sdk@0.0.9.js': OLD_SDK,
    'host-sdk/dist/sdk-extra@0.1.0.js': EXTRA,
  })
  cleanup = tree.cleanup
  server = await startWidgetOrigin({
    origins,
    projects: createMemoryProjectRegistry([
      { id: 'demo', name: 'Demo', allowedOrigins: [DAPP, DAPP2], features: { analytics: false } },
      { id: 'empty', name: 'Nobody', allowedOrigins: [], features: { analytics: false } },
    ]),
    widgetDistDir: join(tree.dir, 'widget', 'dist'),
    hostSdkDistDir: join(tree.dir, 'host-sdk', 'dist'),
    relayUrl: 'ws://127.0.0.1:4404/',
    host: '127.0.0.1',
    port: PORT,
  })
})

afterAll(async () => {
  await server?.close()
  await cleanup?.()
})

const page = (query: Record<string, string>) => rawRequest(PORT, `/?${new URLSearchParams(query).toString()}`)

/** The boot config as the widget will read it: the browser decodes the attribute, then JSON. */
function bootConfigOf(html: string): WidgetBootConfig {
  const metas = html.match(/<meta name="airlock-config"[^>]*>/g) ?? []
  expect(metas).toHaveLength(1)
  const content = /content="([^"]*)"/.exec(metas[0] ?? '')?.[1] ?? ''
  const decoded = content.replace(
    /&(quot|amp|lt|gt|#39);/g,
    (_, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'" })[e] ?? '',
  )
  return WidgetBootConfig.parse(JSON.parse(decoded))
}

function cspDirectives(csp: string | string[] | undefined): Record<string, string> {
  expect(typeof csp).toBe('string')
  return Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...sources] = d.split(/\s+/)
        return [name, sources.join(' ')]
      }),
  )
}

describe('widget page', () => {
  it('injects the boot config and allows framing by the project origins only', async () => {
    const res = await page({ projectId: 'demo', origin: DAPP })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(bootConfigOf(res.body)).toEqual({
      projectId: 'demo',
      parentOrigin: DAPP,
      apiUrl: origins.api,
      secureFrameUrl: `${origins.secure}/frame/?projectId=demo`,
      relayUrl: 'ws://127.0.0.1:4404/',
    })
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>')
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        `img-src 'self' data: blob: ${origins.api}; connect-src 'self' ${origins.api} ws://127.0.0.1:4404; ` +
        `frame-src ${origins.secure}; base-uri 'none'; form-action 'none'; object-src 'none'; ` +
        `frame-ancestors ${DAPP} ${DAPP2}`,
    )
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
  })

  it('serves /index.html the same way', async () => {
    const res = await rawRequest(PORT, `/index.html?projectId=demo&origin=${encodeURIComponent(DAPP2)}`)
    expect(res.status).toBe(200)
    expect(bootConfigOf(res.body).parentOrigin).toBe(DAPP2)
    expect(bootConfigOf(res.body).error).toBeUndefined()
  })

  it.each([
    [{ origin: DAPP }, 'Project ID Not Configured'],
    [{ projectId: '', origin: DAPP }, 'Project ID Not Configured'],
    [{ projectId: 'nope', origin: DAPP }, 'Invalid Project ID'],
    [{ projectId: 'nope', origin: 'not an origin' }, 'Invalid Project ID'],
    [{ projectId: 'demo', origin: 'https://evil.example' }, 'Invalid App Configuration'],
    [{ projectId: 'demo' }, 'Invalid App Configuration'],
    [{ projectId: 'demo', origin: `${DAPP}/` }, 'Invalid App Configuration'],
    [{ projectId: 'empty', origin: DAPP }, 'Invalid App Configuration'],
  ])('%j -> %s, framable by nobody', async (query, error) => {
    const res = await page(query)
    expect(res.status).toBe(200)
    const config = bootConfigOf(res.body)
    expect(config.error).toBe(error)
    expect(config.apiUrl).toBe(origins.api)
    // Whatever origin it claims: any site may claim one, so the alert page is framed by none.
    expect(cspDirectives(res.headers['content-security-policy'])['frame-ancestors']).toBe("'none'")
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('escapes a hostile origin: no markup injection, no CSP injection', async () => {
    const hostile = `http://x"><script>alert(1)</script>`
    const res = await page({ projectId: 'demo', origin: hostile })
    expect(res.body).not.toContain('<script>alert(1)')
    expect(res.body.match(/<script/g)).toHaveLength(1)
    const config = bootConfigOf(res.body)
    expect(config.parentOrigin).toBe(hostile)
    expect(config.error).toBe('Invalid App Configuration')
    const directives = cspDirectives(res.headers['content-security-policy'])
    expect(directives['frame-ancestors']).toBe("'none'")
    expect(directives['script-src']).toBe("'self'")

    const cspInjection = await page({ projectId: 'nope', origin: "http://a.com; script-src 'unsafe-inline'" })
    expect(cspDirectives(cspInjection.headers['content-security-policy'])['script-src']).toBe("'self'")
    expect(cspDirectives(cspInjection.headers['content-security-policy'])['frame-ancestors']).toBe("'none'")
  })

  it('answers HEAD with the headers and no body', async () => {
    const res = await rawRequest(PORT, `/?projectId=demo&origin=${encodeURIComponent(DAPP)}`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.body).toBe('')
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${DAPP} ${DAPP2}`)
  })

  it('never serves another HTML file framable without the project check', async () => {
    const res = await rawRequest(PORT, '/other.html')
    expect(res.status).toBe(200)
    expect(bootConfigOf(res.body).error).toBe('Project ID Not Configured')
    expect(cspDirectives(res.headers['content-security-policy'])['frame-ancestors']).toBe("'none'")
  })
})

describe('static files', () => {
  it('serves hashed assets for a year, with their content type and the CSP', async () => {
    const js = await rawRequest(PORT, '/assets/index-abc123.js')
    expect(js.status).toBe(200)
    expect(js.body).toBe('console.log("widget")')
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(js.headers['x-content-type-options']).toBe('nosniff')
    expect(cspDirectives(js.headers['content-security-policy'])['frame-ancestors']).toBe("'none'")
    const css = await rawRequest(PORT, '/assets/index-abc123.css')
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
  })

  it('compresses text assets for clients that accept brotli or gzip', async () => {
    const br = await rawRequest(PORT, '/assets/big-def456.js', { headers: { 'accept-encoding': 'gzip, deflate, br' }, binary: true })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(Number(br.headers['content-length'])).toBeLessThan(BIG_JS.length / 10)
    expect(brotliDecompressSync(br.raw).toString()).toBe(BIG_JS)
    const gzip = await rawRequest(PORT, '/assets/big-def456.js', { headers: { 'accept-encoding': 'gzip' }, binary: true })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.raw).toString()).toBe(BIG_JS)
    const plain = await rawRequest(PORT, '/assets/big-def456.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(BIG_JS)
    const tiny = await rawRequest(PORT, '/assets/index-abc123.js', { headers: { 'accept-encoding': 'br' } })
    expect(tiny.headers['content-encoding']).toBeUndefined()
  })

  it('revalidates unhashed files by ETag', async () => {
    const first = await rawRequest(PORT, '/favicon.svg')
    expect(first.status).toBe(200)
    expect(first.headers['content-type']).toBe('image/svg+xml')
    expect(first.headers['cache-control']).toBe('no-cache')
    const etag = String(first.headers.etag)
    const again = await rawRequest(PORT, '/favicon.svg', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.body).toBe('')
  })

  it('serves each released SDK version for good, loadable with integrity from any dapp', async () => {
    for (const [path, body] of [
      ['/sdk@0.1.0.js', SDK],
      ['/sdk@0.0.9.js', OLD_SDK],
      ['/sdk-extra@0.1.0.js', EXTRA],
    ]) {
      const sdk = await rawRequest(PORT, path!)
      expect(sdk.status, path).toBe(200)
      expect(sdk.body).toBe(body)
      expect(sdk.headers['content-type']).toBe('text/javascript; charset=utf-8')
      expect(sdk.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      // `<script integrity crossorigin>` is a CORS fetch: without these the browser blocks it.
      expect(sdk.headers['access-control-allow-origin']).toBe('*')
      expect(sdk.headers['cross-origin-resource-policy']).toBe('cross-origin')
      expect(sdk.headers['x-content-type-options']).toBe('nosniff')
    }
    const map = await rawRequest(PORT, '/sdk@0.1.0.js.map')
    expect(map.status).toBe(200)
    expect(map.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(map.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('serves /sdk.js as the current build under a short cache', async () => {
    const sdk = await rawRequest(PORT, '/sdk.js')
    expect(sdk.status).toBe(200)
    expect(sdk.body).toBe(SDK)
    expect(sdk.headers['cache-control']).toBe('public, max-age=300')
    expect(sdk.headers['access-control-allow-origin']).toBe('*')
    expect(sdk.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const again = await rawRequest(PORT, '/sdk.js', { headers: { 'if-none-match': String(sdk.headers.etag) } })
    expect(again.status).toBe(304)
  })

  it('404 for a version that was never built, with the security headers', async () => {
    for (const path of [
      '/sdk@9.9.9.js',
      '/sdk@0.1.0.js.map.js',
      '/sdk@latest.js',
      '/sdk.js.map',
      '/sdk@0.0.9.js.map',
      '/sdk-extra@0.0.9.js',
    ]) {
      const res = await rawRequest(PORT, path)
      expect(res.status, path).toBe(404)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    }
  })

  it('404 for missing files, with the security headers and no caching', async () => {
    for (const path of ['/missing.js', '/assets/nope.js', '/assets/', '/assets', '/.env', '/sdk.js/x']) {
      const res = await rawRequest(PORT, path)
      expect(res.status, path).toBe(404)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['content-security-policy']).toBeDefined()
      expect(res.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it.each(TRAVERSAL_PATHS)('refuses path traversal: %s', async (path) => {
    const res = await rawRequest(PORT, path)
    expect([400, 404]).toContain(res.status)
    expect(res.body).not.toContain(SECRET)
  })

  it('allows only GET and HEAD', async () => {
    const res = await rawRequest(PORT, '/', { method: 'POST' })
    expect(res.status).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
  })
})

describe('boot status', () => {
  const status = (query: string, origin?: string) =>
    rawRequest(PORT, `${WIDGET_BOOT_STATUS_PATH}?${query}`, { headers: origin ? { origin } : {} })

  it('says nothing is wrong for an allowed origin, readable cross-origin and never cached', async () => {
    const res = await status('projectId=demo', DAPP2)
    expect(res.status).toBe(200)
    expect(WidgetBootStatus.parse(JSON.parse(res.body))).toEqual({})
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers.vary).toBe('Origin')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it.each([
    ['projectId=demo', 'https://evil.example', 'Invalid App Configuration'],
    // The browser's Origin decides, not a claimed one in the query.
    [`projectId=demo&origin=${encodeURIComponent(DAPP)}`, 'https://evil.example', 'Invalid App Configuration'],
    ['projectId=demo', undefined, 'Invalid App Configuration'],
    ['projectId=demo', 'null', 'Invalid App Configuration'],
    ['projectId=empty', DAPP, 'Invalid App Configuration'],
    ['projectId=nope', DAPP, 'Invalid Project ID'],
    ['', DAPP, 'Project ID Not Configured'],
  ])('%s from %s -> %s, the alert of the page the origin would get', async (query, origin, error) => {
    const res = await status(query, origin)
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toEqual({ error })
  })
})

describe('security headers', () => {
  const PERMISSIONS = [
    'accelerometer=()',
    'autoplay=()',
    'camera=()',
    'clipboard-read=()',
    'clipboard-write=(self)',
    'display-capture=()',
    'encrypted-media=()',
    'fullscreen=()',
    'geolocation=()',
    'gyroscope=()',
    'hid=()',
    'idle-detection=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    'otp-credentials=()',
    'payment=()',
    'picture-in-picture=()',
    `publickey-credentials-create=(self "${origins.secure}")`,
    `publickey-credentials-get=(self "${origins.secure}")`,
    'screen-wake-lock=()',
    'serial=()',
    'usb=()',
    'xr-spatial-tracking=()',
  ].join(', ')

  it.each([
    `/?projectId=demo&origin=${encodeURIComponent(DAPP)}`,
    '/?projectId=nope',
    '/assets/index-abc123.js',
    '/sdk@0.1.0.js',
    '/missing.js',
    `${WIDGET_BOOT_STATUS_PATH}?projectId=demo`,
  ])('%s: copying for itself, passkeys only for the secure frame, no opener, no HSTS over http', async (path) => {
    const res = await rawRequest(PORT, path)
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS)
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('sends HSTS when its public URL is https (TLS ends at a proxy in front)', async () => {
    const https = await startWidgetOrigin({
      origins: { widget: 'https://widget.example', api: 'https://api.example', secure: 'https://secure.example' },
      projects: createMemoryProjectRegistry([]),
      widgetDistDir: join(tmpdir(), 'airlock-no-widget-build'),
      hostSdkDistDir: join(tmpdir(), 'airlock-no-sdk-build'),
      relayUrl: 'wss://relay.example/',
      host: '127.0.0.1',
      port: HTTPS_PORT,
    })
    try {
      for (const path of ['/', '/sdk.js', WIDGET_BOOT_STATUS_PATH]) {
        const res = await rawRequest(HTTPS_PORT, path)
        expect(res.headers['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains')
      }
    } finally {
      await https.close()
    }
  })
})
