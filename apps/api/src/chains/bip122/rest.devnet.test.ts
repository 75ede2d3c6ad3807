import {
  bitcoinDevnetAccounts,
  fetchUtxos,
  selectUtxos,
  signTransfer,
  startBitcoinDevnet,
  type BitcoinDevnet,
} from '@airlock/devnet/bitcoin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from '../../origins/api/app'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { DEFAULT_RPC_LIMITS } from '../../capabilities/rpc/limits'

const DAPP = 'http://dapp.localhost:4400'
const alice = bitcoinDevnetAccounts[0]!
const bob = bitcoinDevnetAccounts[1]!

let devnet: BitcoinDevnet
let app: ApiApp

function appFor(limits = DEFAULT_RPC_LIMITS, serverRpc = true) {
  return createApiApp({
    origins: { widget: 'http://widget.localhost:4401' },
    projects: createMemoryProjectRegistry([
      { id: 'demo', name: 'Demo', allowedOrigins: [DAPP], serverRpc, features: { analytics: false } },
    ]),
    rpcUpstreams: { [devnet.caipNetworkId]: devnet.url },
    rpcLimits: limits,
  })
}

/** Through the pass-through from the dapp's page. */
function rest(path: string, init: RequestInit = {}, via = app) {
  return via.request(`/v1/rest/${devnet.caipNetworkId}/${path}?projectId=demo`, {
    ...init,
    headers: { origin: DAPP, ...(init.body ? { 'content-type': 'text/plain' } : {}) },
  })
}

beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0 })
  app = appFor()
})
afterAll(() => devnet?.stop())

describe('the esplora pass-through', () => {
  it('forwards the allow-listed reads with their answers', async () => {
    const utxos = await rest(`address/${alice.address}/utxo`)
    expect(utxos.status).toBe(200)
    expect(utxos.headers.get('content-type')).toContain('application/json')
    expect(await utxos.json()).toEqual(await fetchUtxos(devnet.url, alice.address))
    const height = await rest('blocks/tip/height')
    expect(height.status).toBe(200)
    expect(Number(await height.text())).toBeGreaterThanOrEqual(0)
    expect((await rest('fee-estimates')).status).toBe(200)
    expect(((await (await rest(`address/${alice.address}`)).json()) as { address: string }).address).toBe(alice.address)
  })

  it('refuses a path off the allow-list (404) and bad parameters (400), forwarding nothing', async () => {
    for (const path of ['mempool/txids', 'blocks', `address/${alice.address}/utxo/extra`, 'health', 'tx', `block/${'0'.repeat(64)}`])
      expect((await rest(path)).status, path).toBe(404)
    expect((await rest('tx/not-a-txid')).status).toBe(400)
    expect((await rest(`tx/${'A'.repeat(64)}/status`)).status).toBe(400)
    // A mainnet address on the regtest network, and a checksum error.
    expect((await rest('address/1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2/utxo')).status).toBe(400)
    expect((await rest(`address/${alice.address.slice(0, -1)}x/txs`)).status).toBe(400)
    expect((await rest('tx', { method: 'POST', body: 'zz' })).status).toBe(400)
    expect((await rest('address/x', { method: 'POST', body: '00' })).status).toBe(404)
    expect(
      (await app.request(`/v1/rest/bip122:000000000019d6689c085ae165831e93/fee-estimates?projectId=demo`, { headers: { origin: DAPP } }))
        .status,
    ).toBe(404)
    expect((await app.request(`/v1/rest/eip155:1/fee-estimates?projectId=demo`, { headers: { origin: DAPP } })).status).toBe(404)
  })

  it('relays POST /tx, and the devnet refuses a double spend with its error', async () => {
    const utxos = selectUtxos(await fetchUtxos(devnet.url, alice.address), 10_000_000n)
    const first = signTransfer({ from: alice, utxos, to: bob.address, amount: 10_000_000n })
    const sent = await rest('tx', { method: 'POST', body: first.toHex() })
    expect(sent.status).toBe(200)
    expect(await sent.text()).toBe(first.getId())
    expect(((await (await rest(`tx/${first.getId()}/status`)).json()) as { confirmed: boolean }).confirmed).toBe(true)

    const again = signTransfer({ from: alice, utxos, to: bob.address, amount: 20_000_000n })
    const refused = await rest('tx', { method: 'POST', body: again.toHex() })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toMatch(/sendrawtransaction RPC error/)
  })

  it('counts each call against the project quota, and needs serverRpc without Origin', async () => {
    const tight = appFor({ ...DEFAULT_RPC_LIMITS, projectQuota: { calls: 2, windowSeconds: 3600 }, clientQuotaShare: 1 })
    expect((await rest('blocks/tip/height', {}, tight)).status).toBe(200)
    expect((await rest('blocks/tip/height', {}, tight)).status).toBe(200)
    const over = await rest('blocks/tip/height', {}, tight)
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/)

    const closed = appFor(DEFAULT_RPC_LIMITS, false)
    expect((await closed.request(`/v1/rest/${devnet.caipNetworkId}/blocks/tip/height?projectId=demo`)).status).toBe(403)
    expect(
      (await app.request(`/v1/rest/${devnet.caipNetworkId}/blocks/tip/height?projectId=unknown`, { headers: { origin: DAPP } })).status,
    ).toBe(401)
  })
})
