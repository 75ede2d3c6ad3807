import { eip155Deriver, type Eip155Account } from '../custody/derive/eip155'
import type { SolanaAccount } from '../custody/derive/solana'

/**
 * The user's wallet on this device once opened: account 0 of each chain family the frame derives,
 * all from the one seed. The eip155 address names the wallet (the vault and the passkey records
 * keep it to recognise their share).
 */
export interface WalletAccounts {
  readonly eip155: Eip155Account
  readonly solana: SolanaAccount
  /** Wipes every account's key; signing afterwards throws. */
  destroy(): void
}

/** Account 0 of each family from the 64-byte BIP-39 seed (the caller wipes the seed once this resolves). */
export async function deriveWalletAccounts(bip39Seed: Uint8Array): Promise<WalletAccounts> {
  // ed25519 loads when a wallet opens, not with the frame: the frame's first job is to say ready.
  const { solanaDeriver } = await import('../custody/derive/solana')
  const eip155 = eip155Deriver.derive(bip39Seed, 0)
  const solana = solanaDeriver.derive(bip39Seed, 0)
  return {
    eip155,
    solana,
    destroy() {
      eip155.destroy()
      solana.destroy()
    },
  }
}
