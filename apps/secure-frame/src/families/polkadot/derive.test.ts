import { encodeAddress, hdLedger, signatureVerify } from '@polkadot/util-crypto'
import { polkadotAssetHub, polkadotDevnet, kusamaAssetHub } from '@airlock/chains'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from 'viem'
import { mnemonicToSeedEntropy, seedEntropyToBip39Seed } from '../../custody/seed'
import { polkadotDeriver } from './derive'
import { ledgerEd25519Seed } from './ledger'

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const OPEN =
  'open jelly jeans corn ketchup supreme brief element armed lens vault weather original scissors rug priority vicious lesson raven spot gossip powder person volcano'
const seedOf = async (mnemonic: string, passphrase = '') => seedEntropyToBip39Seed(mnemonicToSeedEntropy(mnemonic), passphrase)

/**
 * @polkadot/util-crypto's published Ledger vectors (hd/ledger/index.spec.ts): the ed25519 secret
 * seed at `m/44'/<coin>'/<account>'/0'/<address>'` (Kusama's app used coin type 434, Polkadot's 354).
 */
const LEDGER_VECTORS = [
  {
    mnemonic: ABANDON,
    passphrase: '',
    path: [44, 434, 0, 0, 0],
    seed: '0x98cb4e14e0e08ea876f88d728545ea7572dc07dbbe69f1731c418fb827e69d41',
  },
  { mnemonic: OPEN, passphrase: '', path: [44, 434, 0, 0, 0], seed: '0x70e9010e84c81095aaa5f63b1c5a6a66a1dcbec017a23c2f3b7a1b08fe5ea65a' },
  { mnemonic: OPEN, passphrase: '', path: [44, 434, 5, 0, 7], seed: '0xf06730efb1e6ea59ac752a7c3620fade3909062fb88597856cc3af72045fa65a' },
  {
    mnemonic: ABANDON,
    passphrase: '',
    path: [44, 354, 0, 0, 0],
    seed: '0xe8c68348586d53e4e8d1a864b0e4e17c75e4eb06e0c63c1432bef2ba29e69d41',
  },
  {
    mnemonic: OPEN,
    passphrase: 'testing',
    path: [44, 354, 0, 0, 0],
    seed: '0x3890e8db837eba3f8f25215c753e1091062298ce671a51441e7ef89a7adc4f48',
  },
]

describe('Ledger (BIP32-Ed25519) derivation', () => {
  it.each(LEDGER_VECTORS)("matches polkadot-js' vector at $path", async ({ mnemonic, passphrase, path, seed }) => {
    expect(bytesToHex(ledgerEd25519Seed(await seedOf(mnemonic, passphrase), path))).toBe(seed)
  })
})

describe('polkadot deriver', () => {
  it("derives the account polkadot-js' hdLedger gives at m/44'/354'/i'/0'/0', named in each network's SS58 format", async () => {
    const seed = await seedOf(ABANDON)
    for (const index of [0, 1]) {
      const account = polkadotDeriver.derive(seed, index)
      const reference = hdLedger(ABANDON, `m/44'/354'/${index}'/0'/0'`)
      expect(account.path).toBe(`m/44'/354'/${index}'/0'/0'`)
      expect(bytesToHex(account.publicKey)).toBe(bytesToHex(reference.publicKey))
      expect(account.address).toBe(encodeAddress(reference.publicKey, 0))
      expect(account.addresses[polkadotAssetHub.caipNetworkId as `polkadot:${string}`]).toBe(encodeAddress(reference.publicKey, 0))
      expect(account.addresses[kusamaAssetHub.caipNetworkId as `polkadot:${string}`]).toBe(encodeAddress(reference.publicKey, 2))
      expect(account.addresses[polkadotDevnet.caipNetworkId as `polkadot:${string}`]).toBe(encodeAddress(reference.publicKey, 2))
    }
    expect(polkadotDeriver.derive(seed, 1).address).not.toBe(polkadotDeriver.derive(seed, 0).address)
  })

  it('signs bytes with ed25519 (verified by @polkadot/util-crypto) and stops once destroyed', async () => {
    const account = polkadotDeriver.derive(await seedOf(ABANDON), 0)
    const message = new TextEncoder().encode('airlock')
    const signature = account.signBytes(message)
    expect(signatureVerify(message, signature, account.address)).toMatchObject({ isValid: true, crypto: 'ed25519' })
    account.destroy()
    expect(() => account.signBytes(message)).toThrow(/destroyed/)
  })
})
