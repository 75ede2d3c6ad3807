import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { MAX_REQUEST_BYTES, solanaDevnetSigner, startSolanaDevnet, transferSol, type SolanaDevnet } from './index'

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
})
afterAll(() => devnet.stop())

async function post(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(devnet.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
  return {
    status: response.status,
    body: (await response.json()) as { error?: { code: number; message: string }; result?: unknown } & unknown[],
  }
}
const call = (method: string, params?: unknown) =>
  post(JSON.stringify({ jsonrpc: '2.0', id: 7, method, ...(params === undefined ? {} : { params }) }))

describe('the Solana devnet refuses bad input with JSON-RPC errors and keeps serving', () => {
  it('answers malformed JSON, unknown methods and prototype names as a node does', async () => {
    expect((await post('{"jsonrpc":"2.0","id":1,"method":')).body.error).toMatchObject({ code: -32700 })
    expect((await call('getBlockProduction')).body.error).toMatchObject({ code: -32601 })
    for (const method of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect((await call(method)).body.error?.code).toBe(-32601)
    expect((await post(JSON.stringify({ id: 1, method: 'getHealth' }))).body.error?.code).toBe(-32600)
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: {}, method: 'getHealth' }))).body.error?.code).toBe(-32600)
    expect((await post('[]')).body.error?.code).toBe(-32600)
    expect((await post('"getHealth"')).body.error?.code).toBe(-32600)
    expect((await call('getBalance', { pubkey: devnet.accounts[0]!.address })).body.error?.code).toBe(-32602)
  })

  it('checks every parameter: addresses, signatures, encodings, limits', async () => {
    const bad = await call('getBalance', ['not-an-address'])
    expect(bad.body.error).toMatchObject({ code: -32602 })
    expect(bad.body.error?.message).toMatch(/base58 32-byte public key/)
    expect((await call('getBalance', [])).body.error?.code).toBe(-32602)
    expect((await call('getTransaction', ['abc'])).body.error?.code).toBe(-32602)
    expect((await call('getSignaturesForAddress', [devnet.accounts[0]!.address, { limit: 5000 }])).body.error?.code).toBe(-32602)
    expect((await call('getAccountInfo', [devnet.usdcMint, { encoding: 'yaml' }])).body.error?.code).toBe(-32602)
    expect((await call('getMultipleAccounts', [Array(101).fill(devnet.accounts[0]!.address)])).body.error?.code).toBe(-32602)
    expect(
      (await call('getTokenAccountsByOwner', [devnet.accounts[0]!.address, { programId: devnet.accounts[1]!.address }])).body.error
        ?.message,
    ).toMatch(/unrecognized Token program id/)
    expect((await call('getTokenAccountBalance', [devnet.accounts[0]!.address])).body.error?.message).toMatch(/not a Token account/)
    // A token account is 165 bytes: more than base58 may carry.
    const [{ pubkey }] = (
      (await call('getTokenAccountsByOwner', [devnet.accounts[0]!.address, { mint: devnet.usdcMint }, { encoding: 'base64' }])).body
        .result as {
        value: { pubkey: string }[]
      }
    ).value as [{ pubkey: string }]
    expect((await call('getAccountInfo', [pubkey, { encoding: 'base58' }])).body.error?.message).toMatch(/less than 128 bytes/)
  })

  it('refuses undecodable, oversized and garbage transactions without crashing', async () => {
    for (const [text, encoding] of [
      ['AAAA', 'base64'],
      ['not base64!', 'base64'],
      ['0OIl', 'base58'],
      ['A'.repeat(2000), 'base64'],
      [Buffer.from(new Uint8Array(300).fill(7)).toString('base64'), 'base64'],
    ] as const) {
      const { body } = await call('sendTransaction', [text, { encoding }])
      expect(body.error?.code).toBe(-32602)
    }
    expect(
      (await call('simulateTransaction', ['AQ==', { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true }])).body.error?.code,
    ).toBe(-32602)
    expect((await call('getFeeForMessage', ['////'])).body.error?.code).toBe(-32602)
  })

  it('refuses bodies over the limit with 413, answers batches in order, and still works afterwards', async () => {
    const huge = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: ['x'.repeat(MAX_REQUEST_BYTES)] }))
    expect(huge.status).toBe(413)
    expect(huge.body.error?.code).toBe(-32600)
    const batch = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
        { jsonrpc: '2.0', id: 3, method: 'getGenesisHash' },
      ]),
    )
    expect(batch.body.map((item) => (item as { id: number }).id)).toEqual([1, 2, 3])
    expect(batch.body[1]).toMatchObject({ error: { code: -32601 } })
    expect(batch.body[2]).toMatchObject({ result: devnet.genesisHash })
    const tooMany = Array.from({ length: 101 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'getHealth' }))
    expect((await post(JSON.stringify(tooMany))).body.error?.code).toBe(-32600)
    expect((await fetch(devnet.url)).status).toBe(405)
    expect(await (await fetch(`${devnet.url}/health`)).text()).toBe('ok')
    const preflight = await fetch(devnet.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://widget.localhost:4401', 'access-control-request-method': 'POST' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect((await call('getHealth')).body.result).toBe('ok')
  })

  it('WebSocket: notifies a signature that already landed at once, ignores pings and refuses junk', async () => {
    const signature = await transferSol(devnet, await solanaDevnetSigner(2), devnet.accounts[3]!.address, 1_000_000_000n)
    const socket = new WebSocket(devnet.wsUrl)
    const messages: Record<string, unknown>[] = []
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>))
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send('{oops')
    socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping' }))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'signatureSubscribe', params: ['bad'] }))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'programSubscribe', params: [] }))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'signatureSubscribe', params: [signature, { commitment: 'confirmed' }] }))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'slotUnsubscribe', params: [123456] }))
    await expect.poll(() => messages.length).toBe(6)
    socket.close()
    expect(messages[0]).toMatchObject({ error: { code: -32700 } })
    expect(messages[1]).toMatchObject({ id: 1, error: { code: -32602 } })
    expect(messages[2]).toMatchObject({ id: 2, error: { code: -32601 } })
    const subscription = (messages[3] as { id: number; result: number }).result
    expect(messages[3]).toMatchObject({ id: 3 })
    expect(messages[4]).toMatchObject({ method: 'signatureNotification', params: { subscription, result: { value: { err: null } } } })
    expect(messages[5]).toMatchObject({ id: 4, error: { code: -32602 } })
  })
})
