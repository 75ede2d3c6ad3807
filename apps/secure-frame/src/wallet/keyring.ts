import { newPrfSalt, openWithPasskey, passkeyOutput, createPasskey, sealWithPasskey } from '../custody/passkey'
import { decodeSealedRecovery, deriveRecoveryKey, encodeSealedRecovery, openRecoveryShare, sealRecoveryShare } from '../custody/recovery'
import { generateSeedEntropy, seedEntropyToBip39Seed } from '../custody/seed'
import { combineShares, splitSeed } from '../custody/shares'
import type { DeviceVault } from '../custody/vault'
import { wipe } from '../custody/wipe'
import type { ServerClient } from '../server/client'
import type { KeyServiceClient } from '../server/keyService'
import { deriveWalletAccounts, type WalletAccounts } from './accounts'

export const KeyringError = {
  recoveryFailed: 'The wallet could not be recovered on this device',
  noMaterial: 'The key service holds no key for this wallet',
  wrongPasskey: 'This passkey does not open this wallet',
  noShare: 'This device holds no share of the wallet: sign in again',
} as const

/** A signed-in user whose wallet this device cannot open alone: it needs the second factor. */
export class SecondFactorNeeded extends Error {
  override readonly name = 'SecondFactorNeeded'
  constructor() {
    super('This device needs the second factor to open the wallet')
  }
}

export interface Keyring {
  /**
   * The user's wallet on this device: created at the first login ever (shares to the vault, the
   * server and the key service's enrolment), or opened with this device's share and the auth
   * share. A device without a share throws SecondFactorNeeded.
   */
  open(): Promise<WalletAccounts>
  /** A new device: the key service's code releases the material that opens the recovery share. */
  recoverWithCode(code: string): Promise<WalletAccounts>
  /** A new device: one of the account's passkeys opens its sealed share. */
  recoverWithPasskey(rpId: string): Promise<WalletAccounts>
  /** Seals this device's share under a new passkey; the account's passkey count. */
  addPasskey(user: { name: string }, rpId: string): Promise<number>
}

/**
 * The custody steps of one signed-in user on this device (custody/recovery.ts has who holds what).
 * The seed and the shares are wiped once the account keys are derived; only the accounts stay.
 */
export function keyringOf(deps: { server: ServerClient; keys: KeyServiceClient; vault: DeviceVault; userId: string }): Keyring {
  const { server, keys, vault, userId } = deps

  /** The accounts of two shares; on a device, its share is kept (with the address, to tell a stale share later). */
  const combine = async (pair: [Uint8Array, Uint8Array], keep?: Uint8Array, expected?: string): Promise<WalletAccounts> => {
    const accounts = await deriveAccounts(await combineShares(pair))
    const address = accounts.address
    try {
      if (expected && address.toLowerCase() !== expected.toLowerCase()) throw new Error(KeyringError.wrongPasskey)
      if (keep) await vault.save(userId, { share: keep, address })
      return accounts
    } catch (error) {
      accounts.destroy()
      throw error
    } finally {
      wipe(...pair)
    }
  }

  const create = async (): Promise<WalletAccounts> => {
    const entropy = generateSeedEntropy()
    const { device, auth, recovery } = await splitSeed(entropy)
    const accounts = await deriveAccounts(entropy)
    try {
      const { keyId, material } = await keys.enrol()
      const sealed = await sealRecoveryShare(recovery, await deriveRecoveryKey(material, userId))
      material.fill(0)
      await vault.save(userId, { share: device, address: accounts.address })
      await server.putShares({ authShare: auth, sealedRecoveryShare: encodeSealedRecovery(keyId, sealed) })
      return accounts
    } catch (error) {
      accounts.destroy()
      throw error
    } finally {
      wipe(device, auth, recovery)
    }
  }

  return {
    async open() {
      const auth = await server.authShare()
      if (!auth) return create()
      const stored = await vault.load(userId).catch(() => undefined)
      if (!stored) throw new SecondFactorNeeded()
      try {
        return await combine([stored.share, auth], undefined, stored.address)
      } catch {
        // A share left from an older wallet of this user id: forget it; the device is new again.
        await vault.remove(userId)
        throw new SecondFactorNeeded()
      }
    },
    async recoverWithCode(code) {
      const materials = await keys.recover(code)
      const { keyId, sealed } = decodeSealedRecovery(await server.sealedRecoveryShare())
      const material = materials.find((item) => item.keyId === keyId)
      if (!material) throw new Error(KeyringError.noMaterial)
      let recovery: Uint8Array
      try {
        recovery = await openRecoveryShare(sealed, await deriveRecoveryKey(material.material, userId))
      } catch {
        throw new Error(KeyringError.recoveryFailed)
      } finally {
        for (const item of materials) item.material.fill(0)
      }
      const auth = (await server.authShare()) ?? fail(KeyringError.recoveryFailed)
      return combine([auth, recovery], recovery.slice())
    },
    async recoverWithPasskey(rpId) {
      const passkeys = await server.passkeys()
      const { credentialId, output } = await passkeyOutput(passkeys, rpId)
      const record = passkeys.find((passkey) => passkey.credentialId === credentialId) ?? fail(KeyringError.wrongPasskey)
      let opened: { share: Uint8Array; address: string }
      try {
        opened = await openWithPasskey(output, userId, record.sealedShare)
      } catch {
        throw new Error(KeyringError.wrongPasskey)
      } finally {
        output.fill(0)
      }
      const auth = (await server.authShare()) ?? fail(KeyringError.recoveryFailed)
      return combine([auth, opened.share], opened.share.slice(), opened.address)
    },
    async addPasskey(user, rpId) {
      const stored = (await vault.load(userId)) ?? fail(KeyringError.noShare)
      try {
        const { credentialId } = await createPasskey({ id: userId, name: user.name }, rpId)
        const prfSalt = newPrfSalt()
        const { output } = await passkeyOutput([{ credentialId, prfSalt }], rpId)
        try {
          return await server.putPasskey({ credentialId, prfSalt, sealedShare: await sealWithPasskey(output, userId, stored) })
        } finally {
          output.fill(0)
        }
      } finally {
        wipe(stored.share)
      }
    },
  }
}

/** The wallet's accounts of the seed entropy; the entropy and the BIP-39 seed are wiped. */
async function deriveAccounts(entropy: Uint8Array): Promise<WalletAccounts> {
  const seed = await seedEntropyToBip39Seed(entropy)
  try {
    return await deriveWalletAccounts(seed)
  } finally {
    wipe(entropy, seed)
  }
}

function fail(message: string): never {
  throw new Error(message)
}
