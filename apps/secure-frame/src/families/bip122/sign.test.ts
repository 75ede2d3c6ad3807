import { secp256k1 } from '@noble/curves/secp256k1'
import { bitcoinMessageHash, bitcoinParams, P2WPKH_MESSAGE_HEADER } from '@airlock/chains/bip122'
import { Verifier } from 'bip322-js'
import { Psbt, script, Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { signMessageBip322, signMessageEcdsa, signPsbtInputs } from './sign'
import { REGTEST, regtestAccount, transfer, utxo } from './testing'

const regtest = bitcoinParams(REGTEST.id)!

describe('BIP-322 simple', () => {
  it('signs a message that bip322-js verifies for the address, and only that message', async () => {
    const key = (await regtestAccount()).keyOn(REGTEST)
    for (const message of ['Hello World', '', 'localhost wants you to sign in with your Bitcoin account:\n…', 'é'.repeat(300)]) {
      const signature = signMessageBip322(key, message)
      expect(Verifier.verifySignature(key.address, message, signature), JSON.stringify(message.slice(0, 20))).toBe(true)
      expect(Verifier.verifySignature(key.address, `${message}.`, signature)).toBe(false)
    }
  })

  it('is the serialized witness: [DER signature with SIGHASH_ALL, the compressed key]', async () => {
    const key = (await regtestAccount()).keyOn(REGTEST)
    const bytes = Uint8Array.from(atob(signMessageBip322(key, 'airlock')), (char) => char.charCodeAt(0))
    expect(bytes[0]).toBe(2)
    const signature = bytes.subarray(2, 2 + bytes[1]!)
    expect(signature.at(-1)).toBe(Transaction.SIGHASH_ALL)
    expect(bytes.subarray(3 + bytes[1]!)).toEqual(key.publicKey)
    expect(bytes[2 + bytes[1]!]).toBe(33)
  })
})

describe('the legacy (ECDSA) message signature', () => {
  it('is the 65-byte compact signature with the P2WPKH header that bip322-js verifies for the address, and only that message', async () => {
    const key = (await regtestAccount()).keyOn(REGTEST)
    for (const message of ['Hello World', '', 'localhost wants you to sign in with your Bitcoin account:\n…', 'é'.repeat(300)]) {
      const signature = signMessageEcdsa(key, message)
      const bytes = Uint8Array.from(atob(signature), (char) => char.charCodeAt(0))
      expect(bytes).toHaveLength(65)
      expect(bytes[0]! - P2WPKH_MESSAGE_HEADER).toBeGreaterThanOrEqual(0)
      expect(bytes[0]! - P2WPKH_MESSAGE_HEADER).toBeLessThanOrEqual(3)
      expect(secp256k1.verify(bytes.subarray(1), bitcoinMessageHash(message), key.publicKey)).toBe(true)
      const name = JSON.stringify(message.slice(0, 20))
      expect(Verifier.verifySignature(key.address, message, signature), name).toBe(true)
      expect(Verifier.verifySignature(key.address, message, signature, true), name).toBe(true)
      expect(Verifier.verifySignature(key.address, `${message}.`, signature)).toBe(false)
    }
  })
})

describe('signPsbtInputs', () => {
  it('signs and finalizes the inputs named: each witness verifies for its amount under SIGHASH_ALL', async () => {
    const key = (await regtestAccount()).keyOn(REGTEST)
    const { plan, psbt } = transfer(key.address, 120_000_000n, [utxo(1, 100_000_000n), utxo(2, 50_000_000n), utxo(3, 10_000_000n)])
    expect(plan.inputs).toHaveLength(2)
    const signed = Psbt.fromBase64(psbt, { network: regtest })
    signPsbtInputs(signed, [0, 1], key)
    const transaction = signed.extractTransaction()
    transaction.ins.forEach((input, index) => {
      const [der, publicKey] = input.witness
      expect(publicKey).toEqual(key.publicKey)
      const { signature, hashType } = script.signature.decode(der!)
      expect(hashType).toBe(Transaction.SIGHASH_ALL)
      const scriptCode = Uint8Array.of(0x76, 0xa9, 0x14, ...key.program, 0x88, 0xac)
      const digest = transaction.hashForWitnessV0(index, scriptCode, plan.inputs[index]!.value, hashType)
      expect(secp256k1.verify(signature, digest, key.publicKey)).toBe(true)
    })
    // The signatures commit to the outputs the plan made: the amount to the recipient, the change back.
    expect(transaction.outs.map((output) => output.value)).toEqual(plan.outputs.map((output) => output.value))
  })

  it('leaves the inputs it is not given unsigned', async () => {
    const key = (await regtestAccount()).keyOn(REGTEST)
    const { psbt } = transfer(key.address, 120_000_000n, [utxo(1, 100_000_000n), utxo(2, 50_000_000n)])
    const signed = Psbt.fromBase64(psbt, { network: regtest })
    signPsbtInputs(signed, [1], key)
    expect(signed.data.inputs[0]).not.toHaveProperty('finalScriptWitness')
    expect(signed.data.inputs[0]).not.toHaveProperty('partialSig')
    expect(signed.data.inputs[1]!.finalScriptWitness).toBeDefined()
  })
})
