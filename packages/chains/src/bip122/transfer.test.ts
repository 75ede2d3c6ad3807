import { describe, expect, it } from 'vitest'
import { bitcoinRegtest } from '../networks'
import { parseBitcoinAddress } from './address'
import { decodePsbt, signedTransactionHex } from './psbt'
import { BitcoinTransferError, dustLimit, planBitcoinTransfer, transferPsbt, type BitcoinTransferRequest } from './transfer'

const NETWORK = bitcoinRegtest.caipNetworkId
// Devnet accounts (packages/devnet/src/bitcoin/accounts.ts): a P2WPKH sender, a P2WPKH and a taproot receiver.
const FROM = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
const TO = 'bcrt1qlqj2pdsteppkcr8jkp9ms0wpvey89tna8v72sj'
/** A taproot address of a made-up key. */
const TAPROOT = 'bcrt1pqurswpc8qurswpc8qurswpc8qurswpc8qurswpc8qurswpc8qurs2ajwcf'
const txid = (n: number) => n.toString(16).padStart(64, '0')

const request = (overrides: Partial<BitcoinTransferRequest> = {}): BitcoinTransferRequest => ({
  caipNetworkId: NETWORK,
  from: FROM,
  to: TO,
  amount: 10_000_000n,
  feeRate: 2,
  utxos: [
    { txid: txid(1), vout: 0, value: 50_000_000n },
    { txid: txid(2), vout: 1, value: 100_000_000n },
    { txid: txid(3), vout: 0, value: 10_000_000n },
  ],
  ...overrides,
})

describe('planBitcoinTransfer', () => {
  it('spends the largest output, pays the fee at the rate, and sends the rest back as change', () => {
    const plan = planBitcoinTransfer(request())
    expect(plan.inputs.map((input) => input.txid)).toEqual([txid(2)])
    // 11 + 68 + 31 + 31 vB: one P2WPKH input, two P2WPKH outputs.
    expect(plan.vsize).toBe(141)
    expect(plan.fee).toBe(282n)
    expect(plan.outputs).toEqual([
      { address: TO, value: 10_000_000n, change: false },
      { address: FROM, value: 100_000_000n - 10_000_000n - 282n, change: true },
    ])
  })

  it('takes more inputs when one does not pay, and leaves dust change to the fee', () => {
    const many = planBitcoinTransfer(request({ amount: 120_000_000n }))
    expect(many.inputs.map((input) => input.txid)).toEqual([txid(2), txid(1)])
    expect(many.outputs[1]).toMatchObject({ change: true, value: 150_000_000n - 120_000_000n - many.fee })
    // 10,000,000 sats in, the amount leaves less than the change output's dust limit after the fee.
    const all = planBitcoinTransfer(request({ utxos: [{ txid: txid(3), vout: 0, value: 10_000_000n }], amount: 10_000_000n - 300n }))
    expect(all.outputs).toEqual([{ address: TO, value: 10_000_000n - 300n, change: false }])
    expect(all.fee).toBe(300n)
  })

  it('says in plain words when the funds do not cover the amount and its fee', () => {
    expect(() => planBitcoinTransfer(request({ amount: 160_000_000n }))).toThrow(
      new BitcoinTransferError('Not enough BTC: sending 1.6 BTC with its network fee needs 1.60000492 BTC, and the account holds 1.6 BTC'),
    )
    expect(() => planBitcoinTransfer(request({ utxos: [] }))).toThrow(/account holds 0 BTC/)
  })

  it('refuses an amount below what the receiver can be paid (dust), a zero amount and a missing fee rate', () => {
    const receiver = parseBitcoinAddress(TO, NETWORK)
    expect(receiver.ok && dustLimit(receiver.script)).toBe(294n)
    expect(() => planBitcoinTransfer(request({ amount: 293n }))).toThrow(
      'The amount is below the smallest this address can receive (0.00000294 BTC)',
    )
    expect(() => planBitcoinTransfer(request({ amount: 0n }))).toThrow('Enter an amount above 0')
    expect(() => planBitcoinTransfer(request({ feeRate: Number.NaN }))).toThrow('The network gave no fee rate')
  })

  it('refuses a receiver of another network and a sender it cannot spend from', () => {
    expect(() => planBitcoinTransfer(request({ to: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }))).toThrow(
      'This address belongs to another Bitcoin network',
    )
    expect(() => planBitcoinTransfer(request({ from: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn' }))).toThrow(/P2PKH address is not supported/)
  })
})

describe('transferPsbt and decodePsbt', () => {
  it('writes the plan as an unsigned PSBT whose decoding shows the same inputs, outputs and fee', () => {
    const plan = planBitcoinTransfer(request({ amount: 120_000_000n }))
    const decoded = decodePsbt(transferPsbt(request(), plan), NETWORK, [FROM])
    expect(decoded.inputs).toEqual(
      plan.inputs.map((input) => ({ txid: input.txid, vout: input.vout, value: input.value, address: FROM, own: true })),
    )
    expect(decoded.outputs.map(({ address, value, own }) => ({ address, value, change: own }))).toEqual(plan.outputs)
    expect(decoded.fee).toBe(plan.fee)
  })

  it('estimates the signed size as the plan pays for it: the same for P2WPKH, at most a vbyte an input below for taproot (the planner rounds each input up)', () => {
    for (const amount of [10_000_000n, 120_000_000n]) {
      const plan = planBitcoinTransfer(request({ amount }))
      expect(decodePsbt(transferPsbt(request(), plan), NETWORK, [FROM]).vsize).toBe(plan.vsize)
      const taproot = request({ from: TAPROOT, amount })
      const taprootPlan = planBitcoinTransfer(taproot)
      const below = taprootPlan.vsize - decodePsbt(transferPsbt(taproot, taprootPlan), NETWORK, [TAPROOT]).vsize!
      expect(below).toBeGreaterThanOrEqual(0)
      expect(below).toBeLessThanOrEqual(taprootPlan.inputs.length)
    }
  })

  it('refuses a PSBT that does not parse', () => {
    expect(() => decodePsbt('cHNidP8=', NETWORK, [])).toThrow()
  })

  it('gives no transaction to broadcast while an input is unsigned', () => {
    const plan = planBitcoinTransfer(request())
    expect(() => signedTransactionHex(transferPsbt(request(), plan), NETWORK)).toThrow(/finalized|final/i)
  })
})
