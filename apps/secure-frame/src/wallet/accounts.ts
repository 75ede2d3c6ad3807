import { FAMILIES, type FrameServices } from '../families/registry'
import type { FamilyAccount } from '../families/types'

/**
 * The user's wallet on this device once opened: account 0 of each chain family the frame serves,
 * all from the one seed.
 */
export interface WalletAccounts {
  /** One per family of families/registry.ts, in its order. */
  readonly all: readonly FamilyAccount<FrameServices>[]
  /** The eip155 address: it names the wallet (the vault and the passkey records keep it to recognise their share). */
  readonly address: string
  /** Wipes every account's key; signing afterwards throws. */
  destroy(): void
}

/** Account 0 of each family from the 64-byte BIP-39 seed (the caller wipes the seed once this resolves). */
export async function deriveWalletAccounts(bip39Seed: Uint8Array): Promise<WalletAccounts> {
  const opened = await Promise.allSettled(FAMILIES.map((family) => family.open(bip39Seed, 0)))
  const all = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failed = opened.find((result) => result.status === 'rejected')
  if (failed) {
    // A family whose code did not load: the keys already derived are not left behind.
    for (const account of all) account.destroy()
    throw failed.reason
  }
  return {
    all,
    address: all.find((account) => account.namespace === 'eip155')!.address,
    destroy() {
      for (const account of all) account.destroy()
    },
  }
}
