import { describe, expect, it } from 'vitest'
import { publicKeyToAddress } from 'viem/accounts'
import { bytesToHex } from 'viem'
import { mnemonicToSeedEntropy, seedEntropyToBip39Seed } from '../../custody/seed'
import { combineShares, splitSeed } from '../../custody/shares'
import { eip155Deriver } from './derive'

const ANVIL = 'test test test test test test test test test test test junk'
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'

describe('eip155 deriver', () => {
  it("derives anvil's accounts 0 and 1 from its mnemonic, through a split and a combine", async () => {
    const { device, auth } = await splitSeed(mnemonicToSeedEntropy(ANVIL))
    const seed = await seedEntropyToBip39Seed(await combineShares([device, auth]))
    const first = eip155Deriver.derive(seed, 0)
    const second = eip155Deriver.derive(seed, 1)
    expect(first.path).toBe("m/44'/60'/0'/0/0")
    expect(first.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(second.path).toBe("m/44'/60'/0'/0/1")
    expect(second.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(first.publicKey).toHaveLength(65)
    expect(publicKeyToAddress(bytesToHex(first.publicKey))).toBe(first.address)
  })

  it('derives the usual address of the all-abandon mnemonic', async () => {
    const seed = await seedEntropyToBip39Seed(mnemonicToSeedEntropy(ABANDON))
    expect(eip155Deriver.derive(seed, 0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
  })

  it('stops signing once destroyed, and rejects bad indexes', async () => {
    const seed = await seedEntropyToBip39Seed(mnemonicToSeedEntropy(ANVIL))
    const account = eip155Deriver.derive(seed, 0)
    expect(account.signer.address).toBe(account.address)
    account.destroy()
    expect(() => account.signer).toThrow(/destroyed/)
    expect(() => eip155Deriver.derive(seed, -1)).toThrow(RangeError)
    expect(() => eip155Deriver.derive(seed, 2 ** 31)).toThrow(RangeError)
    expect(() => eip155Deriver.derive(seed, 1.5)).toThrow(RangeError)
  })
})
