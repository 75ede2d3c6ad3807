import { blake2b } from '@noble/hashes/blake2b'
import { decodeAddress, encodeAddress } from '@polkadot/util-crypto'
import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { decodeSs58, decodeSs58Checked, encodeSs58 } from './ss58'

const KEYS = [new Uint8Array(32), new Uint8Array(32).fill(0xff), Uint8Array.from({ length: 32 }, (_, i) => i * 7 + 1)]

describe('SS58', () => {
  it.each([0, 2, 42, 64, 16383])('encodes and decodes prefix %i as @polkadot/util-crypto does', (prefix) => {
    for (const key of KEYS) {
      const address = encodeAddress(key, prefix)
      expect(encodeSs58(key, prefix)).toBe(address)
      expect(decodeSs58(address)).toEqual({ publicKey: key, prefix })
      expect(decodeAddress(address)).toEqual(key)
    }
  })

  it('reads a 2-byte prefix across its whole range', () => {
    for (const prefix of [65, 255, 256, 1000, 4095, 8191, 12345]) expect(decodeSs58(encodeAddress(KEYS[2]!, prefix))?.prefix).toBe(prefix)
  })

  it('tells a mistyped address (checksum fails) from text that is none', () => {
    const address = encodeSs58(KEYS[2]!, 0)
    // Swap two characters in the middle: the same length and alphabet, another account id or checksum.
    const typo = `${address.slice(0, 20)}${address[21]}${address[20]}${address.slice(22)}`
    expect(typo).not.toBe(address)
    expect(decodeSs58(typo)).toBeUndefined()
    expect(decodeSs58Checked(typo)).toMatchObject({ checksumOk: false, prefix: 0 })
    expect(() => decodeAddress(typo)).toThrow(/checksum/)
    // A character too many can still read as 36 bytes: a mistyped address as well.
    expect(decodeSs58Checked(`${address}1`)?.checksumOk).toBe(false)
    for (const none of ['', 'hello', address.slice(1), `0x${'00'.repeat(32)}`, 'I'.repeat(47), '1'.repeat(5000)])
      expect(decodeSs58Checked(none), none.slice(0, 20)).toBeUndefined()
  })

  it('refuses a 2-byte prefix below 64, which has a 1-byte form (one account, one address per prefix)', () => {
    const body = Uint8Array.of(0x40, 0x80, ...KEYS[2]!) // prefix 2 in the 2-byte layout
    const sum = blake2b(Uint8Array.of(...new TextEncoder().encode('SS58PRE'), ...body), { dkLen: 64 })
    const nonCanonical = base58.encode(Uint8Array.of(...body, sum[0]!, sum[1]!))
    expect(decodeSs58Checked(nonCanonical)).toBeUndefined()
  })

  it('refuses keys that are not 32 bytes and prefixes out of range', () => {
    expect(() => encodeSs58(new Uint8Array(33), 0)).toThrow('An SS58 account id is 32 bytes, not 33')
    expect(() => encodeSs58(KEYS[0]!, 16384)).toThrow('SS58 prefix 16384 is not 0 to 16383')
    expect(() => encodeSs58(KEYS[0]!, 1.5)).toThrow('SS58 prefix 1.5 is not 0 to 16383')
    // A 33-byte ECDSA key's SS58 (a length polkadot-js allows) is no Airlock account.
    expect(decodeSs58(encodeAddress(new Uint8Array(33).fill(2), 0))).toBeUndefined()
  })
})
