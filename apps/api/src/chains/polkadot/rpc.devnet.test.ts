import { decodeFreeBalance, systemAccountKey } from '@airlock/chains/polkadot'
import { POLKADOT_DEVNET_FUNDING, startPolkadotDevnet, type PolkadotDevnet } from '@airlock/devnet/polkadot'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import { hexToU8a } from '@polkadot/util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from '../../origins/api/app'
import { startApiServer } from '../../origins/api/server'
import type { RunningServer } from '../../platform/http/server'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { deadPort } from '../../testing/ports'
import { JsonRpcReply } from '../../capabilities/rpc/schema'
import { POLKADOT_PROXY_METHODS } from './rpc-methods'

const DAPP = 'http://dapp.localhost:4400'

let devnet: PolkadotDevnet
let app: ApiApp
let api: RunningServer
/** Every method the API sent chopsticks. */
const forwarded: string[] = []

interface Reply {
  id: unknown
  result?: unknown
  error?: { code: number; message: string }
}

async function call(method: string, params: unknown[] = []): Promise<Reply> {
  const res = await app.request(`/v1/rpc?chainId=${devnet.caipNetworkId}&projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: DAPP },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  expect(res.status).toBe(200)
  const reply = (await res.json()) as Reply
  expect(JsonRpcReply.parse(reply)).toEqual(reply)
  return reply
}

const freeBalance = async (publicKey: string) =>
  decodeFreeBalance((await call('state_getStorage', [systemAccountKey(hexToU8a(publicKey))])).result)

beforeAll(async () => {
  devnet = await startPolkadotDevnet({ port: 0 })
  app = createApiApp({
    origins: { widget: 'http://widget.localhost:4401' },
    projects: createMemoryProjectRegistry([
      { id: 'demo', name: 'Demo', allowedOrigins: [DAPP], serverRpc: true, features: { analytics: false } },
    ]),
    rpcUpstreams: { [devnet.caipNetworkId]: devnet.url },
    fetch: (input, init) => {
      const body = JSON.parse(String(init.body)) as { method: string } | { method: string }[]
      for (const request of [body].flat()) forwarded.push(request.method)
      return fetch(input, init)
    },
  })
  api = await startApiServer(app, '127.0.0.1', await deadPort())
}, 90_000)
afterAll(async () => {
  await api?.close()
  await devnet?.stop()
})

/** What an attacker would send through a dapp's proxy URL to a node, and chopsticks' own cheats. */
const FORBIDDEN: [string, unknown[]][] = [
  ['dev_setStorage', [{ System: { Account: [[['ACCOUNT'], { providers: 1, data: { free: 1 } }]] } }]],
  ['dev_newBlock', [{ count: 1 }]],
  ['dev_setBlockBuildMode', ['Manual']],
  ['dev_timeTravel', [1]],
  ['author_insertKey', ['aura', 'bottom drive obey lake curtain smoke basket hold race lonely fit walk', '0x00']],
  ['author_rotateKeys', []],
  ['author_hasKey', ['0x00', 'aura']],
  ['author_hasSessionKeys', ['0x00']],
  ['author_removeExtrinsic', [[]]],
  ['author_submitAndWatchExtrinsic', ['0x00']],
  ['system_addReservedPeer', ['/ip4/127.0.0.1/tcp/30333/p2p/12D3KooW']],
  ['system_removeReservedPeer', ['12D3KooW']],
  ['system_addLogFilter', ['trace']],
  ['system_resetLogFilter', []],
  ['offchain_localStorageSet', ['PERSISTENT', '0x00', '0x00']],
  ['chain_subscribeNewHeads', []],
  ['state_subscribeStorage', [[]]],
  ['chainHead_v1_follow', [true]],
  ['state_getKeysPaged', ['0x', 1000]],
  ['state_getPairs', ['0x']],
]

describe('the RPC proxy serves a Polkadot network', () => {
  it('refuses every forged node-administration call, dev_* cheat and subscription without forwarding it: the balance stays', async () => {
    const alice = devnet.accounts[0]!
    expect(await freeBalance(alice.publicKey)).toBe(POLKADOT_DEVNET_FUNDING)
    forwarded.length = 0
    for (const [method, params] of FORBIDDEN) {
      const forged = JSON.parse(JSON.stringify(params).replace('"ACCOUNT"', JSON.stringify(alice.address))) as unknown[]
      const reply = await call(method, forged)
      expect(reply.error, method).toEqual({
        code: -32601,
        message: `The method ${method} does not exist / is not available through the Airlock RPC proxy`,
      })
    }
    expect(forwarded).toEqual([])
    // chopsticks would have set Alice's free balance to 1 planck.
    expect(await freeBalance(alice.publicKey)).toBe(POLKADOT_DEVNET_FUNDING)
    expect(forwarded).toEqual(['state_getStorage'])
  })

  it('forwards the reads it lists', async () => {
    expect((await call('chain_getBlockHash', [0])).result).toBe(devnet.genesisHash)
    expect((await call('system_properties')).result).toMatchObject({ tokenSymbol: 'ROC', tokenDecimals: 12 })
    const methods = ((await call('rpc_methods')).result as { methods: string[] }).methods
    // Every listed method is one the node has (a typo would be refused by the node, not by the list).
    expect(POLKADOT_PROXY_METHODS.filter((method) => !methods.includes(method))).toEqual([])
  })

  it('is the endpoint of @polkadot/api 16.5.6 over HTTP: it loads the metadata and reads a balance', async () => {
    const client = await ApiPromise.create({
      provider: new HttpProvider(`${api.url}/v1/rpc?chainId=${devnet.caipNetworkId}&projectId=demo`),
      noInitWarn: true,
    })
    try {
      expect(client.genesisHash.toHex()).toBe(devnet.genesisHash)
      const account = (await client.query['system']!['account']!(devnet.accounts[1]!.address)).toJSON() as { data: { free: number } }
      expect(BigInt(account.data.free)).toBe(POLKADOT_DEVNET_FUNDING)
    } finally {
      await client.disconnect()
    }
  }, 30_000)
})
