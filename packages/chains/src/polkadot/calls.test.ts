import { describe, expect, it } from 'vitest'
import { kusama, polkadot, polkadotAssetHub, polkadotDevnet } from '../networks'
import { decodeCall } from './calls'
import { encodeCompact, fromHex, toHex } from './scale'
import { encodeSs58 } from './ss58'

const AH = polkadotAssetHub.caipNetworkId
const KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const id = (key = KEY) => Uint8Array.of(0, ...key)
const bytes = (...parts: (number[] | Uint8Array)[]) => Uint8Array.from(parts.flatMap((part) => [...part]))

describe('decodeCall', () => {
  it('reads the Balances transfers with the receiver in the network’s SS58', () => {
    const amount = 12_345_678_901_234n
    expect(decodeCall(bytes([10, 3], id(), encodeCompact(amount)), AH)).toEqual({
      kind: 'transfer',
      call: 'transfer_keep_alive',
      receiver: { kind: 'id', address: encodeSs58(KEY, 0) },
      amount,
    })
    expect(decodeCall(bytes([10, 0], id(), encodeCompact(1)), AH)).toMatchObject({ call: 'transfer_allow_death', amount: 1n })
    expect(decodeCall(bytes([10, 4], id(), [1]), AH)).toEqual({
      kind: 'transferAll',
      receiver: { kind: 'id', address: encodeSs58(KEY, 0) },
      keepAlive: true,
    })
    // Polkadot's relay chain: Balances is pallet 5; Kusama's: 4, and the address in Kusama's prefix.
    expect(decodeCall(bytes([5, 3], id(), encodeCompact(7)), polkadot.caipNetworkId)).toMatchObject({ kind: 'transfer', amount: 7n })
    expect(decodeCall(bytes([4, 3], id(), encodeCompact(7)), kusama.caipNetworkId)).toMatchObject({
      receiver: { kind: 'id', address: encodeSs58(KEY, 2) },
    })
  })

  it('shows the other MultiAddress variants as their value', () => {
    const read = (address: number[] | Uint8Array) => decodeCall(bytes([10, 3], address, encodeCompact(5)), AH)
    expect(read(bytes([1], encodeCompact(77)))).toMatchObject({ receiver: { kind: 'index', index: 77n } })
    expect(read(bytes([2], encodeCompact(3), [1, 2, 3]))).toMatchObject({ receiver: { kind: 'raw', hex: '0x010203' } })
    expect(read(bytes([3], KEY))).toMatchObject({ receiver: { kind: 'address32', hex: toHex(KEY) } })
    expect(read(bytes([4], KEY.subarray(0, 20)))).toMatchObject({ receiver: { kind: 'address20', hex: toHex(KEY.subarray(0, 20)) } })
  })

  it('reads a remark and a batch_all of known calls; the devnet’s remark is call 1 (statemine 900 has fill_block at 0)', () => {
    expect(decodeCall(bytes([0, 0], encodeCompact(2), [104, 105]), AH)).toEqual({ kind: 'remark', remark: Uint8Array.of(104, 105) })
    expect(decodeCall(bytes([0, 1], encodeCompact(2), [104, 105]), polkadotDevnet.caipNetworkId)).toMatchObject({ kind: 'remark' })
    const transfer = bytes([10, 3], id(), encodeCompact(9))
    expect(decodeCall(bytes([40, 2], encodeCompact(2), transfer, [0, 0, 0]), AH)).toMatchObject({
      kind: 'batchAll',
      calls: [
        { kind: 'transfer', amount: 9n },
        { kind: 'remark', remark: new Uint8Array(0) },
      ],
    })
  })

  it.each([
    ['an unknown call', '0x32050102'],
    ['trailing bytes after a transfer', toHex(bytes([10, 3], id(), encodeCompact(9), [0]))],
    ['a transfer cut short', toHex(bytes([10, 3], id()))],
    ['a MultiAddress variant that does not exist', toHex(bytes([10, 3], [5], KEY, encodeCompact(9)))],
    ['keep_alive that is no bool', toHex(bytes([10, 4], id(), [2]))],
    ['a batch holding an unknown call', toHex(bytes([40, 2], encodeCompact(1), [50, 5, 1, 2]))],
    ['a batch inside a batch', toHex(bytes([40, 2], encodeCompact(1), [40, 2], encodeCompact(0)))],
    ['a batch of 65 calls', toHex(bytes([40, 2], encodeCompact(65), ...Array.from({ length: 65 }, () => [0, 0, 0])))],
    ['a remark that says it is longer than it is', toHex(bytes([0, 0], encodeCompact(100), [1]))],
  ])('shows %s as unknown: its indices and bytes', (_name, hex) => {
    const method = fromHex(hex, 'method')
    expect(decodeCall(method, AH)).toEqual({ kind: 'unknown', pallet: method[0], call: method[1], hex })
  })

  it('reads no call on a network without a table', () => {
    const method = bytes([10, 3], id(), encodeCompact(9))
    for (const network of ['polkadot:e143f23803ac50e8f6f8e62695d1ce9e', 'constructor', '__proto__', 'toString'])
      expect(decodeCall(method, network)).toEqual({ kind: 'unknown', pallet: 10, call: 3, hex: toHex(method) })
  })
})
