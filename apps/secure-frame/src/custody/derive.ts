import type { Namespace } from '@airlock/protocol'

/** An account derived from the BIP-39 seed. Holds its private key until `destroy()`. */
export interface DerivedAccount {
  readonly namespace: Namespace
  readonly index: number
  /** Derivation path, e.g. `m/44'/60'/0'/0/0`. */
  readonly path: string
  /** The address in the namespace's own format (EIP-55 checksummed hex, base58, ...). */
  readonly address: string
  readonly publicKey: Uint8Array
  /** Zeroes the private key bytes this object owns; signing afterwards throws. See wipe.ts for limits. */
  destroy(): void
}

/**
 * Derives accounts of one namespace from the 64-byte BIP-39 seed (seed.ts: `seedEntropyToBip39Seed`).
 * `derive` is synchronous and the caller wipes the seed when done with it.
 */
export interface AccountDeriver<A extends DerivedAccount = DerivedAccount> {
  readonly namespace: A['namespace']
  path(index: number): string
  derive(bip39Seed: Uint8Array, index: number): A
}

/** Account indexes are BIP-32 child numbers below the hardened offset. */
export function assertAccountIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) throw new RangeError('account index must be an integer in [0, 2^31)')
}
