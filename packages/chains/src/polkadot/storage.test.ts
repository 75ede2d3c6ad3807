import { TypeRegistry } from '@polkadot/types'
import { u8aConcat, u8aToHex } from '@polkadot/util'
import { blake2AsU8a, xxhashAsU8a } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { decodeFreeBalance, systemAccountKey } from './storage'

const KEYS = [new Uint8Array(32), new Uint8Array(32).fill(0xff), Uint8Array.from({ length: 32 }, (_, i) => i * 7 + 1)]
const registry = new TypeRegistry()

describe('System.Account', () => {
  it('is keyed as polkadot-js hashes it: twox128("System") ‖ twox128("Account") ‖ blake2_128(who) ‖ who', () => {
    for (const who of KEYS) {
      const reference = u8aConcat(xxhashAsU8a('System', 128), xxhashAsU8a('Account', 128), blake2AsU8a(who, 128), who)
      expect(systemAccountKey(who)).toBe(u8aToHex(reference))
    }
  })

  it('reads the free balance of an AccountInfo as @polkadot/types encodes it; an unseen account holds 0', () => {
    for (const free of [0n, 1n, 10_000n * 10n ** 12n, (1n << 128n) - 1n]) {
      const info = registry.createType('AccountInfo', {
        nonce: 7,
        consumers: 1,
        providers: 1,
        sufficients: 0,
        data: { free, reserved: 5n, frozen: 3n, flags: 1n << 127n },
      })
      expect(decodeFreeBalance(info.toHex())).toBe(free)
    }
    expect(decodeFreeBalance(null)).toBe(0n)
  })

  it('reads nothing from what is no AccountInfo', () => {
    for (const answer of [
      '0x12',
      `0x${'00'.repeat(257)}`,
      `0X${'00'.repeat(32)}`,
      `0x${'0g'.repeat(32)}`,
      12,
      undefined,
      {},
      [`0x${'00'.repeat(32)}`],
    ])
      expect(decodeFreeBalance(answer)).toBeUndefined()
  })
})
