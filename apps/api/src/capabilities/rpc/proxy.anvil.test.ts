import { type AnvilNode, devnetAccounts, startAnvil } from '@airlock/devnet'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiApp, type ApiApp, type ApiAppOptions } from '../../origins/api/app'
import { startApiServer } from '../../origins/api/server'
import { MAX_SIMULATED_CALLS } from './simulate-size'
import type { RunningServer } from '../../platform/http/server'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { deadPort } from '../../testing/ports'
import { DEFAULT_RPC_LIMITS } from './limits'
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

/** Through the proxy (the Hono app; its upstream calls are real), from the dapp's page. A batch answers Reply[]. */
async function proxy<T extends Reply | Reply[] = Reply>(body: unknown, chainId = 'eip155:31337'): Promise<T> {
  const res = await app.request(`/v1/rpc?chainId=${chainId}&projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: DAPP },
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

  it('eth_simulateV1 (the secure frame previews a transaction with it): one block of a few calls goes through, more is refused unasked', async () => {
    const call = { from: alice.address, to: bob.address, value: '0xde0b6b3a7640000' }
    const one = await proxy({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_simulateV1',
      params: [{ blockStateCalls: [{ calls: [call] }], traceTransfers: true }, 'latest'],
    })
    expect((one.result as unknown as { calls: unknown[] }[])[0]!.calls[0]).toMatchObject({
      status: '0x1',
      logs: [expect.objectContaining({ address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' })],
    })
    const blockBefore = await anvilCall('eth_blockNumber')
    const tooMany = await proxy({
      jsonrpc: '2.0',
      id: 2,
      method: 'eth_simulateV1',
      params: [{ blockStateCalls: [{ calls: Array.from({ length: MAX_SIMULATED_CALLS + 1 }, () => call) }] }, 'latest'],
    })
    expect(tooMany).toMatchObject({
      id: 2,
      error: { code: -32005, message: expect.stringContaining(`one block of at most ${MAX_SIMULATED_CALLS} calls`) },
    })
    const twoBlocks = await proxy({
      jsonrpc: '2.0',
      id: 3,
      method: 'eth_simulateV1',
      params: [{ blockStateCalls: [{ calls: [call] }, { calls: [call] }] }, 'latest'],
    })
    expect(twoBlocks).toMatchObject({ id: 3, error: { code: -32005 } })
    expect(await proxy({ jsonrpc: '2.0', id: 4, method: 'eth_simulateV1', params: ['nonsense'] })).toMatchObject({
      id: 4,
      error: { code: -32602 },
    })
    // A simulation changes nothing on the chain.
    expect(await anvilCall('eth_blockNumber')).toBe(blockBefore)
  })

  it('a full batch (100) goes through', async () => {
    const batch = Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))
    const res = await proxy<Reply[]>(batch)
    expect(res).toHaveLength(100)
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

describe('chain RPC proxy limits against anvil', () => {
  const SERVER_PROJECT = { id: 'backend', name: 'Backend', allowedOrigins: [], serverRpc: true, features: { analytics: false } }
  const chainIdCall = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })
  const batchOf = (n: number) => Array.from({ length: n }, (_, i) => chainIdCall(i))
  const hex = (n: bigint | number) => `0x${n.toString(16)}`

  function appWith(options: Partial<ApiAppOptions> = {}): ApiApp {
    return createApiApp({
      origins: { widget: 'http://widget.localhost:4401' },
      projects: createMemoryProjectRegistry([
        { id: 'demo', name: 'Demo', allowedOrigins: [DAPP], features: { analytics: false } },
        { id: 'other', name: 'Other', allowedOrigins: [DAPP], features: { analytics: false } },
        SERVER_PROJECT,
      ]),
      rpcUpstreams: { 'eip155:31337': anvil.rpcUrl },
      ...options,
    })
  }

  /** One POST from `client` (its socket address), from the dapp's page unless `origin` is null. */
  function send(target: ApiApp, body: unknown, options: { client?: string; projectId?: string; origin?: string | null } = {}) {
    const origin = options.origin === undefined ? DAPP : options.origin
    return target.request(
      `/v1/rpc?chainId=eip155:31337&projectId=${options.projectId ?? 'demo'}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin === null ? {} : { origin }) },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: options.client ?? '203.0.113.1' } } },
    )
  }

  // Contract creation code that emits `count` LOG1s of `size` zero bytes, then stops.
  const loggerCode = (count: number, size: number) =>
    `0x61${count.toString(16).padStart(4, '0')}5b60aa61${size.toString(16).padStart(4, '0')}6000a16001900380600357` + '00'

  interface Deployed {
    blockNumber: string
    blockHash: string
    contractAddress: string
  }

  async function deployLogger(count: number, size: number): Promise<Deployed> {
    const hash = await anvilCall('eth_sendTransaction', [{ from: alice.address, data: loggerCode(count, size) }])
    return vi.waitFor(
      async () => {
        const receipt = (await anvilCall('eth_getTransactionReceipt', [hash])) as Deployed & { status: string }
        expect(receipt.status).toBe('0x1')
        return receipt
      },
      { timeout: 10_000, interval: 20 },
    )
  }

  let head: bigint
  let big: Deployed
  let small: Deployed

  beforeAll(async () => {
    // 300 blocks: over the 100-block range the tags test allows (mining 10,000 takes anvil ~20 s).
    await anvilCall('anvil_mine', ['0x12c'])
    // ~2.6 KB per log in JSON: one block whose logs answer more than the 5 MiB limit.
    big = await deployLogger(2500, 1024)
    small = await deployLogger(3, 32)
    head = BigInt((await anvilCall('eth_blockNumber')) as string)
  }, 60_000)

  it('refuses a batch of 1000 calls whole (413, -32005), without asking the node, at the cost of one call', async () => {
    const limited = appWith({ rateLimit: { capacity: 150, refillPerSecond: 1 } })
    const refused = await send(limited, batchOf(1000))
    expect(refused.status).toBe(413)
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32005, message: 'Batch of 1000 calls exceeds the limit of 100 per request: split it' },
    })
    // The refusal took one token of 150: a full batch still fits.
    expect((await send(limited, batchOf(100))).status).toBe(200)
  })

  it('charges each call of a batch to the client: 100 + 100 calls do not fit a bucket of 150', async () => {
    const limited = appWith({ rateLimit: { capacity: 150, refillPerSecond: 1 } })
    const first = await send(limited, batchOf(100))
    expect(first.status).toBe(200)
    expect(await first.json()).toHaveLength(100)
    const second = await send(limited, batchOf(100))
    expect(second.status).toBe(429)
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(50)
    expect((await second.json()).error).toMatch(/^Too many requests: try again in \d+ s$/)
    // What is left (~50 tokens) still serves single calls, and another client has its own bucket.
    expect(await (await send(limited, chainIdCall(1))).json()).toMatchObject({ result: '0x7a69' })
    expect((await send(limited, batchOf(100), { client: '203.0.113.2' })).status).toBe(200)
  })

  const over = (span: bigint, limit: number) =>
    `eth_getLogs over ${span} blocks exceeds the limit of ${limit} blocks per call: narrow fromBlock..toBlock or query by blockHash`

  it('refuses eth_getLogs over 10,000 blocks, naming the limit, and answers the rest of the batch', async () => {
    const fitsFilter = { fromBlock: '0x1', toBlock: hex(10_000), address: small.contractAddress }
    const res = await send(appWith(), [
      { jsonrpc: '2.0', id: 'wide', method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: hex(10_000) }] },
      { jsonrpc: '2.0', id: 'decimal', method: 'eth_getLogs', params: [{ fromBlock: 0, toBlock: 'latest' }] },
      { jsonrpc: '2.0', id: 'fits', method: 'eth_getLogs', params: [fitsFilter] },
      chainIdCall(5),
    ])
    expect(res.status).toBe(200)
    const [wide, decimal, fits, chain] = (await res.json()) as Reply[]
    expect(wide).toEqual({ jsonrpc: '2.0', id: 'wide', error: { code: -32005, message: over(10_001n, 10_000) } })
    expect(decimal).toMatchObject({ id: 'decimal', error: { code: -32602, message: expect.stringMatching(/hex block numbers or tags/) } })
    // Within the range, even past the head: the node answers as it would directly.
    expect(fits).toEqual({ jsonrpc: '2.0', id: 'fits', result: await anvilCall('eth_getLogs', [fitsFilter]) })
    expect(fits?.result).toHaveLength(3)
    expect(chain).toEqual({ jsonrpc: '2.0', id: 5, result: '0x7a69' })
  })

  it('resolves tags (earliest, latest, a missing bound) with the node before measuring the range', async () => {
    const narrow = appWith({ rpcLimits: { ...DEFAULT_RPC_LIMITS, maxLogBlockRange: 100 } })
    // The small logger's logs only: the big one's would pass the answer size limit.
    const last100Filter = { fromBlock: hex(head - 99n), toBlock: 'latest', address: small.contractAddress }
    const res = await send(narrow, [
      { jsonrpc: '2.0', id: 'all', method: 'eth_getLogs', params: [{ fromBlock: 'earliest', toBlock: 'latest' }] },
      { jsonrpc: '2.0', id: 'open', method: 'eth_getLogs', params: [{ fromBlock: '0x0' }] },
      { jsonrpc: '2.0', id: 'last101', method: 'eth_getLogs', params: [{ fromBlock: hex(head - 100n), toBlock: 'latest' }] },
      { jsonrpc: '2.0', id: 'last100', method: 'eth_getLogs', params: [last100Filter] },
      { jsonrpc: '2.0', id: 'head', method: 'eth_getLogs', params: [{}] },
    ])
    const [all, open, last101, last100, latest] = (await res.json()) as Reply[]
    expect(all).toEqual({ jsonrpc: '2.0', id: 'all', error: { code: -32005, message: over(head + 1n, 100) } })
    expect(open).toEqual({ jsonrpc: '2.0', id: 'open', error: { code: -32005, message: over(head + 1n, 100) } })
    expect(last101).toEqual({ jsonrpc: '2.0', id: 'last101', error: { code: -32005, message: over(101n, 100) } })
    expect(last100).toMatchObject({ id: 'last100', result: await anvilCall('eth_getLogs', [last100Filter]) })
    expect(last100?.result).toHaveLength(3)
    expect(latest).toMatchObject({ id: 'head', result: expect.any(Array) })
  })

  it('answers eth_getLogs within the range, as the node does', async () => {
    const filter = { fromBlock: small.blockNumber, toBlock: 'latest', topics: [`0x${'0'.repeat(62)}aa`] }
    const logs = (await (await send(appWith(), { jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [filter] })).json()) as {
      result: { blockNumber: string }[]
    }
    expect(logs.result).toHaveLength(3)
    expect(logs.result.every((log) => log.blockNumber === small.blockNumber)).toBe(true)
    expect(logs.result).toEqual(await anvilCall('eth_getLogs', [filter]))
    const byHash = { jsonrpc: '2.0', id: 2, method: 'eth_getLogs', params: [{ blockHash: small.blockHash }] }
    expect(await (await send(appWith(), byHash)).json()).toMatchObject({ id: 2, result: logs.result })
  })

  it('drops an upstream answer over 5 MiB with a clear error instead of passing it on', async () => {
    const filter = { blockHash: big.blockHash }
    // The ground truth: the node's own answer is over the limit.
    const direct = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [filter] }),
    })
    expect((await direct.arrayBuffer()).byteLength).toBeGreaterThan(DEFAULT_RPC_LIMITS.maxResponseBytes)

    const res = await send(appWith(), [
      { jsonrpc: '2.0', id: 'big', method: 'eth_getLogs', params: [filter] },
      { jsonrpc: '2.0', id: 'sent', method: 'eth_sendRawTransaction', params: ['0x00'] },
      { jsonrpc: '2.0', id: 'refused', method: 'anvil_mine' },
    ])
    expect(res.status).toBe(200)
    const [answer, sent, refused] = (await res.json()) as Reply[]
    const error = {
      code: -32005,
      message:
        'The RPC node for eip155:31337 answered more than the limit of 5 MiB: ask for less per request (a narrower eth_getLogs range, a shorter batch)',
    }
    // One upstream answer for the batch: every forwarded call of it gets the error.
    expect(answer).toEqual({ jsonrpc: '2.0', id: 'big', error })
    expect(sent).toEqual({ jsonrpc: '2.0', id: 'sent', error })
    expect(refused).toMatchObject({ id: 'refused', error: { code: -32601 } })
    expect(JSON.stringify([answer, sent, refused]).length).toBeLessThan(1000)
  })

  it('refuses a call without Origin unless the project allows server use, before anything reaches the node', async () => {
    const target = appWith()
    const nonce = await anvilCall('eth_getTransactionCount', [alice.address, 'latest'])
    const raw = await anvilCall('eth_signTransaction', [
      {
        from: alice.address,
        to: bob.address,
        value: '0x1',
        gas: '0x5208',
        maxFeePerGas: '0x77359400',
        maxPriorityFeePerGas: '0x1',
        chainId: '0x7a69',
      },
    ])
    const refused = await send(target, { jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] }, { origin: null })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: 4100,
        message:
          'Project demo does not allow RPC calls without an Origin header (from a server or script): call from one of its allowed origins, or enable serverRpc for the project',
      },
    })
    expect(await anvilCall('eth_getTransactionCount', [alice.address, 'latest'])).toBe(nonce)
    // An unknown project is refused by the guard, with or without Origin.
    expect((await send(target, chainIdCall(1), { origin: null, projectId: 'nope' })).status).toBe(401)
    // A project that allows server use is served without Origin.
    const server = await send(target, chainIdCall(2), { origin: null, projectId: SERVER_PROJECT.id })
    expect(await server.json()).toEqual({ jsonrpc: '2.0', id: 2, result: '0x7a69' })
  })

  it('refuses a plain server-side fetch (no Origin) over real HTTP for a browser-only project', async () => {
    const res = await fetch(`${api.url}/v1/rpc?chainId=eip155:31337&projectId=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(chainIdCall(1)),
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ id: null, error: { code: 4100, message: expect.stringMatching(/without an Origin header/) } })
  })

  it('counts calls per project whatever the client: past the quota, 429 with Retry-After for every client of the project', async () => {
    // Each client may take the whole quota here: this is the project's count alone.
    const target = appWith({ rpcLimits: { ...DEFAULT_RPC_LIMITS, projectQuota: { calls: 150, windowSeconds: 3600 }, clientQuotaShare: 1 } })
    expect((await send(target, batchOf(100), { client: '203.0.113.10' })).status).toBe(200)
    // A second client, with a full bucket of its own, meets the project's quota.
    const over = await send(target, batchOf(100), { client: '203.0.113.11' })
    expect(over.status).toBe(429)
    const retryAfter = Number(over.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(await over.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32005, message: `Project demo has used its quota of 150 RPC calls per 3600 s: try again in ${retryAfter} s` },
    })
    // The 50 calls left still serve; then nothing more this window, from any client.
    expect((await send(target, batchOf(50), { client: '203.0.113.12' })).status).toBe(200)
    expect((await send(target, chainIdCall(1), { client: '203.0.113.13' })).status).toBe(429)
    // Another project has its own quota.
    expect((await send(target, batchOf(100), { client: '203.0.113.11', projectId: 'other' })).status).toBe(200)
  })

  it("a script forging the project's Origin spends only its share of the quota: the project's users are still served", async () => {
    const target = appWith({
      rpcLimits: { ...DEFAULT_RPC_LIMITS, projectQuota: { calls: 150, windowSeconds: 3600 }, clientQuotaShare: 0.1 },
    })
    // The script: the dapp's Origin, from one machine (its IPv6 addresses rotate within its /64).
    const statuses = []
    for (let i = 1; i <= 3; i++) statuses.push((await send(target, batchOf(7), { client: `2001:db8:bad:1::${i}` })).status)
    expect(statuses).toEqual([200, 200, 429])
    // The 15th call fits its share; nothing more does.
    expect((await send(target, chainIdCall(1), { client: '2001:db8:bad:1::42' })).status).toBe(200)
    const refused = await send(target, chainIdCall(1), { client: '2001:db8:bad:1::99' })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({
      id: null,
      error: {
        code: -32005,
        message: expect.stringMatching(
          /^This client has used its share of project demo's RPC quota \(15 of 150 calls per 3600 s\): try again in \d+ s$/,
        ),
      },
    })
    // Nine other clients (the project's users) are served, 15 calls each: the 135 calls the script left.
    for (let i = 1; i <= 9; i++) expect((await send(target, batchOf(15), { client: `203.0.113.${100 + i}` })).status).toBe(200)
  })
})
