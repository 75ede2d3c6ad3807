import { eip155Deriver, type Eip155Account } from '../custody/derive/eip155'
import { deriveRecoveryKey, openRecoveryShare, sealRecoveryShare } from '../custody/recovery'
import { generateSeedEntropy, seedEntropyToBip39Seed } from '../custody/seed'
import { combineShares, splitSeed } from '../custody/shares'
import type { DeviceVault } from '../custody/vault'
import { wipe } from '../custody/wipe'
import type { ServerClient } from '../server/client'

/** The sealed recovery share on the server: version byte, 12-byte iv, ciphertext + tag. */
const SEALED_HEADER_BYTES = 13

export const KeyringError = {
  wrongShares: "This device's key share does not match the account's wallet: sign in again to recover it",
  recoveryFailed: 'The wallet could not be recovered on this device',
} as const

/**
 * Opens the signed-in user's wallet on this device, creating it on the first login:
 * - first login ever: a fresh seed, split 2-of-3; the device share into the vault, the auth share
 *   and the sealed recovery share to the server;
 * - known device: device share + auth share;
 * - new device (or a wiped one): auth share + recovery share (the server releases it only right
 *   after a login on a verified device); the recovery share then becomes this device's share.
 * The seed and the shares are wiped once the account key is derived; only the account stays.
 */
export async function openWallet(server: ServerClient, vault: DeviceVault, userId: string): Promise<Eip155Account> {
  const auth = await server.authShare()
  if (!auth) return createWallet(server, vault, userId)
  const stored = await vault.load(userId).catch(() => undefined)
  if (stored) {
    const account = await deriveAccount(await combineShares([stored.share, auth]))
    wipe(stored.share, auth)
    if (account.address.toLowerCase() === stored.address.toLowerCase()) return account
    account.destroy()
    // A share left from an older wallet of this user id: forget it and recover below.
    await vault.remove(userId)
    return recoverWallet(server, vault, userId, await server.authShare().then((share) => share ?? fail(KeyringError.wrongShares)))
  }
  return recoverWallet(server, vault, userId, auth)
}

async function createWallet(server: ServerClient, vault: DeviceVault, userId: string): Promise<Eip155Account> {
  const entropy = generateSeedEntropy()
  const { device, auth, recovery } = await splitSeed(entropy)
  const account = await deriveAccount(entropy)
  try {
    const recoveryKey = await deriveRecoveryKey(await server.recoveryMaterial(), userId)
    const sealed = await sealRecoveryShare(recovery, recoveryKey)
    await vault.save(userId, { share: device, address: account.address })
    await server.putShares({ authShare: auth, sealedRecoveryShare: new Uint8Array([sealed.v, ...sealed.iv, ...sealed.ciphertext]) })
    return account
  } catch (error) {
    account.destroy()
    throw error
  } finally {
    wipe(device, auth, recovery)
  }
}

async function recoverWallet(server: ServerClient, vault: DeviceVault, userId: string, auth: Uint8Array): Promise<Eip155Account> {
  const { sealed, material } = await server.sealedRecoveryShare()
  let recovery: Uint8Array
  try {
    const key = await deriveRecoveryKey(material, userId)
    recovery = await openRecoveryShare(
      { v: 1, iv: sealed.subarray(1, SEALED_HEADER_BYTES), ciphertext: sealed.subarray(SEALED_HEADER_BYTES) },
      key,
    )
  } catch {
    throw new Error(KeyringError.recoveryFailed)
  } finally {
    material.fill(0)
  }
  const account = await deriveAccount(await combineShares([auth, recovery]))
  try {
    await vault.save(userId, { share: recovery, address: account.address })
    return account
  } catch (error) {
    account.destroy()
    throw error
  } finally {
    wipe(auth, recovery)
  }
}

/** The eip155 account 0 of the seed entropy; the entropy and the BIP-39 seed are wiped. */
async function deriveAccount(entropy: Uint8Array): Promise<Eip155Account> {
  const seed = await seedEntropyToBip39Seed(entropy)
  try {
    return eip155Deriver.derive(seed, 0)
  } finally {
    wipe(entropy, seed)
  }
}

function fail(message: string): never {
  throw new Error(message)
}
