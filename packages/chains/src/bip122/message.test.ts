import { secp256k1 } from '@noble/curves/secp256k1'
import { Verifier } from 'bip322-js'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from './bytes'
import { bitcoinMessageHash, encodeMessageSignature, P2WPKH_MESSAGE_HEADER, signBitcoinMessageEcdsa } from './message'

// The devnet's P2WPKH account 0 (packages/devnet bitcoin/accounts.ts, m/84'/1'/0'/0/0 of anvil's mnemonic).
const DEVNET = {
  address: 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
  privateKey: 'b5c8b4acf7b66682afbc5eef20c3b12998ba3c14a97047c9187454377f1a7856',
  publicKey: '03f3d474c86c9be5b82e251cc3cc438d3cc361527b4b9799516c4bd513caf9e5f6',
}
const OTHER = 'bcrt1qlqj2pdsteppkcr8jkp9ms0wpvey89tna8v72sj'

const sign = (hash: Uint8Array) => {
  const signature = secp256k1.sign(hash, DEVNET.privateKey, { lowS: true })
  return { signature: signature.toCompactRawBytes(), recovery: signature.recovery }
}
const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))

describe('the legacy ("Bitcoin Signed Message") hash', () => {
  it('is hash256 of the magic, the CompactSize length and the UTF-8 message (bitcoinjs-message magicHash vectors)', () => {
    expect(bytesToHex(bitcoinMessageHash('Hello World'))).toBe('a7af0baad5ae99b97fc69b3a0d1abcf3ef17f131cc4776e1bc11933ec8550f49')
    expect(bytesToHex(bitcoinMessageHash(''))).toBe('80e795d4a4caadd7047af389d9f7f220562feb6196032e2131e10563352c4bcc')
    // 400 bytes of UTF-8: a three-byte length (0xfd 0x90 0x01).
    expect(bytesToHex(bitcoinMessageHash('é'.repeat(200)))).toBe('8e5ff26f7f784b630c6b585271e93747f068862a2c4f541db351aff5aa373778')
  })
})

describe('signBitcoinMessageEcdsa', () => {
  it('gives 65 bytes: the P2WPKH header (39 + recovery id), then r ‖ s that verify for the key over the hash', () => {
    const message = 'airlock'
    const signature = bytes(signBitcoinMessageEcdsa(message, sign))
    expect(signature).toHaveLength(65)
    expect(signature[0]! - P2WPKH_MESSAGE_HEADER).toBeGreaterThanOrEqual(0)
    expect(signature[0]! - P2WPKH_MESSAGE_HEADER).toBeLessThanOrEqual(3)
    const compact = signature.subarray(1)
    expect(secp256k1.verify(compact, bitcoinMessageHash(message), DEVNET.publicKey)).toBe(true)
    const recovered = secp256k1.Signature.fromCompact(compact)
      .addRecoveryBit(signature[0]! - P2WPKH_MESSAGE_HEADER)
      .recoverPublicKey(bitcoinMessageHash(message))
    expect(recovered.toHex(true)).toBe(DEVNET.publicKey)
  })

  it('is what bip322-js verifies for the devnet address (loosely, as the API does, and strictly by its header), and only that message', () => {
    for (const message of ['Hello World', '', 'localhost wants you to sign in with your Bitcoin account:\n…', 'é'.repeat(300)]) {
      const signature = signBitcoinMessageEcdsa(message, sign)
      const name = JSON.stringify(message.slice(0, 20))
      expect(Verifier.verifySignature(DEVNET.address, message, signature), name).toBe(true)
      expect(Verifier.verifySignature(DEVNET.address, message, signature, true), name).toBe(true)
      expect(Verifier.verifySignature(DEVNET.address, `${message}.`, signature)).toBe(false)
      expect(Verifier.verifySignature(OTHER, message, signature)).toBe(false)
    }
  })

  it('refuses what is not a compact signature with its recovery id', () => {
    expect(() => encodeMessageSignature({ signature: new Uint8Array(63), recovery: 0 })).toThrow(/64 bytes/)
    expect(() => encodeMessageSignature({ signature: new Uint8Array(64), recovery: 4 })).toThrow(/recovery/)
  })
})
