import { ed25519 } from '@noble/curves/ed25519'
import { describe, expect, it } from 'vitest'
import { bytesToHex, hexToBytes } from 'viem'
import { mnemonicToSeedEntropy, seedEntropyToBip39Seed } from '../../custody/seed'
import { slip10Ed25519, solanaDeriver } from './derive'

const hex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2)

/** SLIP-0010, "Test vector 1 for ed25519"; public keys there carry a 00 prefix, dropped here. */
const SLIP10_SEED = hexToBytes('0x000102030405060708090a0b0c0d0e0f')
const SLIP10_VECTOR_1 = [
  {
    path: [],
    chainCode: '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
    privateKey: '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    publicKey: 'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
  },
  {
    path: [0],
    chainCode: '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
    privateKey: '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    publicKey: '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
  },
  {
    path: [0, 1],
    chainCode: 'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
    privateKey: 'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
    publicKey: '1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187',
  },
]

describe('SLIP-10 ed25519', () => {
  it.each(SLIP10_VECTOR_1)('matches test vector 1 at m/$path (H)', ({ path, chainCode, privateKey, publicKey }) => {
    const node = slip10Ed25519(SLIP10_SEED, path)
    expect(hex(node.chainCode)).toBe(chainCode)
    expect(hex(node.privateKey)).toBe(privateKey)
    expect(hex(ed25519.getPublicKey(node.privateKey))).toBe(publicKey)
  })

  it('rejects a seed outside 16..64 bytes', () => {
    expect(() => slip10Ed25519(new Uint8Array(15), [])).toThrow(RangeError)
    expect(() => slip10Ed25519(new Uint8Array(65), [])).toThrow(RangeError)
  })
})

describe('solana deriver', () => {
  it("derives Phantom's first address of the all-abandon mnemonic at m/44'/501'/0'/0'", async () => {
    const seed = await seedEntropyToBip39Seed(
      mnemonicToSeedEntropy('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'),
    )
    const account = solanaDeriver.derive(seed, 0)
    expect(account.path).toBe("m/44'/501'/0'/0'")
    expect(account.address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
    expect(solanaDeriver.derive(seed, 1).path).toBe("m/44'/501'/1'/0'")
    expect(solanaDeriver.derive(seed, 1).address).not.toBe(account.address)
  })

  it('signs bytes with ed25519 and stops once destroyed', async () => {
    const seed = await seedEntropyToBip39Seed(mnemonicToSeedEntropy('test test test test test test test test test test test junk'))
    const account = solanaDeriver.derive(seed, 0)
    const message = new TextEncoder().encode('airlock')
    const signature = account.signBytes(message)
    expect(signature).toHaveLength(64)
    expect(ed25519.verify(signature, message, account.publicKey)).toBe(true)
    account.destroy()
    expect(() => account.signBytes(message)).toThrow(/destroyed/)
  })
})
