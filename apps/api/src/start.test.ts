import { connect, createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devConfig, type StackConfig } from './config'
import { PortInUseError } from './platform/http/server'
import { startApiStack, type ApiStack } from './start'
import { rawRequest, tempTree } from './testing/http'

// Ports of this file (20000-29999, unique per test file).
const PORTS = { dapp: 21600, widget: 21601, secure: 21602, api: 21603 }
const BUSY_PORTS = { dapp: 21610, widget: 21611, secure: 21612, api: 21613 }

let fixture: { dir: string; cleanup(): Promise<void> }

function configFor(ports: typeof PORTS): StackConfig {
  const config = devConfig({ ...ports, anvil: { 31337: 21620, 31338: 21621 } })
  return {
    ...config,
    widgetDistDir: join(fixture.dir, 'widget'),
    hostSdkDistDir: join(fixture.dir, 'sdk'),
    secureFrameDistDir: join(fixture.dir, 'secure'),
    demoDistDir: join(fixture.dir, 'demo'),
    demoExtraFiles: { '/devnet-wallet.js': join(fixture.dir, 'wallet.js') },
  }
}

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ host: '127.0.0.1', port }, () => resolve(server))
  })
}

function isFree(port: number): Promise<boolean> {
  return listenOn(port).then(
    (server) => new Promise<boolean>((resolve) => server.close(() => resolve(true))),
    () => false,
  )
}

beforeAll(async () => {
  fixture = await tempTree('stack', {
    'widget/index.html': '<html><head><meta name="airlock-config" content=""></head><body>widget</body></html>',
    'sdk/sdk.js': '/* sdk */',
    'secure/index.html': '<html><head></head><body>Airlock secure frame</body></html>',
    'secure/confirm.html': '<html><head></head><body>confirm</body></html>',
    'demo/index.html': '<html><head></head><body>demo</body></html>',
    'wallet.js': '/* wallet */',
  })
})

afterAll(() => fixture.cleanup())

describe('startApiStack', () => {
  let stack: ApiStack
  beforeAll(async () => {
    stack = await startApiStack(configFor(PORTS))
  })
  afterAll(() => stack?.close())

  it('reports the public origins and where it listens (loopback)', () => {
    expect(stack.urls).toEqual({
      dapp: 'http://dapp.localhost:21600',
      widget: 'http://widget.localhost:21601',
      secure: 'http://secure.localhost:21602',
      api: 'http://api.localhost:21603',
      demoPage: 'http://dapp.localhost:21600/',
    })
    expect(stack.listening).toEqual({
      dapp: 'http://127.0.0.1:21600',
      widget: 'http://127.0.0.1:21601',
      secure: 'http://127.0.0.1:21602',
      api: 'http://127.0.0.1:21603',
    })
  })

  it('serves all four origins, each with its CSP', async () => {
    const api = await rawRequest(PORTS.api, '/health')
    expect(JSON.parse(api.body)).toEqual({ status: 'ok' })
    expect(api.headers['content-security-policy']).toContain("default-src 'none'")

    const widget = await rawRequest(PORTS.widget, `/?projectId=demo&origin=${encodeURIComponent('http://dapp.localhost:21600')}`)
    expect(widget.body).toContain('&quot;parentOrigin&quot;:&quot;http://dapp.localhost:21600&quot;')
    expect(widget.body).toContain('&quot;apiUrl&quot;:&quot;http://api.localhost:21603&quot;')
    expect(widget.body).toContain('&quot;secureFrameUrl&quot;:&quot;http://secure.localhost:21602/frame/?projectId=demo&quot;')
    expect(widget.headers['content-security-policy']).toContain(
      'frame-ancestors http://dapp.localhost:21600 http://localhost:21600 http://127.0.0.1:21600',
    )
    expect(widget.headers['content-security-policy']).toContain('frame-src http://secure.localhost:21602;')
    expect((await rawRequest(PORTS.widget, '/sdk.js')).body).toBe('/* sdk */')

    const secure = await rawRequest(PORTS.secure, '/frame/')
    expect(secure.body).toContain('Airlock secure frame')
    expect(secure.headers['content-security-policy']).toMatch(/frame-ancestors http:\/\/widget\.localhost:21601$/)
    // CSP frame-ancestors checks every ancestor: inside the widget inside a dapp of the project.
    const inProject = await rawRequest(PORTS.secure, '/frame/?projectId=demo')
    expect(inProject.headers['content-security-policy']).toMatch(
      / frame-ancestors http:\/\/widget\.localhost:21601 http:\/\/dapp\.localhost:21600 http:\/\/localhost:21600 http:\/\/127\.0\.0\.1:21600$/,
    )
    const unknownProject = await rawRequest(PORTS.secure, '/frame/?projectId=nope')
    expect(unknownProject.headers['content-security-policy']).toMatch(/frame-ancestors http:\/\/widget\.localhost:21601$/)
    // The confirmation popup: the frame's CSP, framed by nobody (whatever project it names).
    const popup = await rawRequest(PORTS.secure, '/confirm.html?projectId=demo')
    expect(popup.body).toContain('confirm')
    expect(popup.headers['content-security-policy']).toMatch(
      /^default-src 'self'; script-src 'self';.* connect-src 'self' http:\/\/keys\.localhost:\d+ http:\/\/api\.localhost:\d+;.* frame-ancestors 'none'$/,
    )

    const demo = await rawRequest(PORTS.dapp, '/')
    expect(demo.body).toContain('demo')
    expect(demo.headers['content-security-policy']).toContain("script-src 'self' http://widget.localhost:21601;")
    expect((await rawRequest(PORTS.dapp, '/devnet-wallet.js')).body).toBe('/* wallet */')
  })

  it('reports an unreachable devnet chain through the proxy instead of crashing', async () => {
    const res = await fetch(`${stack.listening.api}/v1/rpc?chainId=eip155:31337&projectId=demo`, {
      method: 'POST',
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    })
    expect(await res.json()).toMatchObject({
      id: 1,
      error: { code: -32603, message: expect.stringMatching(/eip155:31337 is unreachable/) },
    })
  })
})

describe('startApiStack lifecycle', () => {
  it('close() frees every port and is idempotent', async () => {
    const stack = await startApiStack(configFor(BUSY_PORTS))
    for (const port of Object.values(BUSY_PORTS)) expect(await isFree(port)).toBe(false)
    const first = stack.close()
    expect(stack.close()).toBe(first)
    await first
    await stack.close()
    for (const port of Object.values(BUSY_PORTS)) expect(await isFree(port)).toBe(true)
  })

  it('close() does not wait for clients that hold a connection open', async () => {
    const stack = await startApiStack(configFor(BUSY_PORTS))
    // A request whose headers never finish: not idle, so server.close() alone would wait for it.
    const sockets = await Promise.all(
      Object.values(BUSY_PORTS).map(
        (port) =>
          new Promise<ReturnType<typeof connect>>((resolve) => {
            const socket = connect({ host: '127.0.0.1', port }, () => {
              socket.write('GET / HTTP/1.1\r\nHost: x\r\n')
              resolve(socket)
            })
            socket.on('error', () => {})
          }),
      ),
    )
    const started = Date.now()
    await stack.close()
    expect(Date.now() - started).toBeLessThan(2000)
    for (const socket of sockets) socket.destroy()
  })

  it('a port in use fails with a clear error and leaves nothing running', async () => {
    const squatter = await listenOn(BUSY_PORTS.widget)
    try {
      const attempt = startApiStack(configFor(BUSY_PORTS))
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
      await expect(attempt).rejects.toThrow('Cannot start the widget origin: port 21611 on 127.0.0.1 is already in use')
      for (const port of [BUSY_PORTS.api, BUSY_PORTS.dapp, BUSY_PORTS.secure]) expect(await isFree(port)).toBe(true)
    } finally {
      await new Promise((resolve) => squatter.close(resolve))
    }
  })

  it('refuses an invalid config before binding anything', async () => {
    const bad = { ...configFor(BUSY_PORTS), rpcUpstreams: { 'eip155:1': 'not a url' } }
    await expect(startApiStack(bad)).rejects.toThrow(/Invalid Airlock stack config[\s\S]*rpcUpstreams/)
    for (const port of Object.values(BUSY_PORTS)) expect(await isFree(port)).toBe(true)
  })
})
