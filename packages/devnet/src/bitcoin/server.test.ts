import { crypto, payments, Transaction } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BITCOIN_DEVNET_P2TR_FUNDING,
  BITCOIN_DEVNET_P2WPKH_FUNDING,
  broadcastTransaction,
  fetchUtxos,
  MAX_REQUEST_BYTES,
  selectUtxos,
  sendBitcoin,
  signTransfer,
  startBitcoinDevnet,
  type BitcoinDevnet,
  type EsploraUtxo,
} from './index'
import { REGTEST } from './ecc'

let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0 })
})
afterAll(() => devnet.stop())

const get = async (path: string) => {
  const response = await fetch(`${devnet.url}${path}`)
  expect(response.status, `GET ${path}`).toBe(200)
  return response
}
const getJson = async <T = unknown>(path: string) => (await (await get(path)).json()) as T
const getText = async (path: string) => (await get(path)).text()
const sum = (utxos: EsploraUtxo[]) => utxos.reduce((total, utxo) => total + BigInt(utxo.value), 0n)
/** A fresh regtest P2WPKH address nobody holds a key for (its program is the hash of a name). */
const freshAddress = (name: string) => payments.p2wpkh({ hash: crypto.hash160(Buffer.from(name)), network: REGTEST }).address!

/** POST /tx expecting a refusal; the reason text. */
async function refused(hex: string): Promise<string> {
  const response = await fetch(`${devnet.url}/tx`, { method: 'POST', body: hex })
  const text = await response.text()
  expect(response.status, text).toBe(400)
  return text
}

describe('the Bitcoin devnet (esplora API)', () => {
  it('starts at height 1 on the regtest genesis, the funding block confirmed, block hashes chained', async () => {
    expect(devnet.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(await getText('/block-height/0')).toBe(devnet.genesisHash)
    expect(Number(await getText('/blocks/tip/height'))).toBeGreaterThanOrEqual(1)
    const tip = await getText('/blocks/tip/hash')
    const block = await getJson<{ height: number; previousblockhash: string; timestamp: number }>(`/block/${tip}`)
    expect(await getText(`/block-height/${block.height}`)).toBe(tip)
    expect(await getText(`/block-height/${block.height - 1}`)).toBe(block.previousblockhash)
    expect(Math.abs(block.timestamp - Date.now() / 1000)).toBeLessThan(60)
  })

  it('funds every account: 1, 0.5 and 0.1 BTC per P2WPKH account, 1 and 0.5 BTC per taproot account', async () => {
    const p2wpkh = await fetchUtxos(devnet.url, devnet.accounts[9]!.address)
    expect(p2wpkh.map((utxo) => BigInt(utxo.value))).toEqual([...BITCOIN_DEVNET_P2WPKH_FUNDING])
    expect(p2wpkh[0]!.status).toMatchObject({ confirmed: true, block_height: 1 })
    const p2tr = await fetchUtxos(devnet.url, devnet.taprootAccounts[9]!.address)
    expect(p2tr.map((utxo) => BigInt(utxo.value))).toEqual([...BITCOIN_DEVNET_P2TR_FUNDING])
    expect(await getJson(`/address/${devnet.accounts[9]!.address}`)).toEqual({
      address: devnet.accounts[9]!.address,
      chain_stats: { funded_txo_count: 3, funded_txo_sum: 160_000_000, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 1 },
      mempool_stats: { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 },
    })
  })

  it('a P2WPKH send to a fresh address with change is mined at once: balances, status, tx and hex', async () => {
    const alice = devnet.accounts[0]!
    const to = freshAddress('p2wpkh send')
    const before = sum(await fetchUtxos(devnet.url, alice.address))
    const height = Number(await getText('/blocks/tip/height'))
    const txid = await sendBitcoin(devnet.url, alice, to, 25_000_000n, { feeRate: 2 })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)

    const received = await fetchUtxos(devnet.url, to)
    expect(received).toEqual([
      {
        txid,
        vout: 0,
        value: 25_000_000,
        status: { confirmed: true, block_height: height + 1, block_hash: expect.any(String), block_time: expect.any(Number) },
      },
    ])
    const tx = await getJson<{ fee: number; weight: number; status: { block_hash: string } }>(`/tx/${txid}`)
    expect(tx.status.block_hash).toBe(await getText('/blocks/tip/hash'))
    expect(tx.fee).toBeGreaterThanOrEqual(Math.ceil((tx.weight / 4) * 2))
    const after = await fetchUtxos(devnet.url, alice.address)
    expect(sum(after)).toBe(before - 25_000_000n - BigInt(tx.fee))
    expect(after.find((utxo) => utxo.txid === txid)).toMatchObject({ vout: 1, status: { confirmed: true } })
    expect(await getJson(`/tx/${txid}/status`)).toEqual(received[0]!.status)
    expect(Transaction.fromHex(await getText(`/tx/${txid}/hex`)).getId()).toBe(txid)
    expect(await getJson(`/block/${tx.status.block_hash}/txids`)).toEqual([expect.any(String), txid])
  })

  it('a taproot key-path spend (BIP-341 sighash, Schnorr) is accepted', async () => {
    const taproot = devnet.taprootAccounts[0]!
    const to = devnet.taprootAccounts[1]!.address
    const txid = await sendBitcoin(devnet.url, taproot, to, 10_000_000n)
    const tx = await getJson<{ vin: { witness: string[]; prevout: { scriptpubkey_type: string } }[] }>(`/tx/${txid}`)
    expect(tx.vin[0]!.prevout.scriptpubkey_type).toBe('v1_p2tr')
    expect(tx.vin[0]!.witness[0]).toHaveLength(128)
    expect((await fetchUtxos(devnet.url, to)).some((utxo) => utxo.txid === txid && utxo.value === 10_000_000)).toBe(true)
  })

  it('refuses a double spend of an output already spent in a block', async () => {
    const bob = devnet.accounts[1]!
    const [utxo] = selectUtxos(await fetchUtxos(devnet.url, bob.address), 1_000_000n)
    const first = signTransfer({ from: bob, utxos: [utxo!], to: freshAddress('first'), amount: 1_000_000n })
    const second = signTransfer({ from: bob, utxos: [utxo!], to: freshAddress('second'), amount: 2_000_000n })
    await broadcastTransaction(devnet.url, first.toHex())
    const reason = await refused(second.toHex())
    expect(reason).toContain('bad-txns-inputs-missingorspent')
    expect(reason).toContain(`already spent by ${first.getId()}`)
    expect(await refused(first.toHex())).toContain('already in block chain')
  })

  it('refuses a signature that does not match the transaction (an output changed after signing, a taproot signature altered)', async () => {
    const carol = devnet.accounts[2]!
    const utxos = await fetchUtxos(devnet.url, carol.address)
    const tx = signTransfer({ from: carol, utxos: [utxos[0]!], to: freshAddress('forged'), amount: 1_000_000n })
    tx.outs[0]!.value = 500_000n
    const reason = await refused(tx.toHex())
    expect(reason).toContain('mandatory-script-verify-flag-failed')
    expect(reason).toContain('BIP-143')

    const taproot = devnet.taprootAccounts[2]!
    const signed = signTransfer({
      from: taproot,
      utxos: (await fetchUtxos(devnet.url, taproot.address)).slice(0, 1),
      to: freshAddress('tr'),
      amount: 1_000_000n,
    })
    const signature = Uint8Array.from(signed.ins[0]!.witness[0]!)
    signature[10]! ^= 1
    signed.setWitness(0, [signature])
    expect(await refused(signed.toHex())).toContain('Schnorr signature does not verify')
    // The funds stay where they were.
    expect(await fetchUtxos(devnet.url, carol.address)).toEqual(utxos)
  })

  it('refuses an input that does not exist, a dust output, a fee below 1 sat/vB, outputs above inputs, and garbage', async () => {
    const dave = devnet.accounts[3]!
    const ghost = { txid: 'ab'.repeat(32), vout: 0, value: 1_000_000 }
    const missing = await refused(signTransfer({ from: dave, utxos: [ghost], to: freshAddress('ghost'), amount: 500_000n }).toHex())
    expect(missing).toContain('bad-txns-inputs-missingorspent')
    expect(missing).toContain(`${ghost.txid}:0, which does not exist`)

    const [utxo] = await fetchUtxos(devnet.url, dave.address)
    const dust = await refused(signTransfer({ from: dave, utxos: [utxo!], to: freshAddress('dust'), amount: 293n }).toHex())
    expect(dust).toContain('dust')
    expect(dust).toContain('the dust limit for P2WPKH is 294 sats')
    const taprootDust = signTransfer({ from: dave, utxos: [utxo!], to: devnet.taprootAccounts[3]!.address, amount: 329n })
    expect(await refused(taprootDust.toHex())).toContain('the dust limit for P2TR is 330 sats')

    const cheap = await refused(
      signTransfer({ from: dave, utxos: [utxo!], to: freshAddress('cheap'), amount: 1000n, feeRate: 0.5 }).toHex(),
    )
    expect(cheap).toContain('min relay fee not met')

    const greedy = signTransfer({
      from: dave,
      utxos: [{ ...utxo!, value: utxo!.value * 2 }],
      to: freshAddress('greedy'),
      amount: BigInt(utxo!.value) + 1000n,
    })
    expect(await refused(greedy.toHex())).toContain('bad-txns-in-belowout')

    expect(await refused('00zz')).toContain('TX decode failed')
    expect(await refused('0200000001')).toContain('TX decode failed')
    expect(await fetchUtxos(devnet.url, dave.address)).toHaveLength(3)
  })

  it('answers fee estimates in sat/vB per target, at least the minimum relay fee', async () => {
    const estimates = await getJson<Record<string, number>>('/fee-estimates')
    for (const target of ['1', '2', '3', '6', '12', '25', '144', '504', '1008']) expect(estimates[target]).toBeTypeOf('number')
    for (const rate of Object.values(estimates)) expect(rate).toBeGreaterThanOrEqual(1)
    expect(estimates['1']).toBeGreaterThanOrEqual(estimates['6']!)
  })

  it("lists an address's transactions newest first in esplora's shape", async () => {
    const erin = devnet.accounts[4]!
    const first = await sendBitcoin(devnet.url, erin, freshAddress('erin 1'), 100_000n)
    const second = await sendBitcoin(devnet.url, erin, freshAddress('erin 2'), 200_000n)
    const txs = await getJson<Record<string, unknown>[]>(`/address/${erin.address}/txs`)
    expect(txs.map((tx) => tx.txid)).toEqual([second, first, expect.any(String)])
    expect(txs[0]).toEqual({
      txid: second,
      version: 2,
      locktime: 0,
      vin: [
        {
          txid: first,
          vout: 1,
          prevout: {
            scriptpubkey: expect.stringMatching(/^0014[0-9a-f]{40}$/),
            scriptpubkey_asm: expect.stringMatching(/^OP_0 OP_PUSHBYTES_20 [0-9a-f]{40}$/),
            scriptpubkey_type: 'v0_p2wpkh',
            scriptpubkey_address: erin.address,
            value: expect.any(Number),
          },
          scriptsig: '',
          scriptsig_asm: '',
          witness: [expect.stringMatching(/^30[0-9a-f]+01$/), erin.publicKey],
          is_coinbase: false,
          sequence: expect.any(Number),
        },
      ],
      vout: [
        expect.objectContaining({ value: 200_000, scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: freshAddress('erin 2') }),
        expect.objectContaining({ scriptpubkey_address: erin.address }),
      ],
      size: expect.any(Number),
      weight: expect.any(Number),
      fee: expect.any(Number),
      status: { confirmed: true, block_height: expect.any(Number), block_hash: expect.any(String), block_time: expect.any(Number) },
    })
    expect(await getJson(`/address/${erin.address}/txs/chain/${second}`)).toEqual(txs.slice(1))
  })

  it('answers 404 and 400 as esplora does', async () => {
    expect((await fetch(`${devnet.url}/tx/${'00'.repeat(32)}`)).status).toBe(404)
    const response = await fetch(`${devnet.url}/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq/utxo`)
    expect(response.status).toBe(400)
    expect(await response.text()).toBe('Invalid Bitcoin address')
  })

  it('lets any page call it (CORS preflight) and refuses a body over the limit with 413, then still answers', async () => {
    const preflight = await fetch(`${devnet.url}/tx`, {
      method: 'OPTIONS',
      headers: { origin: 'http://widget.localhost:4401', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    const huge = await fetch(`${devnet.url}/tx`, { method: 'POST', body: '00'.repeat(MAX_REQUEST_BYTES) })
    expect(huge.status).toBe(413)
    expect(await huge.text()).toBe(`Request body too large: at most ${MAX_REQUEST_BYTES} bytes`)
    expect(Number(await getText('/blocks/tip/height'))).toBeGreaterThanOrEqual(1)
  })
})

describe('the Bitcoin devnet in timer mode', () => {
  it('keeps a broadcast in the mempool (unconfirmed, spendable in a chain of transactions) until a block is mined', async () => {
    const timed = await startBitcoinDevnet({ port: 0, mining: { intervalMs: 60_000 } })
    try {
      const frank = timed.accounts[5]!
      const to = freshAddress('timer')
      const txid = await sendBitcoin(timed.url, frank, to, 1_000_000n)
      const status = await (await fetch(`${timed.url}/tx/${txid}/status`)).json()
      expect(status).toEqual({ confirmed: false })
      expect(await fetchUtxos(timed.url, to)).toEqual([{ txid, vout: 0, value: 1_000_000, status: { confirmed: false } }])
      const stats = (await (await fetch(`${timed.url}/address/${to}`)).json()) as { mempool_stats: { funded_txo_sum: number } }
      expect(stats.mempool_stats.funded_txo_sum).toBe(1_000_000)
      // The change is unconfirmed and the largest output: the next send spends it from the mempool.
      const change = (await fetchUtxos(timed.url, frank.address)).find((utxo) => utxo.txid === txid)!
      expect(change.status).toEqual({ confirmed: false })
      const conflict = signTransfer({ from: frank, utxos: [change], to, amount: 1000n })
      const chained = await sendBitcoin(timed.url, frank, to, 2_000_000n)
      const [input] = ((await (await fetch(`${timed.url}/tx/${chained}`)).json()) as { vin: { txid: string }[] }).vin
      expect(input!.txid).toBe(txid)
      const refusal = await fetch(`${timed.url}/tx`, { method: 'POST', body: conflict.toHex() })
      expect(await refusal.text()).toContain('txn-mempool-conflict')
      const { height, hash } = timed.mine()
      expect(await (await fetch(`${timed.url}/block/${hash}/txids`)).json()).toEqual([expect.any(String), txid, chained])
      expect(await (await fetch(`${timed.url}/tx/${txid}/status`)).json()).toEqual({
        confirmed: true,
        block_height: height,
        block_hash: hash,
        block_time: expect.any(Number),
      })
    } finally {
      await timed.stop()
    }
  })
})
