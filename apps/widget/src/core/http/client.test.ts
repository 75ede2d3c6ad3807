import { ProviderRpcError } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from './client'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function setup(respond: (url: string, init: RequestInit) => Promise<Response>) {
  const fetch = vi.fn(respond)
  const client = createApiClient({
    apiUrl: 'http://api.localhost:4403/',
    project: () => ({ projectId: 'demo', sdkVersion: 'html-1.0.0' }),
    fetch: fetch as unknown as typeof globalThis.fetch,
    timeoutMs: 50,
  })
  return { client, fetch }
}

describe('api RPC proxy client', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('POSTs JSON-RPC 2.0 to /v1/rpc with chain, project and sdk parameters', async () => {
    const { client, fetch } = setup(async () => json({ jsonrpc: '2.0', id: 1, result: '0x10' }))
    expect(await client.rpc('eip155:31337', 'eth_blockNumber')).toBe('0x10')
    const [url, init] = fetch.mock.calls[0]!
    const parsed = new URL(url)
    expect(parsed.origin + parsed.pathname).toBe('http://api.localhost:4403/v1/rpc')
    expect(Object.fromEntries(parsed.searchParams)).toEqual({ chainId: 'eip155:31337', projectId: 'demo', st: 'appkit', sv: 'html-1.0.0' })
    expect(init.method).toBe('POST')
    expect(JSON.parse(init.body as string)).toMatchObject({ jsonrpc: '2.0', method: 'eth_blockNumber', params: [] })
  })

  it('surfaces JSON-RPC errors with their code', async () => {
    const { client } = setup(async () => json({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad params' } }))
    await expect(client.rpc('eip155:1', 'eth_call', [])).rejects.toMatchObject({ code: -32602, message: 'bad params' })
  })

  it('carries the HTTP status of a failure', async () => {
    const { client } = setup(async () => new Response('nope', { status: 502 }))
    const error = (await client.rpc('eip155:1', 'eth_call', []).catch((e: unknown) => e)) as ProviderRpcError
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error.message).toContain('502')
    expect(error.data).toEqual({ status: 502 })
  })

  it('times out', async () => {
    const { client } = setup(
      (_url, init) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    await expect(client.rpc('eip155:1', 'eth_call', [])).rejects.toMatchObject({ message: 'RPC request timed out' })
  })

  it('rejects a body without result', async () => {
    const { client } = setup(async () => json({ jsonrpc: '2.0', id: 1 }))
    await expect(client.rpc('eip155:1', 'eth_call', [])).rejects.toMatchObject({ message: 'Malformed RPC response' })
  })
})

describe('api relay client (ERC-4337 bundler and ERC-7677 paymaster, issue 27)', () => {
  it('POSTs JSON-RPC 2.0 to /v1/relay/{decimal chain id} with the project parameters', async () => {
    const { client, fetch } = setup(async () => json({ jsonrpc: '2.0', id: 1, result: null }))
    const hash = `0x${'ab'.repeat(32)}`
    expect(await client.relay(31337, 'eth_getUserOperationReceipt', [hash])).toBeNull()
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('http://api.localhost:4403/v1/relay/31337?projectId=demo&st=appkit&sv=html-1.0.0')
    expect(JSON.parse(init.body as string)).toMatchObject({ jsonrpc: '2.0', method: 'eth_getUserOperationReceipt', params: [hash] })
  })

  it("surfaces the relay's JSON-RPC errors, and its HTTP refusals as the relay's", async () => {
    const { client } = setup(async (url) =>
      url.includes('/31337?')
        ? json({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params' } })
        : json({ status: 404, error: 'No relay for chain 5' }, 404),
    )
    await expect(client.relay(31337, 'eth_getUserOperationReceipt', [])).rejects.toMatchObject({ code: -32602, message: 'Invalid params' })
    await expect(client.relay(5, 'eth_getUserOperationReceipt', [])).rejects.toMatchObject({
      code: -32002,
      message: 'Relay answered HTTP 404',
      data: { status: 404 },
    })
  })
})

describe('api REST pass-through client (a node API of paths: esplora)', () => {
  const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

  it('GETs /v1/rest/{chainId}/{path} with the project parameters and answers the text', async () => {
    const { client, fetch } = setup(async () => new Response('3', { status: 200 }))
    expect(await client.rpc.rest(REGTEST, 'blocks/tip/height')).toBe('3')
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe(`http://api.localhost:4403/v1/rest/${REGTEST}/blocks/tip/height?projectId=demo&st=appkit&sv=html-1.0.0`)
    expect(init.method).toBe('GET')
  })

  it('POSTs a body as text, and throws the node’s or the API’s words with the status', async () => {
    const { client, fetch } = setup(async (url) =>
      url.includes('/tx?')
        ? new Response('sendrawtransaction RPC error: bad-txns-inputs-missingorspent', { status: 400 })
        : json({ status: 404, error: '/mempool is not available through the Airlock esplora pass-through' }, 404),
    )
    await expect(client.rpc.rest(REGTEST, 'tx', '00')).rejects.toMatchObject({
      message: 'sendrawtransaction RPC error: bad-txns-inputs-missingorspent',
      data: { status: 400 },
    })
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '00', headers: { 'content-type': 'text/plain' } })
    await expect(client.rpc.rest(REGTEST, 'mempool')).rejects.toMatchObject({
      message: '/mempool is not available through the Airlock esplora pass-through',
      data: { status: 404 },
    })
  })
})
