import { combine, split } from 'shamir-secret-sharing'
import { assertSeedEntropy } from './seed'

/**
 * 2-of-3 Shamir shares of the seed entropy (shamir-secret-sharing by Privy, audited; GF(2^8)).
 * Each share is the library's encoding: `seed.length + 1` bytes, the last byte being the share's
 * x coordinate (random, distinct, non-zero). Any one share is independent of the seed; any two
 * reconstruct it. Shamir has no integrity check: two shares from *different* splits combine to a
 * wrong seed without an error, so a caller that reconstructs checks the result against something
 * it already knows (for example the account's eip155 index-0 address).
 */
export interface SeedShares {
  /** Stays on this device, wrapped by a non-extractable key (deviceKey.ts, deviceStore.ts). */
  device: Uint8Array
  /** Stored by the secure-frame server, released to the user's authenticated session. */
  auth: Uint8Array
  /** Sealed under the recovery key (recovery.ts) before it leaves the frame; stored by the server. */
  recovery: Uint8Array
}

export const SHARE_THRESHOLD = 2

export async function splitSeed(seed: Uint8Array): Promise<SeedShares> {
  assertSeedEntropy(seed)
  const [device, auth, recovery] = await split(seed, 3, SHARE_THRESHOLD)
  if (!device || !auth || !recovery) throw new Error('shamir split returned fewer than 3 shares')
  return { device, auth, recovery }
}

/** The seed from exactly two distinct shares of the same split. Throws on one share or a duplicate. */
export async function combineShares(shares: readonly [Uint8Array, Uint8Array]): Promise<Uint8Array> {
  if (shares.length !== SHARE_THRESHOLD) throw new RangeError('combineShares needs exactly 2 shares')
  const seed = await combine([...shares])
  assertSeedEntropy(seed)
  return seed
}
