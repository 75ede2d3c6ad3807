import { signInstructions, solanaDevnetSigner, startSolanaDevnet, type SolanaDevnet } from '@airlock/devnet/solana'
import { getTransferSolInstruction } from '@solana-program/system'
import { address, createSolanaRpc, generateKeyPairSigner, getBase64EncodedWireTransaction, lamports, type KeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from '../../origins/api/app'
import { startApiServer } from '../../origins/api/server'
import type { RunningServer } from '../../platform/http/server'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { deadPort } from '../../testing/ports'
import { DEFAULT_RPC_LIMITS } from './limits'
import { JsonRpcReply } from './schema'

const DAPP = 'http://dapp.localhost:4400'
const OTHER_CLUSTER = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

let devnet: SolanaDevnet
let app: ApiApp
let api: RunningServer
let alice: KeyPairSigner

interface Reply {
  id: unknown
  result?: unknown
  error?: { code: number; message: string; data?: { err?: unknown; logs?: string[] } }
}

function appFor(upstream: string, limits = DEFAULT_RPC_LIMITS) {
  return createApiApp({
    origins: { widget: 'http://widget.localhost:4401' },
    projects: createMemoryProjectRegistry([
      { id: 'demo', name: 'Demo', allowedOrigins: [DAPP], serverRpc: true, features: { analytics: false } },
    ]),
    rpcUpstreams: { [devnet.caipNetworkId]: upstream },
    rpcLimits: limits,
  })
}

/** Through the proxy from the dapp's page; the reply always fits the documented schema. */
async function proxy<T extends Reply | Reply[] = Reply>(body: unknown, chainId = devnet.caipNetworkId, via = app): Promise<T> {
  const res = await via.request(`/v1/rpc?chainId=${chainId}&projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: DAPP },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  const reply = (await res.json()) as T
  expect(JsonRpcReply.parse(reply)).toEqual(reply)
  return reply
}
const call = (method: string, params: unknown[] = []) => proxy({ jsonrpc: '2.0', id: 1, method, params })

async function signedTransfer(to: string, amount: bigint) {
  const transfer = getTransferSolInstruction({ source: alice, destination: address(to), amount: lamports(amount) })
  return getBase64EncodedWireTransaction(await signInstructions(devnet, alice, [transfer]))
}

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  alice = await solanaDevnetSigner(0)
  app = appFor(devnet.url)
  api = await startApiServer(app, '127.0.0.1', await deadPort())
})
afterAll(async () => {
  await api?.close()
  await devnet?.stop()
})

describe('the RPC proxy serves the Solana devnet cluster', () => {
  it('forwards reads, singly and in batches, with the ids the caller chose', async () => {
    const [genesis, balance] = await proxy<Reply[]>([
      { jsonrpc: '2.0', id: 'g', method: 'getGenesisHash' },
      { jsonrpc: '2.0', id: 7, method: 'getBalance', params: [devnet.accounts[1]!.address] },
    ])
    expect(genesis).toEqual({ jsonrpc: '2.0', id: 'g', result: devnet.genesisHash })
    expect(balance).toMatchObject({ id: 7, result: { value: 1000 * 1e9 } })
  })

  it('works as the endpoint of a @solana/kit client', async () => {
    const rpc = createSolanaRpc(`${api.url}/v1/rpc?chainId=${devnet.caipNetworkId}&projectId=demo`)
    expect(await rpc.getGenesisHash().send()).toBe(devnet.genesisHash)
    expect((await rpc.getBalance(address(devnet.accounts[2]!.address)).send()).value).toBe(1000n * 10n ** 9n)
  })

  it('sends a signed transaction, and passes a preflight failure through with its logs and readable message', async () => {
    const fresh = await generateKeyPairSigner()
    const sent = await call('sendTransaction', [await signedTransfer(fresh.address, 2_000_000_000n), { encoding: 'base64' }])
    expect(typeof sent.result).toBe('string')
    expect((await call('getBalance', [fresh.address])).result).toMatchObject({ value: 2_000_000_000 })
    const refused = await call('sendTransaction', [
      await signedTransfer((await generateKeyPairSigner()).address, 1000n),
      { encoding: 'base64' },
    ])
    expect(refused.error?.code).toBe(-32002)
    expect(refused.error?.message).toContain('insufficient funds for rent')
    expect(refused.error?.data?.err).toEqual({ InsufficientFundsForRent: { account_index: 1 } })
    expect(refused.error?.data?.logs?.length).toBeGreaterThan(0)
  })

  it('refuses what is off the Solana allowlist without asking the node: airdrops, program scans, EVM methods', async () => {
    const before = (await call('getBalance', [devnet.accounts[3]!.address])).result
    for (const method of ['requestAirdrop', 'getProgramAccounts', 'eth_getLogs', 'eth_sendTransaction', 'constructor']) {
      const reply = await call(method, [devnet.accounts[3]!.address, 1_000_000_000])
      expect(reply.error?.code, method).toBe(-32601)
    }
    expect((await call('getBalance', [devnet.accounts[3]!.address])).result).toEqual(before)
  })

  it('answers a cluster without an upstream with -32002, and keeps the batch, body and answer limits', async () => {
    expect((await call('getSlot')).error).toBeUndefined()
    const unsupported = await proxy({ jsonrpc: '2.0', id: 1, method: 'getSlot' }, OTHER_CLUSTER)
    expect(unsupported.error).toMatchObject({ code: -32002, message: `Unsupported chain ${OTHER_CLUSTER}` })

    const tooLong = Array.from({ length: DEFAULT_RPC_LIMITS.maxBatch + 1 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'getSlot' }))
    const res = await app.request(`/v1/rpc?chainId=${devnet.caipNetworkId}&projectId=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: DAPP },
      body: JSON.stringify(tooLong),
    })
    expect(res.status).toBe(413)

    // A node answer over the size limit is dropped, not buffered: a jsonParsed transaction is a few kB.
    const small = appFor(devnet.url, { ...DEFAULT_RPC_LIMITS, maxResponseBytes: 512 })
    const [signature] = ((await call('getSignaturesForAddress', [alice.address, { limit: 1 }])).result as { signature: string }[]).map(
      (entry) => entry.signature,
    )
    const big = await proxy(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'getTransaction',
        params: [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
      },
      devnet.caipNetworkId,
      small,
    )
    expect(big.error?.code).toBe(-32005)
  })
})
