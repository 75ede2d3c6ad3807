import { describe, expect, it } from 'vitest'
import { bytesToHex } from 'viem'
import { generateSeedEntropy, mnemonicToSeedEntropy, SEED_ENTROPY_BYTES, seedEntropyToBip39Seed, seedEntropyToMnemonic } from './seed'

const ANVIL = 'test test test test test test test test test test test junk'

describe('seed', () => {
  it('generates 32 random bytes, a 24-word mnemonic', () => {
    const a = generateSeedEntropy()
    const b = generateSeedEntropy()
    expect(a).toHaveLength(SEED_ENTROPY_BYTES)
    expect(bytesToHex(a)).not.toBe(bytesToHex(b))
    expect(seedEntropyToMnemonic(a).split(' ')).toHaveLength(24)
  })

  it('round-trips a mnemonic through its entropy', () => {
    const entropy = mnemonicToSeedEntropy(`  ${ANVIL.toUpperCase()}  `)
    expect(entropy).toHaveLength(16)
    expect(seedEntropyToMnemonic(entropy)).toBe(ANVIL)
  })

  it('rejects a bad checksum, an unknown word and a bad entropy length', () => {
    expect(() => mnemonicToSeedEntropy('test test test test test test test test test test test test')).toThrow()
    expect(() => mnemonicToSeedEntropy('test test test test test test test test test test test airlockk')).toThrow()
    expect(() => seedEntropyToMnemonic(new Uint8Array(31))).toThrow(RangeError)
  })

  it('derives the BIP-39 seed of the Trezor reference vector', async () => {
    const entropy = mnemonicToSeedEntropy('legal winner thank year wave sausage worth useful legal winner thank yellow')
    expect(bytesToHex(entropy)).toBe('0x7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f')
    const seed = await seedEntropyToBip39Seed(entropy, 'TREZOR')
    expect(seed).toHaveLength(64)
    expect(bytesToHex(seed).startsWith('0x2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6f')).toBe(true)
  })
})
