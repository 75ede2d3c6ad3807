import { ed25519 } from '@noble/curves/ed25519'
import { hmac } from '@noble/hashes/hmac'
import { sha512 } from '@noble/hashes/sha2'
import { base58 } from '@scure/base'
import { wipe } from '../../custody/wipe'
import { assertAccountIndex, type AccountDeriver, type DerivedAccount } from '../../custody/derive'

export interface SolanaAccount extends DerivedAccount {
  readonly namespace: 'solana'
  /** Base58 of the 32-byte ed25519 public key. */
  readonly address: string
  /** Raw 32-byte ed25519 public key. */
  readonly publicKey: Uint8Array
  /** Ed25519 signature (64 bytes) over the bytes as given: a serialized transaction message or an off-chain message. */
  signBytes(message: Uint8Array): Uint8Array
}

const HARDENED = 0x80000000
const ED25519_CURVE_KEY = new TextEncoder().encode('ed25519 seed')

export interface Slip10Node {
  privateKey: Uint8Array
  chainCode: Uint8Array
}

/**
 * SLIP-0010 derivation for ed25519, which allows hardened children only. `path` lists child indexes
 * *without* the hardened offset (`[44, 501, 0, 0]` is m/44'/501'/0'/0'). The caller wipes the result.
 */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Slip10Node {
  if (seed.length < 16 || seed.length > 64) throw new RangeError('SLIP-10 seed must be 16 to 64 bytes')
  let digest = hmac(sha512, ED25519_CURVE_KEY, seed)
  for (const index of path) {
    assertAccountIndex(index)
    const data = new Uint8Array(37) // 0x00 || key (32) || ser32(index + 2^31)
    data.set(digest.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, index + HARDENED)
    const next = hmac(sha512, digest.subarray(32), data)
    wipe(digest, data)
    digest = next
  }
  const node = { privateKey: digest.slice(0, 32), chainCode: digest.slice(32) }
  wipe(digest)
  return node
}

/**
 * `m/44'/501'/i'/0'`, the path Phantom, Solflare (since 2021), Backpack and `solana-keygen`
 * with `--derivation-path` use for the i-th account.
 */
export const solanaDeriver: AccountDeriver<SolanaAccount> = {
  namespace: 'solana',
  path: (index) => {
    assertAccountIndex(index)
    return `m/44'/501'/${index}'/0'`
  },
  derive(bip39Seed, index) {
    const path = solanaDeriver.path(index)
    const { privateKey, chainCode } = slip10Ed25519(bip39Seed, [44, 501, index, 0])
    wipe(chainCode)
    const publicKey = ed25519.getPublicKey(privateKey)
    let alive = true
    return {
      namespace: 'solana',
      index,
      path,
      address: base58.encode(publicKey),
      publicKey,
      signBytes(message) {
        if (!alive) throw new Error('account destroyed')
        return ed25519.sign(message, privateKey)
      },
      destroy() {
        alive = false
        wipe(privateKey)
      },
    }
  },
}
