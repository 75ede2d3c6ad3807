import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { bitcoinRegtest, bitcoinTestnet } from '@airlock/chains'
import { parseBitcoinAddress } from '@airlock/chains/bip122'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from 'viem'
import { mnemonicToSeedEntropy, seedEntropyToBip39Seed } from '../../custody/seed'
import { bitcoinDeriver } from './derive'
import { BITCOIN_NETWORKS, bitcoinNetworkOf } from './network'

const seedOf = async (mnemonic: string) => seedEntropyToBip39Seed(mnemonicToSeedEntropy(mnemonic))
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const regtest = bitcoinNetworkOf(bitcoinRegtest.caipNetworkId)!

describe('bitcoin deriver (BIP-84)', () => {
  it("matches BIP-84's test vector at m/84'/0'/0'/0/0 and m/84'/0'/0'/0/1", async () => {
    const seed = await seedOf(ABANDON)
    const account = bitcoinDeriver.derive(seed, 0)
    expect(account.path).toBe("m/84'/0'/0'/0/0")
    expect(account.address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
    expect(bytesToHex(account.publicKey).slice(2)).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c')
    expect(bitcoinDeriver.derive(seed, 1).address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g')
  })

  it("derives the test networks at coin type 1: m/84'/1'/0'/0/i", async () => {
    const account = bitcoinDeriver.derive(await seedOf(ABANDON), 0)
    const testnet = account.keyOn(bitcoinNetworkOf(bitcoinTestnet.caipNetworkId)!)
    expect(testnet.path).toBe("m/84'/1'/0'/0/0")
    // BIP-84's coin type 1 address of the all-abandon mnemonic (Bitcoin Core, Electrum and BDK agree).
    expect(testnet.address).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl')
    expect(account.keyOn(regtest).program).toEqual(testnet.program)
    expect(account.keyOn(regtest).address).toMatch(/^bcrt1q/)
  })

  it("gives the devnet's regtest address of anvil's mnemonic (packages/devnet derives it apart)", async () => {
    const account = bitcoinDeriver.derive(await seedOf('test test test test test test test test test test test junk'), 0)
    const key = account.keyOn(regtest)
    expect(key.address).toBe('bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw')
    expect(bytesToHex(key.publicKey).slice(2)).toBe('03f3d474c86c9be5b82e251cc3cc438d3cc361527b4b9799516c4bd513caf9e5f6')
    expect(account.addresses[regtest.id]).toBe(key.address)
  })

  it("names the account on every network as @airlock/chains reads that network's addresses", async () => {
    const account = bitcoinDeriver.derive(await seedOf(ABANDON), 0)
    expect(Object.keys(account.addresses)).toEqual(BITCOIN_NETWORKS.map((network) => network.id))
    for (const network of BITCOIN_NETWORKS) {
      const key = account.keyOn(network)
      const parsed = parseBitcoinAddress(key.address, network.id)
      expect(parsed, network.name).toMatchObject({ ok: true, type: 'p2wpkh' })
      expect(parsed.ok && parsed.script).toEqual(key.script)
    }
  })

  it('signs a digest with the low-S key of the network and stops once destroyed', async () => {
    const account = bitcoinDeriver.derive(await seedOf(ABANDON), 0)
    const key = account.keyOn(regtest)
    const digest = sha256(new TextEncoder().encode('airlock'))
    const signature = key.sign(digest)
    expect(signature).toHaveLength(64)
    expect(secp256k1.verify(signature, digest, key.publicKey, { lowS: true })).toBe(true)
    expect(secp256k1.verify(signature, digest, account.keyOn(BITCOIN_NETWORKS[0]!).publicKey)).toBe(false)
    account.destroy()
    expect(() => key.sign(digest)).toThrow(/destroyed/)
  })

  it('refuses an index outside BIP-32 unhardened children', async () => {
    const seed = await seedOf(ABANDON)
    expect(() => bitcoinDeriver.derive(seed, -1)).toThrow(RangeError)
    expect(() => bitcoinDeriver.derive(seed, 2 ** 31)).toThrow(RangeError)
  })
})
