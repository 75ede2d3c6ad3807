import { request, Agent } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { deadPort } from '../../testing/ports'
import { startNodeServer, type RunningServer } from './server'

/** A GET that resolves with the status, the Connection header and the body, or the socket error's code. */
function get(
  port: number,
  path: string,
  agent?: Agent,
): Promise<{ status: number; connection?: string; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, ...(agent ? { agent } : {}) }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ...(res.headers.connection ? { connection: res.headers.connection } : {}), body }),
      )
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    req.end()
  })
}

describe('a server that closes', () => {
  let server: RunningServer | undefined
  afterEach(() => server?.close())

  async function slowServer(): Promise<RunningServer & { port: number }> {
    const port = await deadPort()
    server = await startNodeServer({
      name: 'test',
      host: '127.0.0.1',
      port,
      handler: () => async (req, res) => {
        if (req.url === '/slow') await new Promise((resolve) => setTimeout(resolve, 400))
        res.end(req.url)
      },
    })
    return Object.assign(server, { port })
  }

  it('lets the requests in flight finish within the grace time, answering them with Connection: close, and takes no new one', async () => {
    const { port } = await slowServer()
    const agent = new Agent({ keepAlive: true })
    expect(await get(port, '/fast', agent)).toMatchObject({ status: 200, connection: 'keep-alive' })
    const inFlight = get(port, '/slow', agent)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const closed = server!.close(5000)
    expect(await get(port, '/fast')).toEqual({ error: 'ECONNREFUSED' })
    expect(await inFlight).toEqual({ status: 200, connection: 'close', body: '/slow' })
    await closed
    agent.destroy()
  })

  it('answers, with Connection: close, a request a keep-alive client sends on its idle connection as the drain begins', async () => {
    const { port } = await slowServer()
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    expect(await get(port, '/fast', agent)).toMatchObject({ status: 200, connection: 'keep-alive' })
    const closed = server!.close(5000)
    // The same socket: the agent reuses its one idle connection.
    expect(await get(port, '/again', agent)).toEqual({ status: 200, connection: 'close', body: '/again' })
    await closed
    agent.destroy()
  })

  it('drops what is still running when the grace time is over', async () => {
    const { port } = await slowServer()
    const inFlight = get(port, '/slow')
    await new Promise((resolve) => setTimeout(resolve, 100))
    await server!.close(50)
    expect(await inFlight).toEqual({ error: 'ECONNRESET' })
  })
})
