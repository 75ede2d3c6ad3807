import { hmac } from '@noble/hashes/hmac'
import { sha256, sha512 } from '@noble/hashes/sha2'
import { wipe } from '../../custody/wipe'

/**
 * The Ledger Polkadot app's key derivation (BIP32-Ed25519, Khovratovich and Law, hardened children
 * only), as @polkadot/util-crypto's hdLedger computes it: from the 64-byte BIP-39 seed, so a
 * family's `open` can run it (polkadot-js' sr25519 needs the mnemonic's entropy instead). The
 * result is the 32-byte ed25519 secret seed (RFC 8032) of the node at `path`.
 */

const HARDENED = 0x80000000
const CURVE_KEY = new TextEncoder().encode('ed25519 seed')
const MOD_256 = 1n << 256n

const fromLe = (bytes: Uint8Array) => bytes.reduceRight((n, byte) => (n << 8n) | BigInt(byte), 0n)
/** The low 32 bytes of `n`, little-endian: the spec's additions wrap at 2^256. */
function toLe32(n: bigint): Uint8Array {
  const out = new Uint8Array(32)
  let rest = n % MOD_256
  for (let i = 0; i < 32; i++, rest >>= 8n) out[i] = Number(rest & 0xffn)
  return out
}

/** kL ‖ kR ‖ chain code (96 bytes) of the master node; the caller wipes it. */
function master(bip39Seed: Uint8Array): Uint8Array {
  const chainCode = hmac(sha256, CURVE_KEY, Uint8Array.of(1, ...bip39Seed))
  let key = hmac(sha512, CURVE_KEY, bip39Seed)
  // The spec's rule: retry until the third-highest bit of kL's last byte is clear.
  while (key[31]! & 0b0010_0000) {
    const next = hmac(sha512, CURVE_KEY, key)
    wipe(key)
    key = next
  }
  key[0]! &= 0b1111_1000
  key[31]! &= 0b0111_1111
  key[31]! |= 0b0100_0000
  const node = new Uint8Array(96)
  node.set(key)
  node.set(chainCode, 64)
  wipe(key, chainCode)
  return node
}

/** The hardened child `index` (offset added here) of a 96-byte node; the caller wipes both. */
function child(node: Uint8Array, index: number): Uint8Array {
  const kl = node.subarray(0, 32)
  const kr = node.subarray(32, 64)
  const chainCode = node.subarray(64, 96)
  const data = new Uint8Array(69)
  data.set(kl, 1)
  data.set(kr, 33)
  new DataView(data.buffer).setUint32(65, index + HARDENED, true)
  const z = hmac(sha512, chainCode, data)
  data[0] = 0x01
  const nextChainCode = hmac(sha512, chainCode, data).subarray(32)
  const next = new Uint8Array(96)
  next.set(toLe32(fromLe(kl) + 8n * fromLe(z.subarray(0, 28))))
  next.set(toLe32(fromLe(kr) + fromLe(z.subarray(32))), 32)
  next.set(nextChainCode, 64)
  wipe(data, z, nextChainCode)
  return next
}

/** The ed25519 secret seed at `path` (child numbers without the hardened offset: every level is hardened). */
export function ledgerEd25519Seed(bip39Seed: Uint8Array, path: readonly number[]): Uint8Array {
  let node = master(bip39Seed)
  for (const index of path) {
    const next = child(node, index)
    wipe(node)
    node = next
  }
  const seed = node.slice(0, 32)
  wipe(node)
  return seed
}
