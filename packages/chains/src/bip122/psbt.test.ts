import { Psbt, Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { bitcoinRegtest } from '../networks'
import { parseBitcoinAddress } from './address'
import { bytesToHex } from './bytes'
import { bitcoinParams } from './params'
import { decodePsbt } from './psbt'

const NETWORK = bitcoinRegtest.caipNetworkId
const script = (address: string) => {
  const parsed = parseBitcoinAddress(address, NETWORK)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.script
}
// Devnet accounts (packages/devnet/src/bitcoin/accounts.ts) and a taproot address of a made-up key.
const P2WPKH = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
const OTHER = 'bcrt1qlqj2pdsteppkcr8jkp9ms0wpvey89tna8v72sj'
const P2PKH = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'
const P2TR = 'bcrt1pqurswpc8qurswpc8qurswpc8qurswpc8qurswpc8qurswpc8qurs2ajwcf'
const P2WSH = Uint8Array.of(0x00, 0x20, ...new Uint8Array(32).fill(7))
const txid = (n: number) => n.toString(16).padStart(64, '0')

type Spent = 'p2pkh' | 'p2wpkh' | 'p2tr' | 'p2wsh' | 'unknown'

/** A PSBT of one P2WPKH output spending an output of each kind: P2PKH as a whole previous transaction, the others as witnessUtxo. */
function psbtSpending(kinds: Spent[]): string {
  const previous = new Transaction()
  previous.addInput(new Uint8Array(32), 0)
  previous.addOutput(script(P2PKH), 100_000n)
  const psbt = new Psbt({ network: bitcoinParams(NETWORK)! })
  kinds.forEach((kind, index) => {
    if (kind === 'p2pkh') psbt.addInput({ hash: previous.getId(), index: 0, nonWitnessUtxo: previous.toBuffer() })
    else if (kind === 'unknown') psbt.addInput({ hash: txid(index + 1), index: 0 })
    else {
      const spent = kind === 'p2wsh' ? P2WSH : script(kind === 'p2tr' ? P2TR : P2WPKH)
      psbt.addInput({ hash: txid(index + 1), index: 0, witnessUtxo: { script: spent, value: 100_000n } })
    }
  })
  psbt.addOutput({ script: script(OTHER), value: 50_000n })
  return psbt.toBase64()
}

describe('decodePsbt: the estimated size once signed', () => {
  it('counts legacy, segwit v0 and taproot inputs at their longest signatures, mixed or not', () => {
    const vsize = (kinds: Spent[]) => decodePsbt(psbtSpending(kinds), NETWORK, []).vsize
    expect(vsize(['p2wpkh'])).toBe(110)
    expect(vsize(['p2tr'])).toBe(99)
    expect(vsize(['p2tr', 'p2tr'])).toBe(157)
    expect(vsize(['p2wpkh', 'p2tr'])).toBe(167)
    // No witness at all: no marker, no empty stacks.
    expect(vsize(['p2pkh'])).toBe(189)
    // The legacy input's empty witness stack counts once another input has a witness.
    expect(vsize(['p2pkh', 'p2wpkh'])).toBe(258)
  })

  it('is unknown for an input whose script or spent output it does not know, while the rest still decodes', () => {
    for (const kinds of [['p2wsh'], ['p2wpkh', 'unknown']] satisfies Spent[][]) {
      const decoded = decodePsbt(psbtSpending(kinds), NETWORK, [])
      expect(decoded.vsize).toBeUndefined()
      expect(decoded.outputs).toEqual([{ address: OTHER, script: bytesToHex(script(OTHER)), value: 50_000n, own: false }])
    }
  })
})

describe('bytesToHex', () => {
  it('writes each byte as two lower-case hex digits, leading zeros kept', () => {
    expect(bytesToHex(Uint8Array.of(0, 1, 0x0f, 0xa0, 0xff))).toBe('00010fa0ff')
    expect(bytesToHex(new Uint8Array())).toBe('')
  })
})
