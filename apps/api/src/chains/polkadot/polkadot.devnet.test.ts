import {
  BalanceResponse,
  HistoryResponse,
  PolkadotTransferPrepared,
  PolkadotTransferSubmitted,
  type SignerPayloadJSON,
} from '@airlock/protocol'
import { encodeSs58 } from '@airlock/chains/polkadot'
import { POLKADOT_DEVNET_FUNDING, polkadotDevnetPair, startPolkadotDevnet, type PolkadotDevnet } from '@airlock/devnet/polkadot'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import { randomBytes } from 'node:crypto'
import { formatUnits, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceRoutes } from '../../capabilities/balance/routes'
import type { HistoryResponse as ApiHistoryResponse } from '../../capabilities/history/format'
import { historyRoutes } from '../../capabilities/history/routes'
import { purchaseHistory } from '../../capabilities/onramp/history'
import { mountV1, postJson, testDeps } from '../../capabilities/prices/test-support'
import { createChainRegistry } from '../registry'
import { polkadotTransferRoutes } from './transfer-routes'

let devnet: PolkadotDevnet
let app: ReturnType<typeof mountV1>
/** polkadot-js itself, on the devnet: it signs the payloads the API builds (an implementation independent of ours). */
let reference: ApiPromise
const ROC = 10n ** 12n
/** The devnet runtime's balances.existentialDeposit. */
const ED = 3_333_333n
/** The fee of the transfer the tests make. */
let fee = ''
/** The block that holds it. */
let block = 0

beforeAll(async () => {
  devnet = await startPolkadotDevnet({ port: 0 })
  const deps = testDeps(createChainRegistry({ [devnet.caipNetworkId]: devnet.url }))
  app = mountV1(balanceRoutes(deps, { dex: {} }))
  app.route('/v1', historyRoutes(deps, { purchases: purchaseHistory(deps.db) }))
  app.route('/v1', polkadotTransferRoutes(deps.chains))
  reference = await ApiPromise.create({ provider: new HttpProvider(devnet.url), noInitWarn: true })
}, 90_000)
afterAll(async () => {
  await reference?.disconnect()
  await devnet?.stop()
})

const fresh = () => encodeSs58(randomBytes(32), 2)

async function balance(address: string) {
  const res = await app.request(`/v1/account/${address}/balance?forceUpdate=1`)
  const body = (await res.json()) as BalanceResponse
  expect(res.status).toBe(200)
  expect(BalanceResponse.parse(body)).toEqual(body)
  return body.balances
}

async function prepare(request: { from: string; to: string; amount: bigint }) {
  const res = await app.request(
    '/v1/polkadot/transfers',
    postJson({ caipNetworkId: devnet.caipNetworkId, ...request, amount: String(request.amount) }),
  )
  const body = (await res.json()) as PolkadotTransferPrepared
  expect(res.status, JSON.stringify(body)).toBe(200)
  return PolkadotTransferPrepared.parse(body)
}

async function submit(payload: SignerPayloadJSON, signature: string) {
  const res = await app.request('/v1/polkadot/transfers/submit', postJson({ caipNetworkId: devnet.caipNetworkId, payload, signature }))
  return { status: res.status, body: (await res.json()) as PolkadotTransferSubmitted & { error?: string } }
}

/** What an extension's signPayload answers: polkadot-js' ExtrinsicPayload signed by the key, with its type byte. */
async function sign(index: number, payload: SignerPayloadJSON) {
  const pair = await polkadotDevnetPair(index)
  return reference.registry.createType('ExtrinsicPayload', payload, { version: payload.version }).sign(pair).signature
}

describe('polkadot balance, transfers and history against the devnet', () => {
  const bob = fresh()

  it('reads a funded account: free, reserved, frozen, what it may transfer, the existential deposit', async () => {
    const alice = devnet.accounts[2]!
    expect(await balance(alice.address)).toEqual([
      {
        name: 'Rococo',
        symbol: 'ROC',
        chainId: devnet.caipNetworkId,
        value: 0,
        price: 0,
        quantity: { decimals: '12', numeric: '10000' },
        iconUrl: '',
        breakdown: {
          free: '10000',
          reserved: '0',
          frozen: '0',
          transferable: '10000',
          transferableKeepAlive: '9999.999996666667',
          existentialDeposit: '0.000003333333',
        },
      },
    ])
    expect(await balance(fresh())).toEqual([])
  })

  it('prepares a transferKeepAlive, polkadot-js signs it, the API submits it and the receiver holds it', async () => {
    const alice = devnet.accounts[0]!
    const prepared = await prepare({ from: alice.address, to: bob, amount: 2n * ROC })
    if (!prepared.ok) throw new Error(prepared.message)
    expect(prepared).toMatchObject({ existentialDeposit: String(ED), receiverExists: false })
    expect(BigInt(prepared.fee)).toBeGreaterThan(0n)
    expect(prepared.payload).toMatchObject({ address: alice.address, genesisHash: devnet.genesisHash, version: 4 })
    // The call polkadot-js decodes from our payload is the transfer asked for.
    const call = reference.registry.createType('Call', prepared.payload.method)
    expect(`${call.section}.${call.method}`).toBe('balances.transferKeepAlive')
    expect(call.args.map(String)).toEqual([bob, String(2n * ROC)])

    const sent = await submit(prepared.payload, await sign(0, prepared.payload))
    expect(sent.status, sent.body.error).toBe(200)
    expect(PolkadotTransferSubmitted.parse(sent.body)).toMatchObject({ success: true })
    block = sent.body.blockNumber
    expect((await balance(bob))[0]?.quantity.numeric).toBe('2')
    const [after] = await balance(alice.address)
    expect(parseUnits(after!.breakdown!.free, 12)).toBe(POLKADOT_DEVNET_FUNDING - 2n * ROC - BigInt(prepared.fee))
    fee = prepared.fee
  })

  it('refuses a forged or tampered signature with a 400 before the node sees it', async () => {
    const alice = devnet.accounts[1]!
    const prepared = await prepare({ from: alice.address, to: fresh(), amount: ROC })
    if (!prepared.ok) throw new Error(prepared.message)
    const forged = await submit(prepared.payload, await sign(3, prepared.payload))
    expect(forged).toMatchObject({ status: 400, body: { error: `signature: it is not ${alice.address}'s signature of this payload` } })
    const signature = await sign(1, prepared.payload)
    const more = { ...prepared.payload, tip: '0x00000000000000000000000000010000' }
    expect((await submit(more, signature)).status).toBe(400)
    expect((await balance(alice.address))[0]?.quantity.numeric).toBe('10000')
  })

  it('explains a transfer below the existential deposit to a new account, and one that would leave the sender below it, before any signature', async () => {
    const alice = devnet.accounts[4]!
    const tiny = await prepare({ from: alice.address, to: fresh(), amount: ED - 1n })
    expect(tiny).toMatchObject({
      ok: false,
      reason: 'receiver-below-existential-deposit',
      existentialDeposit: String(ED),
      receiverExists: false,
    })
    expect(tiny.ok || tiny.message).toBe(
      "The receiver's account does not exist yet: send at least the existential deposit, 0.000003333333 ROC, or the network refuses the transfer",
    )
    // To an existing account, below the ED is fine.
    expect(await prepare({ from: alice.address, to: devnet.accounts[5]!.address, amount: ED - 1n })).toMatchObject({
      ok: true,
      receiverExists: true,
    })
    // Within its free balance with the fee, but into the existential deposit it must keep.
    const everything = await prepare({ from: alice.address, to: fresh(), amount: POLKADOT_DEVNET_FUNDING - BigInt(tiny.fee) - ED / 2n })
    expect(everything).toMatchObject({ ok: false, reason: 'sender-below-existential-deposit' })
    expect(await prepare({ from: alice.address, to: fresh(), amount: POLKADOT_DEVNET_FUNDING * 2n })).toMatchObject({
      ok: false,
      reason: 'insufficient-balance',
    })
  })

  it("lists the transfer in both accounts' history, newest first, with the sender's fee", async () => {
    const res = await app.request(`/v1/account/${devnet.caipNetworkId}:${bob}/history`)
    const body = (await res.json()) as HistoryResponse
    expect(res.status).toBe(200)
    expect(() => HistoryResponse.parse(body)).not.toThrow()
    expect(body.data).toHaveLength(1)
    expect(body.data[0]).toMatchObject({
      metadata: {
        operationType: 'receive',
        sentFrom: devnet.accounts[0]!.address,
        sentTo: bob,
        status: 'confirmed',
        chain: devnet.caipNetworkId,
      },
      transfers: [{ direction: 'in', quantity: { numeric: '2' }, fungible_info: { symbol: 'ROC' } }],
    })
    const sent = (await (await app.request(`/v1/account/${devnet.accounts[0]!.address}/history`)).json()) as ApiHistoryResponse
    expect(sent.data[0]).toMatchObject({
      metadata: { operationType: 'send', hash: body.data[0]!.metadata.hash },
      transfers: [{ direction: 'out' }],
    })
    expect(sent.data[0]!.metadata.fee).toEqual({ symbol: 'ROC', quantity: { numeric: formatUnits(BigInt(fee), 12) } })
  })

  it('pages by block: a cursor at the block shows the transfer, one past it in the block or before the block does not', async () => {
    const page = async (cursor: string) => {
      const res = await app.request(`/v1/account/${bob}/history?cursor=${cursor}`)
      expect(res.status).toBe(200)
      return (await res.json()) as HistoryResponse & { next: string | null }
    }
    expect((await page(`${block}-0`)).data).toHaveLength(1)
    expect(await page(`${block}-1`)).toEqual({ data: [], next: null })
    expect(await page(`${block - 1}-0`)).toEqual({ data: [], next: null })
    expect((await app.request(`/v1/account/${bob}/history?cursor=${block}`)).status).toBe(400)
  })
})
