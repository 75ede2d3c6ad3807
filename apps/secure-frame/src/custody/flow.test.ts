import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from 'viem'
import { eip155Deriver } from '../families/eip155/derive'
import { solanaDeriver } from '../families/solana/derive'
import { generateDeviceKey, unwrapDeviceShare, wrapDeviceShare } from './deviceKey'
import { openDeviceStore } from './deviceStore'
import { deriveRecoveryKey, openRecoveryShare, sealRecoveryShare } from './recovery'
import { generateSeedEntropy, seedEntropyToBip39Seed } from './seed'
import { combineShares, splitSeed } from './shares'
import { wipe } from './wipe'

/** The whole custody lifecycle with each party's holdings kept apart, as recovery.ts describes. */
describe('custody flow', () => {
  it('creates a wallet, signs in again on the same device, and recovers on a new one', async () => {
    const userId = 'user-42'
    const keyServiceMaterial = crypto.getRandomValues(new Uint8Array(32)) // held by the key service / KMS

    // Creation, in the secure frame.
    const entropy = generateSeedEntropy()
    const entropyHex = bytesToHex(entropy) // test bookkeeping only
    const { device, auth, recovery } = await splitSeed(entropy)
    const bip39Seed = await seedEntropyToBip39Seed(entropy)
    const created = { eip155: eip155Deriver.derive(bip39Seed, 0), solana: solanaDeriver.derive(bip39Seed, 0) }
    const addresses = { eip155: created.eip155.address, solana: created.solana.address }
    created.eip155.destroy()
    created.solana.destroy()
    wipe(entropy, bip39Seed)
    expect(entropy.every((byte) => byte === 0)).toBe(true)

    const factory = new IDBFactory()
    const store = await openDeviceStore(factory)
    const deviceKey = await generateDeviceKey()
    await store.put({ userId, key: deviceKey, wrapped: await wrapDeviceShare(device, deviceKey), createdAt: Date.now() })
    const serverDb = {
      auth: auth.slice(),
      sealedRecovery: await sealRecoveryShare(recovery, await deriveRecoveryKey(keyServiceMaterial, userId)),
    }
    wipe(device, auth, recovery)

    // The database alone: one share and a ciphertext it cannot open without the key service.
    // (Treating the ciphertext as a share either fails on a duplicate x coordinate or gives garbage.)
    const dbOnly = await combineShares([serverDb.auth, serverDb.sealedRecovery.ciphertext.slice(0, 33)]).catch(() => undefined)
    expect(dbOnly && bytesToHex(dbOnly)).not.toBe(entropyHex)

    // Same device, after sign-in: device share + auth share.
    const record = await store.get(userId)
    const again = await combineShares([await unwrapDeviceShare(record!.wrapped, record!.key), serverDb.auth])
    expect(eip155Deriver.derive(await seedEntropyToBip39Seed(again), 0).address).toBe(addresses.eip155)

    // New device: auth share + recovery share opened with the key service's material.
    const recoveryShare = await openRecoveryShare(serverDb.sealedRecovery, await deriveRecoveryKey(keyServiceMaterial, userId))
    const recovered = await combineShares([serverDb.auth, recoveryShare])
    const seed = await seedEntropyToBip39Seed(recovered)
    expect(eip155Deriver.derive(seed, 0).address).toBe(addresses.eip155)
    expect(solanaDeriver.derive(seed, 0).address).toBe(addresses.solana)
    expect(bytesToHex(recovered)).toBe(entropyHex)
    expect(bytesToHex(again)).toBe(entropyHex)
    store.close()
  })
})
