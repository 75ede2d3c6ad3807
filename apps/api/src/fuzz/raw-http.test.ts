import { createServer, type Server } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { jsonBodyLimit } from '../platform/http/json-body'
import { parseResponse, sendRaw, serialize } from './raw-http'
import { leaks } from './requests'

describe('raw HTTP requests', () => {
  it('are sent verbatim, with a Content-Length for the whole body even when cut', () => {
    const bytes = serialize(
      { method: 'POST', target: '/a/../b?%00', headers: [['Origin', 'null']], body: Buffer.from('{"a":1}'), truncateAt: 3 },
      'h:1',
    )
    expect(bytes.toString()).toBe(
      'POST /a/../b?%00 HTTP/1.1\r\nHost: h:1\r\nConnection: close\r\nOrigin: null\r\nContent-Length: 7\r\n\r\n{"a',
    )
  })

  it('parse a status and body, and nothing from a non-HTTP answer', () => {
    expect(parseResponse(Buffer.from('HTTP/1.1 404 Not Found\r\nA: b\r\n\r\n{"x":1}'))).toEqual({ status: 404, body: '{"x":1}' })
    expect(parseResponse(Buffer.from('garbage'))).toBeUndefined()
  })

  it('leaks() finds stack frames and paths, not ordinary messages', () => {
    expect(leaks('Error: x\n    at handler (/work/main/apps/api/src/x.ts:3:9)')).toBeDefined()
    expect(leaks('{"error":"see node_modules/hono"}')).toBeDefined()
    expect(leaks('{"error":"Invalid address at position 3","reasons":[]}')).toBeUndefined()
  })
})

describe('jsonBodyLimit and a chunked upload the client abandons', () => {
  let server: Server
  let port = 0
  beforeAll(async () => {
    const app = new Hono()
    app.post('/', jsonBodyLimit(1024), (c) => c.json({ ok: true }))
    app.onError((error, c) => {
      console.error('unhandled', error)
      return c.text('Internal Server Error', 500)
    })
    const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false })
    server = createServer((req, res) => void listener(req, res))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('is the client error it is, not a 500 with a logged stack', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const outcome = await sendRaw(
      port,
      { method: 'POST', target: '/', headers: [['Transfer-Encoding', 'chunked']], body: Buffer.from('5\r\n{"a":'), halfClose: true },
      5000,
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(outcome.kind).not.toBe('timeout')
    expect(logged).not.toHaveBeenCalled()
    logged.mockRestore()
  })
})
