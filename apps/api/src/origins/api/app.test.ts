import { describe, expect, it, vi } from 'vitest'
import { permissionsPolicy } from '../../platform/http/security-headers'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { createApiApp } from './app'

const WIDGET = 'http://widget.localhost:4401'
const SECURE = 'http://secure.localhost:4402'
const DAPP = 'http://dapp.localhost:4400'
const projects = createMemoryProjectRegistry([
  { id: 'demo', name: 'Demo', allowedOrigins: [DAPP, 'http://localhost:4400'], serverRpc: true, features: { analytics: false } },
  { id: 'other', name: 'Other', allowedOrigins: ['https://other.example'], features: { analytics: true } },
])

function makeApp() {
  const fetch = vi.fn(async () => new Response('{"jsonrpc":"2.0","id":0,"result":"0x7a69"}'))
  const app = createApiApp({
    origins: { widget: WIDGET, secure: SECURE },
    projects,
    rpcUpstreams: { 'eip155:31337': 'http://127.0.0.1:1' },
    fetch,
  })
  return { app, fetch }
}

const rpcUrl = (query = 'chainId=eip155:31337&projectId=demo') => `/v1/rpc?${query}`
const post = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body,
  headers: { 'content-type': 'application/json', ...headers },
})

describe('GET /health', () => {
  it('answers ok with the API security headers', async () => {
    const res = await makeApp().app.request('/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; object-src 'none'; frame-ancestors 'none'",
    )
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('denies every browser feature and opener, and asks for https only when served over it', async () => {
    const res = await makeApp().app.request('/health')
    expect(res.headers.get('permissions-policy')).toBe(permissionsPolicy({}))
    expect(res.headers.get('permissions-policy')).toMatch(/^accelerometer=\(\), .*camera=\(\), .*publickey-credentials-get=\(\)/)
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(res.headers.get('strict-transport-security')).toBeNull()
    const behindTls = createApiApp({ origins: { widget: WIDGET, api: 'https://api.example' }, projects, rpcUpstreams: {} })
    for (const path of ['/health', '/nope']) {
      const https = await behindTls.request(path)
      expect(https.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains')
      expect(https.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    }
  })

  it('answers 404 as JSON for unknown paths, with the same headers', async () => {
    const res = await makeApp().app.request('/nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ status: 404, error: 'Not Found', reasons: [{ description: 'Not Found' }] })
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('/v1 project and origin guard', () => {
  it.each([
    '/v1/rpc?chainId=eip155:31337',
    '/v1/rpc?chainId=eip155:31337&projectId=',
    '/v1/rpc?chainId=eip155:31337&projectId=unknown',
    '/v1/anything?projectId=__proto__',
  ])('401 for %s', async (url) => {
    const { app, fetch } = makeApp()
    const res = await app.request(url, post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'))
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ status: 401, error: 'Invalid Project ID', reasons: [{ description: 'Invalid Project ID' }] })
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each(['https://evil.example', 'null', 'https://other.example', `${DAPP}.evil.example`, 'http://dapp.localhost:4400/'])(
    '403 for browser calls from %s',
    async (origin) => {
      const { app, fetch } = makeApp()
      const res = await app.request(rpcUrl(), post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { origin }))
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({
        status: 403,
        error: 'Invalid App Configuration',
        reasons: [{ description: 'Invalid App Configuration' }],
      })
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(fetch).not.toHaveBeenCalled()
    },
  )

  it('lets the widget origin, the allowed origins and server-to-server calls through, with CORS for browsers', async () => {
    const { app } = makeApp()
    for (const origin of [WIDGET, DAPP, 'http://localhost:4400']) {
      const res = await app.request(rpcUrl(), post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { origin }))
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('vary')).toContain('Origin')
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    }
    const serverToServer = await app.request(rpcUrl(), post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'))
    expect(serverToServer.status).toBe(200)
    expect(serverToServer.headers.get('access-control-allow-origin')).toBeNull()
  })

  it("lets the secure frame's origin reach the RPC proxy (transactions, simulations), the prices and the relays, and nothing else", async () => {
    const { app, fetch } = makeApp()
    const preflight = await app.request(rpcUrl(), {
      method: 'OPTIONS',
      headers: { origin: SECURE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SECURE)
    const call = await app.request(rpcUrl(), post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { origin: SECURE }))
    expect(call.status).toBe(200)
    expect(call.headers.get('access-control-allow-origin')).toBe(SECURE)
    expect(fetch).toHaveBeenCalledTimes(1)
    const prices = await app.request('/v1/fungible/price?projectId=demo', {
      method: 'OPTIONS',
      headers: { origin: SECURE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect([prices.status, prices.headers.get('access-control-allow-origin')]).toEqual([204, SECURE])
    const relay = await app.request('/v1/relay/31337?projectId=demo', {
      method: 'OPTIONS',
      headers: { origin: SECURE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect([relay.status, relay.headers.get('access-control-allow-origin')]).toEqual([204, SECURE])
    for (const path of [
      '/v1/balance?projectId=demo',
      '/v1/rpc/other?projectId=demo',
      '/getWallets?projectId=demo',
      '/v1/relay/31337/x?projectId=demo',
      '/v1/relayx?projectId=demo',
    ]) {
      const elsewhere = await app.request(path, { headers: { origin: SECURE } })
      expect(elsewhere.status, path).toBe(403)
      expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull()
    }
  })

  it('answers the CORS preflight of an allowed origin', async () => {
    const res = await makeApp().app.request(rpcUrl(), {
      method: 'OPTIONS',
      headers: { origin: DAPP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(DAPP)
    expect(res.headers.get('access-control-allow-methods')).toContain('POST')
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type')
    expect(res.headers.get('access-control-max-age')).toBe('600')
  })

  it('refuses the preflight of a foreign origin, and of an unknown project (except from the widget)', async () => {
    const { app } = makeApp()
    const preflight = (url: string, origin: string) =>
      app.request(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } })
    const foreign = await preflight(rpcUrl(), 'https://evil.example')
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const unknownProject = await preflight(rpcUrl('chainId=eip155:31337&projectId=nope'), DAPP)
    expect(unknownProject.status).toBe(401)
    // The widget may always ask, so that it can read the 401 and show 'Invalid Project ID'.
    const fromWidget = await preflight(rpcUrl('chainId=eip155:31337&projectId=nope'), WIDGET)
    expect(fromWidget.status).toBe(204)
    const actual = await app.request(rpcUrl('chainId=eip155:31337&projectId=nope'), post('{}', { origin: WIDGET }))
    expect(actual.status).toBe(401)
    expect(actual.headers.get('access-control-allow-origin')).toBe(WIDGET)
  })

  it('rejects over-long sdk type or version as a bad project call', async () => {
    const res = await makeApp().app.request(rpcUrl(`chainId=eip155:31337&projectId=demo&st=${'x'.repeat(101)}`), post('{}'))
    expect(res.status).toBe(401)
  })
})

describe('POST /v1/rpc without an upstream (validation paths)', () => {
  it('-32700 for a body that is not JSON, without calling the upstream', async () => {
    const { app, fetch } = makeApp()
    const res = await app.request(rpcUrl(), post('{"jsonrpc":"2.0",'))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } })
    expect(body.error.message).toMatch(/not valid JSON/)
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each([
    ['a number', '42', null],
    ['a string', '"eth_chainId"', null],
    ['null', 'null', null],
    ['no jsonrpc', '{"id":1,"method":"eth_chainId"}', 1],
    ['jsonrpc 1.0', '{"jsonrpc":"1.0","id":"a","method":"eth_chainId"}', 'a'],
    ['no method', '{"jsonrpc":"2.0","id":2}', 2],
    ['a numeric method', '{"jsonrpc":"2.0","id":3,"method":5}', 3],
    ['string params', '{"jsonrpc":"2.0","id":4,"method":"eth_chainId","params":"x"}', 4],
    ['a notification (no id)', '{"jsonrpc":"2.0","method":"eth_chainId"}', null],
    ['an object id', '{"jsonrpc":"2.0","id":{},"method":"eth_chainId"}', null],
    ['an empty batch', '[]', null],
  ])('-32600 for %s', async (_, body, id) => {
    const { app, fetch } = makeApp()
    const res = await app.request(rpcUrl(), post(body))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32600 } })
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each([
    'eth_sendTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData_v4',
    'personal_sign',
    'personal_unlockAccount',
    'anvil_setBalance',
    'anvil_impersonateAccount',
    'evm_mine',
    'evm_snapshot',
    'hardhat_setBalance',
    'debug_traceTransaction',
    'admin_nodeInfo',
    'txpool_content',
    'eth_accounts',
    'wallet_switchEthereumChain',
    'constructor',
    '__proto__',
  ])('-32601 for %s, without calling the upstream', async (method) => {
    const { app, fetch } = makeApp()
    const res = await app.request(rpcUrl(), post(JSON.stringify({ jsonrpc: '2.0', id: 9, method, params: [] })))
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32601 } })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('-32002 "Unsupported chain" for a chain without an upstream, and no upstream call', async () => {
    const { app, fetch } = makeApp()
    const res = await app.request(rpcUrl('chainId=eip155:1&projectId=demo'), post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32002, message: 'Unsupported chain eip155:1' } })
    const batch = await app.request(
      rpcUrl('chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&projectId=demo'),
      post('[{"jsonrpc":"2.0","id":1,"method":"getSlot"}]'),
    )
    expect(await batch.json()).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32002, message: 'Unsupported chain solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' } },
    ])
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each([
    ['chainId=&projectId=demo', /Missing chainId/],
    ['projectId=demo', /Missing chainId/],
    ['chainId=31337&projectId=demo', /Invalid chainId/],
    ['chainId=eip155&projectId=demo', /Invalid chainId/],
    ['chainId=EIP155:1&projectId=demo', /Invalid chainId/],
    ['chainId=eip155:1:2&projectId=demo', /Invalid chainId/],
  ])('400 with a clear message for %s', async (query, message) => {
    const { app, fetch } = makeApp()
    const res = await app.request(rpcUrl(query), post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'))
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(message)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('refuses batches over 100 and bodies over 1 MiB', async () => {
    const { app, fetch } = makeApp()
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
    const big = await app.request(rpcUrl(), post(JSON.stringify(Array.from({ length: 101 }, () => call))))
    expect(big.status).toBe(413)
    expect(await big.json()).toMatchObject({ id: null, error: { code: -32005, message: expect.stringMatching(/limit of 100/) } })
    const huge = await app.request(rpcUrl(), post(JSON.stringify({ ...call, params: ['x'.repeat(1024 * 1024)] })))
    expect(huge.status).toBe(413)
    expect(await huge.json()).toMatchObject({ id: null, error: { code: -32005 } })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('405 for other methods on /v1/rpc', async () => {
    const res = await makeApp().app.request(rpcUrl(), { method: 'GET' })
    expect(res.status).toBe(405)
  })
})

describe('POST /v1/rpc upstream handling (stubbed upstream)', () => {
  function appWith(fetch: (url: string, init: RequestInit) => Promise<Response>, rpcTimeoutMs?: number) {
    return createApiApp({
      origins: { widget: WIDGET },
      projects,
      rpcUpstreams: { 'eip155:31337': 'http://upstream.invalid/rpc' },
      fetch,
      ...(rpcTimeoutMs ? { rpcTimeoutMs } : {}),
    })
  }

  it('forwards only allowed calls, with ids rewritten, and maps answers back to the caller ids in order', async () => {
    let sent: unknown
    const app = appWith(async (_url, init) => {
      sent = JSON.parse(String(init.body))
      // answers out of order, as JSON-RPC allows
      return Response.json([
        { jsonrpc: '2.0', id: 2, result: null },
        { jsonrpc: '2.0', id: 0, result: '0x7a69' },
      ])
    })
    const res = await app.request(
      rpcUrl(),
      post(
        JSON.stringify([
          { jsonrpc: '2.0', id: 'same', method: 'eth_chainId' },
          { jsonrpc: '2.0', id: 'same', method: 'eth_sendTransaction', params: [{}] },
          { jsonrpc: '2.0', id: 'same', method: 'eth_getTransactionReceipt', params: ['0x00'] },
        ]),
      ),
    )
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 0, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_getTransactionReceipt', params: ['0x00'] },
    ])
    expect(await res.json()).toEqual([
      { jsonrpc: '2.0', id: 'same', result: '0x7a69' },
      { jsonrpc: '2.0', id: 'same', error: expect.objectContaining({ code: -32601 }) },
      { jsonrpc: '2.0', id: 'same', result: null },
    ])
  })

  it('passes upstream JSON-RPC errors through, even on a non-2xx status', async () => {
    const app = appWith(async () =>
      Response.json({ jsonrpc: '2.0', id: 0, error: { code: -32005, message: 'rate limited', data: { retryAfter: 1 } } }, { status: 429 }),
    )
    const res = await app.request(rpcUrl(), post('{"jsonrpc":"2.0","id":7,"method":"eth_blockNumber"}'))
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32005, message: 'rate limited', data: { retryAfter: 1 } } })
  })

  it.each([
    ['HTML', () => new Response('<html>bad gateway</html>', { status: 502 }), /HTTP 502 without a JSON-RPC body/],
    ['a wrong shape', () => Response.json({ hello: 'world' }), /invalid JSON-RPC response/],
    ['a missing answer', () => Response.json({ jsonrpc: '2.0', id: 99, result: '0x1' }), /no response/],
  ])('-32603 when the upstream answers %s', async (_, answer, message) => {
    const app = appWith(async () => answer())
    const res = await app.request(rpcUrl(), post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: 1, error: { code: -32603, message: expect.stringMatching(message) } })
  })

  it('-32603 "timed out" when the upstream hangs past the timeout', async () => {
    const app = appWith(
      (_url, init) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        }),
      50,
    )
    const res = await app.request(rpcUrl(), post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'))
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'The RPC node for eip155:31337 timed out after 0.05 s' },
    })
  })
})
