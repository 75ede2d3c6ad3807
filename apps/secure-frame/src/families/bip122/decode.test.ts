import { bitcoinParams, decodePsbt } from '@airlock/chains/bip122'
import { Psbt } from 'bitcoinjs-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeRequest, isApprovable, type DecodedRequest, loadView } from '../views'
import type { DecodedBitcoinPsbt } from './decode'
import { signPsbtInputs } from './sign'
import { OTHER, REGTEST, regtestAccount, transfer, utxo } from './testing'

// The prompt loads a family's view with its first request; these tests draw them at once.
beforeAll(() => loadView('bip122:'))

const key = (await regtestAccount()).keyOn(REGTEST)
const ME = key.address
const network = bitcoinParams(REGTEST.id)!
const request = (method: string, params: unknown) => ({ method, params, chainId: REGTEST.id, from: ME })
const signPsbt = (psbt: string, indexes: number[], broadcast?: boolean) =>
  decodeRequest(request('signPsbt', { psbt, signInputs: { [ME]: indexes }, ...(broadcast ? { broadcast } : {}) }))

function psbtOf(decoded: DecodedRequest): DecodedBitcoinPsbt {
  expect(decoded.kind, decoded.kind === 'invalid' ? decoded.error : undefined).toBe('bitcoinPsbt')
  return (decoded as Extract<DecodedRequest, { kind: 'bitcoinPsbt' }>).psbt
}

describe('a PSBT decoded for the confirmation', () => {
  it('shows the outputs with addresses and amounts, the change, the inputs signed, the fee and its rate', () => {
    const { plan, psbt } = transfer(ME, 120_000_000n, [utxo(1, 100_000_000n), utxo(2, 50_000_000n), utxo(3, 10_000_000n)], 3)
    const decoded = signPsbt(psbt, [0, 1], true)
    expect(decoded.network).toMatchObject({ chainId: REGTEST.id, name: 'Airlock Bitcoin Devnet' })
    expect(decoded.warnings).toEqual([])
    expect(isApprovable(decoded)).toBe(true)
    const shown = psbtOf(decoded)
    expect(shown.outputs).toEqual([
      { address: OTHER, script: expect.any(String), amountText: '1.2 BTC', change: false },
      { address: ME, script: expect.any(String), amountText: `${(Number(plan.outputs[1]!.value) / 1e8).toString()} BTC`, change: true },
    ])
    expect(shown.inputs).toEqual([
      { index: 0, outpoint: `${utxo(1, 0n).txid}:1`, address: ME, amountText: '1 BTC', signs: true },
      { index: 1, outpoint: `${utxo(2, 0n).txid}:2`, address: ME, amountText: '0.5 BTC', signs: true },
    ])
    expect(shown.sentText).toBe('1.2 BTC')
    expect(shown.feeText).toBe(`0.00000${plan.fee} BTC`)
    expect(shown.feeRateText).toBe('3.0 sat/vB')
    expect(shown.broadcast).toBe(true)
  })

  it("estimates the signed size as the planner does, never below the signed transaction's", () => {
    for (const count of [1, 2, 3]) {
      const utxos = [utxo(1, 100_000_000n), utxo(2, 100_000_000n), utxo(3, 100_000_000n)]
      const { plan, psbt } = transfer(ME, BigInt(count) * 100_000_000n - 50_000_000n, utxos)
      const unsigned = Psbt.fromBase64(psbt, { network })
      const estimatedVsize = () => decodePsbt(unsigned.toBase64(), REGTEST.id, [ME]).vsize
      expect(estimatedVsize()).toBe(plan.vsize)
      signPsbtInputs(
        unsigned,
        plan.inputs.map((_, index) => index),
        key,
      )
      const real = unsigned.extractTransaction().virtualSize()
      expect(estimatedVsize()).toBe(real)
      expect(plan.vsize - real).toBeGreaterThanOrEqual(0)
      expect(plan.vsize - real).toBeLessThanOrEqual(count)
    }
  })

  it('shows the fee over the estimated size as the rate, before and after signing', () => {
    const cases = [
      { amount: 10_000_000n, rate: 100, fee: 14_100n, shown: '100.0 sat/vB' },
      { amount: 150_000_000n, rate: 33.3, fee: 6_960n, shown: '33.3 sat/vB' },
      { amount: 250_000_000n, rate: 7.3, fee: 2_023n, shown: '7.3 sat/vB' },
    ]
    for (const { amount, rate, fee, shown } of cases) {
      const { plan, psbt } = transfer(ME, amount, [utxo(1, 100_000_000n), utxo(2, 100_000_000n), utxo(3, 100_000_000n)], rate)
      const indexes = plan.inputs.map((_, index) => index)
      expect(plan.fee).toBe(fee)
      expect(psbtOf(signPsbt(psbt, indexes)).feeRateText).toBe(shown)
      const signed = Psbt.fromBase64(psbt, { network })
      signPsbtInputs(signed, indexes, key)
      expect(psbtOf(signPsbt(signed.toBase64(), indexes)).feeRateText).toBe(shown)
    }
  })

  it('warns of a fee above 10% of what is sent, and of a fee above 0.01 BTC', () => {
    const small = signPsbt(transfer(ME, 5_000n, [utxo(1, 100_000_000n)], 10).psbt, [0])
    expect(small.warnings).toEqual([expect.stringMatching(/^The network fee is high: 0\.0000[0-9]+ BTC to send 0\.00005 BTC\.$/)])
    const large = signPsbt(transfer(ME, 90_000_000n, [utxo(1, 100_000_000n)], 10_000).psbt, [0])
    expect(large.warnings).toEqual([expect.stringMatching(/^The network fee is high: 0\.01[0-9]+ BTC to send 0\.9 BTC\.$/)])
    expect(psbtOf(large).feeRateText).toBe('10000.0 sat/vB')
  })

  it('says the fee is unknown when an input does not carry its amount, and names inputs others sign', () => {
    const psbt = Psbt.fromBase64(transfer(ME, 1_000_000n, [utxo(1, 100_000_000n)]).psbt, { network })
    psbt.addInput({ hash: utxo(7, 0n).txid, index: 7 })
    const decoded = signPsbt(psbt.toBase64(), [0])
    expect(decoded.warnings).toEqual([
      'The fee is unknown: the PSBT does not say what every input spends.',
      '1 input not signed by you: what they spend is as the request says.',
    ])
    const shown = psbtOf(decoded)
    expect(shown).toMatchObject({ feeText: undefined, feeRateText: undefined })
    expect(shown.inputs[1]).toMatchObject({ signs: false, amountText: undefined, address: undefined })
  })

  it('cannot be approved: a PSBT that does not read, an input named that is not yours, outputs above the inputs', () => {
    const { psbt } = transfer(ME, 1_000_000n, [utxo(1, 100_000_000n)])
    const invalid = (decoded: DecodedRequest) => (decoded.kind === 'invalid' ? decoded.error : `not invalid: ${decoded.kind}`)
    expect(invalid(signPsbt('cHNidP8BAAAAAA==', [0]))).toBe('The PSBT cannot be read.')
    expect(invalid(signPsbt(psbt, [1]))).toBe('The request names an input that is not yours to sign.')
    expect(invalid(decodeRequest(request('signPsbt', { psbt, signInputs: { [OTHER]: [0] } })))).toBe(
      'The PSBT or the inputs to sign are missing.',
    )
    const overspent = Psbt.fromBase64(psbt, { network })
    overspent.addOutput({ script: key.script, value: 200_000_000n })
    expect(invalid(signPsbt(overspent.toBase64(), [0]))).toBe('The outputs spend more than the inputs hold.')
  })
})

describe('a message decoded for the confirmation', () => {
  it('is the text that is signed, hex-looking text included', () => {
    for (const text of ['Hello World', '0x68656c6c6f']) {
      const decoded = decodeRequest(request('signMessage', { address: ME, message: text }))
      expect(decoded).toMatchObject({ kind: 'message', address: ME, message: { format: 'text', display: text }, warnings: [] })
    }
  })

  it('names the signature asked: BIP-322 unless the legacy (ECDSA) form is, and an unknown one is reject only', () => {
    const signature = (protocol?: unknown) => {
      const decoded = decodeRequest(
        request('signMessage', { address: ME, message: 'Hello', ...(protocol !== undefined ? { protocol } : {}) }),
      )
      return decoded.kind === 'message' ? decoded.signature : decoded.kind === 'invalid' ? decoded.error : decoded.kind
    }
    expect(signature()).toBe('BIP-322')
    expect(signature('BIP322')).toBe('BIP-322')
    expect(signature('ECDSA')).toBe('Legacy (ECDSA, "Bitcoin Signed Message")')
    expect(signature('ecdsa')).toBe('The message signature asked for is of no known form.')
  })

  it('warns when the message names another account', () => {
    const decoded = decodeRequest(request('signMessage', { address: OTHER, message: 'x' }))
    expect(decoded.warnings).toEqual([`The request names the account ${OTHER}, which is not your account ${ME}.`])
  })
})
