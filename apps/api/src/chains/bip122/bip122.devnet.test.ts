import { BalanceResponse as ProtocolBalanceResponse, HistoryResponse as ProtocolHistoryResponse } from '@airlock/protocol'
import { bitcoinDevnetAccounts, sendBitcoin, startBitcoinDevnet, type BitcoinDevnet } from '@airlock/devnet/bitcoin'
import { networks, payments } from 'bitcoinjs-lib'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceRoutes } from '../../capabilities/balance/routes'
import { historyRoutes } from '../../capabilities/history/routes'
import { purchaseHistory } from '../../capabilities/onramp/history'
import { mountV1, testDeps } from '../../capabilities/prices/test-support'
import { createChainRegistry } from '../registry'

let devnet: BitcoinDevnet
let app: ReturnType<typeof mountV1>
const alice = bitcoinDevnetAccounts[0]!
const bob = payments.p2wpkh({ hash: randomBytes(20), network: networks.regtest }).address!
let txid = ''
let fee = 0

beforeAll(async () => {
  // Blocks only when the test mines one: the transfer waits in the mempool first.
  devnet = await startBitcoinDevnet({ port: 0, mining: { intervalMs: 3_600_000 } })
  const deps = testDeps(createChainRegistry({ [devnet.caipNetworkId]: devnet.url }))
  app = mountV1(balanceRoutes(deps, { dex: {} }))
  app.route('/v1', historyRoutes(deps, { purchases: purchaseHistory(deps.db) }))
  txid = await sendBitcoin(devnet.url, alice, bob, 25_000_000n)
  fee = ((await (await fetch(`${devnet.url}/tx/${txid}`)).json()) as { fee: number }).fee
})
afterAll(() => devnet?.stop())

async function balances(address: string) {
  const res = await app.request(`/v1/account/${address}/balance?currency=usd&forceUpdate=1`)
  const body = (await res.json()) as { balances: { name: string; quantity: { numeric: string } }[] }
  expect(res.status).toBe(200)
  expect(ProtocolBalanceResponse.parse(body)).toEqual(body)
  return body.balances.map((item) => [item.name, item.quantity.numeric])
}

async function history(account: string, query = '') {
  const res = await app.request(`/v1/account/${account}/history?${query}`)
  const body = (await res.json()) as ProtocolHistoryResponse & { next: string | null }
  expect(res.status).toBe(200)
  // The widget's schema reads it (it leaves out `metadata.fee`, which the protocol does not name yet).
  expect(() => ProtocolHistoryResponse.parse(body)).not.toThrow()
  return body
}

const sats = (value: number) => (value / 1e8).toString()

describe('bip122 balance and history against the devnet', () => {
  it('shows a transfer in the mempool as pending, on both sides, fee paid by the sender', async () => {
    expect(await balances(bob)).toEqual([['Bitcoin (pending)', '0.25']])
    // Alice's 1 BTC output is spent, her change comes back: the mempool takes 0.25 BTC and the fee.
    expect(await balances(alice.address)).toEqual([
      ['Bitcoin', '1.6'],
      ['Bitcoin (pending)', sats(-(25_000_000 + fee))],
    ])

    const [received] = (await history(bob)).data
    expect(received).toMatchObject({
      id: `${txid}:${devnet.caipNetworkId}`,
      metadata: { hash: txid, status: 'pending', operationType: 'receive', sentFrom: alice.address, sentTo: bob },
      transfers: [{ direction: 'in', quantity: { numeric: '0.25' }, fungible_info: { symbol: 'BTC' } }],
    })
    const [sent] = (await history(`${devnet.caipNetworkId}:${alice.address}`)).data
    expect(sent).toMatchObject({
      metadata: {
        hash: txid,
        status: 'pending',
        operationType: 'send',
        sentTo: bob,
        fee: { symbol: 'BTC', quantity: { numeric: sats(fee) } },
      },
      transfers: [{ direction: 'out', quantity: { numeric: '0.25' } }],
    })
  })

  it('confirms it once a block is mined', async () => {
    const block = devnet.mine()
    expect(await balances(bob)).toEqual([['Bitcoin', '0.25']])
    expect(await balances(alice.address)).toEqual([['Bitcoin', sats(160_000_000 - 25_000_000 - fee)]])
    const [received] = (await history(bob)).data
    expect(received!.metadata).toMatchObject({ hash: txid, status: 'confirmed' })
    expect(block.height).toBeGreaterThan(0)
  })

  it('pages with the last txid as cursor, and refuses other cursors', async () => {
    const all = (await history(alice.address, 'limit=50')).data.map((tx) => tx.metadata.hash)
    expect(all[0]).toBe(txid)
    const first = await history(alice.address, 'limit=10')
    expect(first.data.map((tx) => tx.metadata.hash)).toEqual(all.slice(0, 10))
    if (all.length > 10) {
      expect(first.next).toBe(all[9])
      const second = await history(alice.address, `limit=10&cursor=${first.next}`)
      expect(second.data.map((tx) => tx.metadata.hash)).toEqual(all.slice(10, 20))
    } else expect(first.next).toBeNull()
    expect((await app.request(`/v1/account/${alice.address}/history?cursor=nope`)).status).toBe(400)
  })

  it('answers empty for another network, and an address of the wrong network reads nothing', async () => {
    const mainnet = 'bip122:000000000019d6689c085ae165831e93'
    expect((await (await app.request(`/v1/account/${bob}/balance?chainId=${mainnet}`)).json()) as unknown).toEqual({ balances: [] })
    expect((await history('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).data).toEqual([])
  })
})
