import { entropyToMnemonic, mnemonicToEntropy, mnemonicToSeed, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'

/**
 * The wallet secret is BIP-39 *entropy*, generated in the secure frame: 32 random bytes, which is a
 * standard 24-word English mnemonic. We split the entropy (not the 64-byte PBKDF2 seed) because
 * - it is what the user can export or write down, and import into any BIP-39 wallet
 *   (MetaMask, Phantom, hardware wallets) as a mnemonic, so Airlock is never a lock-in;
 * - it is half the size of the derived seed, so each Shamir share is 33 bytes.
 * The 64-byte BIP-39 seed that BIP-32 / SLIP-10 derivation needs is recomputed from the entropy
 * (PBKDF2-HMAC-SHA512, 2048 rounds, empty passphrase) each time the seed is reconstructed.
 *
 * Imported wallets may carry any BIP-39 length (16, 20, 24, 28 or 32 bytes: 12 to 24 words);
 * wallets we create are always 32 bytes.
 */
export const SEED_ENTROPY_BYTES = 32

const VALID_ENTROPY_LENGTHS = new Set([16, 20, 24, 28, 32])

export function assertSeedEntropy(entropy: Uint8Array): void {
  if (!(entropy instanceof Uint8Array) || !VALID_ENTROPY_LENGTHS.has(entropy.length)) {
    throw new RangeError('seed entropy must be 16, 20, 24, 28 or 32 bytes')
  }
}

/** 32 bytes from the platform CSPRNG (`crypto.getRandomValues`). */
export function generateSeedEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_ENTROPY_BYTES))
}

/** The English BIP-39 mnemonic for the entropy (24 words for 32 bytes). For export only. */
export function seedEntropyToMnemonic(entropy: Uint8Array): string {
  assertSeedEntropy(entropy)
  return entropyToMnemonic(entropy, wordlist)
}

/** Entropy of an English BIP-39 mnemonic (import); throws on a wrong word or checksum. */
export function mnemonicToSeedEntropy(mnemonic: string): Uint8Array {
  const normalized = mnemonic.trim().toLowerCase().split(/\s+/).join(' ')
  if (!validateMnemonic(normalized, wordlist)) throw new Error('invalid BIP-39 mnemonic')
  return mnemonicToEntropy(normalized, wordlist)
}

/**
 * The 64-byte BIP-39 seed for the entropy, the input of every `AccountDeriver`. The mnemonic string
 * built on the way cannot be wiped (JS strings are immutable); the caller wipes the returned seed.
 */
export function seedEntropyToBip39Seed(entropy: Uint8Array, passphrase = ''): Promise<Uint8Array> {
  return mnemonicToSeed(seedEntropyToMnemonic(entropy), passphrase)
}
