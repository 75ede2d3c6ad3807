import { ed25519 } from '@noble/curves/ed25519'
import { hmac } from '@noble/hashes/hmac'
import { sha256, sha512 } from '@noble/hashes/sha2'
import { base58, hex } from '@scure/base'
import { mnemonicToSeedSync } from '@scure/bip39'
import { describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC } from '../accounts'
import { SOLANA_DEVNET_USDC_MINT, SOLANA_DEVNET_USDC_MINT_SECRET, solanaDevnetAccounts } from './accounts'

/** SLIP-0010 ed25519, hardened children only (written out here so the constants are checked independently). */
function slip10(seed: Uint8Array, path: number[]): Uint8Array {
  let digest = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed)
  for (const index of path) {
    const data = new Uint8Array(37)
    data.set(digest.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, index + 0x80000000)
    digest = hmac(sha512, digest.subarray(32), data)
  }
  return digest.slice(0, 32)
}

describe('Solana devnet accounts', () => {
  it("are m/44'/501'/i'/0' of the devnet mnemonic", () => {
    const seed = mnemonicToSeedSync(DEVNET_MNEMONIC)
    solanaDevnetAccounts.forEach((account, i) => {
      const secret = slip10(seed, [44, 501, i, 0])
      expect(hex.encode(secret)).toBe(account.secretKey)
      expect(base58.encode(ed25519.getPublicKey(secret))).toBe(account.address)
    })
  })

  it('the USDC mint key is the hash its comment names', () => {
    const secret = sha256(new TextEncoder().encode('airlock solana devnet usdc mint'))
    expect(hex.encode(secret)).toBe(SOLANA_DEVNET_USDC_MINT_SECRET)
    expect(base58.encode(ed25519.getPublicKey(secret))).toBe(SOLANA_DEVNET_USDC_MINT)
  })
})
