import { ENTRY_POINT_08 } from '@airlock/chains/eip155'
import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { deadPort } from '../testing/ports'
import { parseServiceEnv } from './env'
import { useJsonConsole } from '../platform/process/json-console'
import { runService, type RunningService } from './run'

const DAPP = 'http://dapp.localhost:4400'

/** A JSON-RPC upstream that answers eth_chainId after `delayMs`. */
async function slowUpstream(delayMs: number): Promise<{ url: string; server: Server }> {
  const port = await deadPort()
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () =>
      setTimeout(() => {
        const { id } = JSON.parse(body) as { id: number }
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x7a69' }))
      }, delayMs),
    )
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}`, server }
}

describe('an api process', () => {
  let running: RunningService | undefined
  let upstream: Server | undefined
  afterEach(async () => {
    await running?.stop()
    upstream?.close()
  })

  it('reports ready, measures its routes, and on stop turns unready and finishes the request in flight', async () => {
    const slow = await slowUpstream(500)
    upstream = slow.server
    const [port, adminPort] = [await deadPort(), await deadPort()]
    running = await runService(
      parseServiceEnv({
        AIRLOCK_SERVICE: 'api',
        AIRLOCK_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        AIRLOCK_ADMIN_PORT: String(adminPort),
        AIRLOCK_DRAIN_MS: '5000',
        AIRLOCK_API_ORIGIN: `http://api.localhost:${port}`,
        AIRLOCK_WIDGET_ORIGIN: 'http://widget.localhost:4401',
        AIRLOCK_SECURE_ORIGIN: 'http://secure.localhost:4402',
        AIRLOCK_PROJECTS: JSON.stringify([{ id: 'demo', name: 'Demo', allowedOrigins: [DAPP], features: { analytics: false } }]),
        AIRLOCK_RPC_UPSTREAMS: `eip155:31337=${slow.url}`,
      }),
    )
    const admin = `http://127.0.0.1:${adminPort}`
    expect(await (await fetch(`${admin}/ready`)).json()).toEqual({ status: 'ready' })

    const call = fetch(`http://127.0.0.1:${port}/v1/rpc?projectId=demo&chainId=eip155:31337`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: DAPP },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] }),
    })
    await new Promise((resolve) => setTimeout(resolve, 150))
    const stopped = running.stop()
    const ready = await fetch(`${admin}/ready`)
    expect(ready.status).toBe(503)
    const answer = await call
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' })
    await stopped
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow()
  })

  it('exposes its metrics on the admin port only', async () => {
    const [port, adminPort] = [await deadPort(), await deadPort()]
    running = await runService(
      parseServiceEnv({
        AIRLOCK_SERVICE: 'demo',
        AIRLOCK_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        AIRLOCK_ADMIN_PORT: String(adminPort),
        AIRLOCK_DAPP_ORIGIN: DAPP,
        AIRLOCK_WIDGET_ORIGIN: 'http://widget.localhost:4401',
      }),
    )
    expect((await fetch(`http://127.0.0.1:${adminPort}/health`)).status).toBe(200)
    expect(await (await fetch(`http://127.0.0.1:${adminPort}/metrics`)).text()).toContain('# TYPE airlock_http_requests_total counter')
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404)
  })
})

describe('a secure process', () => {
  let running: RunningService | undefined
  afterEach(() => running?.stop())

  it("names in its /frame-config the smart-account networks of its own variables, and nothing of the api's relay", async () => {
    // Ports of this test's range (19800-19819).
    const [port, adminPort] = [19800, 19801]
    const delegator = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'
    running = await runService(
      parseServiceEnv({
        AIRLOCK_SERVICE: 'secure',
        AIRLOCK_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        AIRLOCK_ADMIN_PORT: String(adminPort),
        AIRLOCK_API_ORIGIN: 'http://api.localhost:4403',
        AIRLOCK_WIDGET_ORIGIN: 'http://widget.localhost:4401',
        AIRLOCK_SECURE_ORIGIN: `http://secure.localhost:${port}`,
        AIRLOCK_KEY_SERVICE_ORIGIN: 'http://keys.localhost:4405',
        AIRLOCK_PROJECTS: JSON.stringify([{ id: 'demo', name: 'Demo', allowedOrigins: [DAPP], features: { analytics: false } }]),
        AIRLOCK_SMART_ACCOUNT_DELEGATOR: delegator.toLowerCase(),
        AIRLOCK_SMART_ACCOUNT_CHAINS: '8453,10',
        // The api's: a secure process started with them reads none.
        AIRLOCK_SMART_ACCOUNT_RELAYER_KEY: `0x${'1'.repeat(64)}`,
        AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS: '8453=https://bundler.example/rpc?apikey=k1',
      }),
    )
    // The frame page asks its own origin.
    const answer = await fetch(`http://127.0.0.1:${port}/api/frame-config`, { headers: { Origin: `http://secure.localhost:${port}` } })
    expect(answer.status).toBe(200)
    const text = await answer.text()
    expect(JSON.parse(text)).toMatchObject({
      smartAccounts: [
        { chainId: 10, delegator, entryPoint: ENTRY_POINT_08 },
        { chainId: 8453, delegator, entryPoint: ENTRY_POINT_08 },
      ],
    })
    expect(text).not.toContain('apikey')
  })
})

describe('JSON logs', () => {
  it('writes one JSON object per console line, keeping a structured line its fields', () => {
    const lines: string[] = []
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error, debug: console.debug }
    try {
      useJsonConsole('api', (line) => lines.push(line))
      console.warn('[indexer] %s down', 'eip155:1')
      console.log(JSON.stringify({ method: 'GET', path: '/v1/x', status: 200 }))
      console.error('failed:', new Error('boom'))
    } finally {
      Object.assign(console, saved)
    }
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(parsed[0]).toMatchObject({ level: 'warn', service: 'api', msg: '[indexer] eip155:1 down' })
    expect(parsed[1]).toMatchObject({ level: 'info', service: 'api', method: 'GET', path: '/v1/x', status: 200 })
    expect(parsed[2]).toMatchObject({ level: 'error', msg: expect.stringContaining('failed: Error: boom') })
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true)
  })
})
