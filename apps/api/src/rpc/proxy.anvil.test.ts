import { type AnvilNode, devnetAccounts, startAnvil } from '@airlock/devnet'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiApp, type ApiApp } from '../api/app'
import { startApiServer } from '../api/server'
import type { RunningServer } from '../http/server'
import { createMemoryProjectRegistry } from '../projects/registry'
import { deadPort } from '../testing/ports'
import { JsonRpcReply } from './schema'

// Ports of this file (20000-29999, unique per test file).
const ANVIL_PORT = 21745
const API_PORT = 21746

const DAPP = 'http://dapp.localhost:4400'
const [alice, bob] = devnetAccounts as [(typeof devnetAccounts)[number], (typeof devnetAccounts)[number]]
const TEN_THOUSAND_ETH = `0x${(10_000n * 10n ** 18n).toString(16)}`

let anvil: AnvilNode
let app: ApiApp
let api: RunningServer

/** Straight to anvil, bypassing the proxy: the ground truth. */
async function anvilCall(method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

interface Reply {
  jsonrpc: '2.0'
  id: unknown
  result?: string & Record<string, unknown>
  error?: { code: number; message: string }
}

/** Through the proxy (the Hono app; its upstream calls are real). A batch answers Reply[]. */
async function proxy<T extends Reply | Reply[] = Reply>(body: unknown, chainId = 'eip155:31337'): Promise<T> {
  const res = await app.request(`/v1/rpc?chainId=${chainId}&projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  const reply = (await res.json()) as T
  // The documented schema (openapi.ts) describes the real response, with no field left out.
  expect(JsonRpcReply.parse(reply)).toEqual(reply)
  return reply
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: ANVIL_PORT })
  const down = await deadPort()
  app = createApiApp({
    origins: { widget: 'http://widget.localhost:4401' },
    projects: createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [DAPP], features: { analytics: false } }]),
    rpcUpstreams: { 'eip155:31337': anvil.rpcUrl, 'eip155:31338': `http://127.0.0.1:${down}` },
  })
  api = await startApiServer(app, '127.0.0.1', API_PORT)
}, 30_000)

afterAll(async () => {
  await api?.close()
  await anvil?.stop()
})

describe('chain RPC proxy against anvil', () => {
  it('eth_chainId', async () => {
    expect(await proxy({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
  })

  it('eth_getBalance', async () => {
    const res = await proxy({ jsonrpc: '2.0', id: 'bal', method: 'eth_getBalance', params: [bob.address, 'latest'] })
    expect(res).toEqual({ jsonrpc: '2.0', id: 'bal', result: await anvilCall('eth_getBalance', [bob.address, 'latest']) })
    expect(BigInt(res.result ?? 0)).toBeGreaterThan(0n)
  })

  it('a batch, answered in request order with the caller ids, mixing allowed and refused calls', async () => {
    const res = await proxy<Reply[]>([
      { jsonrpc: '2.0', id: 10, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 11, method: 'anvil_mine' },
      { jsonrpc: '2.0', id: 12, method: 'eth_getBalance', params: [devnetAccounts[5]!.address, 'latest'] },
      { jsonrpc: '2.0', id: 13, method: 'net_version' },
      { nonsense: true },
      { jsonrpc: '2.0', id: 14, method: 'eth_getBalance', params: ['not-an-address', 'latest'] },
    ])
    expect(res).toHaveLength(6)
    expect(res[0]).toEqual({ jsonrpc: '2.0', id: 10, result: '0x7a69' })
    expect(res[1]).toMatchObject({ id: 11, error: { code: -32601 } })
    expect(res[2]).toEqual({ jsonrpc: '2.0', id: 12, result: TEN_THOUSAND_ETH })
    expect(res[3]).toEqual({ jsonrpc: '2.0', id: 13, result: '31337' })
    expect(res[4]).toMatchObject({ id: null, error: { code: -32600 } })
    // anvil's own error for bad params comes back as is, under the caller's id
    expect(res[5]).toMatchObject({ id: 14, error: { code: expect.any(Number), message: expect.any(String) } })
  })

  it('a large batch (1000) goes through', async () => {
    const batch = Array.from({ length: 1000 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))
    const res = await proxy<Reply[]>(batch)
    expect(res).toHaveLength(1000)
    expect(res.every((r, i) => r.id === i && r.result === '0x7a69')).toBe(true)
  })

  it('never lets eth_sendTransaction or anvil_setBalance reach the unlocked node', async () => {
    const before = await anvilCall('eth_getBalance', [bob.address, 'latest'])
    const blockBefore = await anvilCall('eth_blockNumber')
    const send = await proxy({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendTransaction',
      params: [{ from: alice.address, to: bob.address, value: '0xde0b6b3a7640000' }],
    })
    expect(send).toMatchObject({ id: 1, error: { code: -32601 } })
    const setBalance = await proxy({ jsonrpc: '2.0', id: 2, method: 'anvil_setBalance', params: [bob.address, '0x0'] })
    expect(setBalance).toMatchObject({ id: 2, error: { code: -32601 } })
    const batch = await proxy<Reply[]>([
      { jsonrpc: '2.0', id: 3, method: 'evm_mine' },
      { jsonrpc: '2.0', id: 4, method: 'anvil_setBalance', params: [bob.address, '0x1'] },
      { jsonrpc: '2.0', id: 5, method: 'eth_sign', params: [alice.address, '0xdeadbeef'] },
    ])
    expect(batch.map((r) => r.error?.code)).toEqual([-32601, -32601, -32601])
    expect(await anvilCall('eth_getBalance', [bob.address, 'latest'])).toBe(before)
    expect(await anvilCall('eth_blockNumber')).toBe(blockBefore)
  })

  it('forwards eth_sendRawTransaction (a transaction the user already signed)', async () => {
    const carol = devnetAccounts[2]!.address
    const before = BigInt((await anvilCall('eth_getBalance', [carol, 'latest'])) as string)
    // Signed by anvil's unlocked key directly, standing in for the user's wallet.
    const raw = await anvilCall('eth_signTransaction', [
      {
        from: alice.address,
        to: carol,
        value: '0x1',
        gas: '0x5208',
        maxFeePerGas: '0x77359400',
        maxPriorityFeePerGas: '0x1',
        chainId: '0x7a69',
      },
    ])
    const sent = await proxy({ jsonrpc: '2.0', id: 'raw', method: 'eth_sendRawTransaction', params: [raw] })
    expect(sent).toMatchObject({ id: 'raw', result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    // anvil answers the hash a few ms before the mined block is queryable: poll the receipt.
    await vi.waitFor(
      async () => {
        const receipt = await proxy({ jsonrpc: '2.0', id: 'r', method: 'eth_getTransactionReceipt', params: [sent.result] })
        expect(receipt.result).toMatchObject({ status: '0x1', transactionHash: sent.result })
      },
      { timeout: 2000, interval: 10 },
    )
    expect(BigInt((await anvilCall('eth_getBalance', [carol, 'latest'])) as string)).toBe(before + 1n)
  })

  it('a chain whose node is down: -32603 with a clear message, for every forwarded call', async () => {
    const single = await proxy({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'eip155:31338')
    expect(single).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'The RPC node for eip155:31338 is unreachable (ECONNREFUSED)' },
    })
    const batch = await proxy<Reply[]>(
      [
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 2, method: 'eth_sendTransaction' },
      ],
      'eip155:31338',
    )
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: expect.stringMatching(/eip155:31338 is unreachable/) } },
      { jsonrpc: '2.0', id: 2, error: expect.objectContaining({ code: -32601 }) },
    ])
  })

  it('works over real HTTP from an allowed browser origin', async () => {
    const res = await fetch(`${api.url}/v1/rpc?chainId=eip155:31337&projectId=demo&st=appkit&sv=2.16.7`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: DAPP },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(DAPP)
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(await res.json()).toMatchObject({ id: 1, result: expect.stringMatching(/^0x/) })
    const health = await fetch(`${api.url}/health`)
    expect(await health.json()).toEqual({ status: 'ok' })
  })
})
