import { describe, expect, it } from 'vitest'
import { bytesToHex } from 'viem'
import { generateDeviceKey, unwrapDeviceShare, wrapDeviceShare } from './deviceKey'
import { decodeSealedRecovery, deriveRecoveryKey, encodeSealedRecovery, openRecoveryShare, sealRecoveryShare } from './recovery'

const share = crypto.getRandomValues(new Uint8Array(33))
const material = crypto.getRandomValues(new Uint8Array(32))

describe('recovery', () => {
  it('seals and opens the recovery share with a key derived again from the same material and user', async () => {
    const sealed = await sealRecoveryShare(share, await deriveRecoveryKey(material, 'user-1'))
    expect(sealed.iv).toHaveLength(12)
    expect(bytesToHex(sealed.ciphertext)).not.toContain(bytesToHex(share).slice(2))
    const opened = await openRecoveryShare(sealed, await deriveRecoveryKey(material.slice(), 'user-1'))
    expect(bytesToHex(opened)).toBe(bytesToHex(share))
  })

  it('derives a non-extractable key', async () => {
    const key = await deriveRecoveryKey(material, 'user-1')
    expect(key.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
  })

  it('does not open for another user, other material, or a tampered envelope', async () => {
    const sealed = await sealRecoveryShare(share, await deriveRecoveryKey(material, 'user-1'))
    await expect(openRecoveryShare(sealed, await deriveRecoveryKey(material, 'user-2'))).rejects.toThrow()
    await expect(openRecoveryShare(sealed, await deriveRecoveryKey(crypto.getRandomValues(new Uint8Array(32)), 'user-1'))).rejects.toThrow()
    const ciphertext = sealed.ciphertext.slice()
    ciphertext[ciphertext.length - 1] = (ciphertext.at(-1) ?? 0) ^ 0x80
    await expect(openRecoveryShare({ ...sealed, ciphertext }, await deriveRecoveryKey(material, 'user-1'))).rejects.toThrow()
  })

  it('keeps device wraps and recovery seals apart even under one key', async () => {
    const key = await generateDeviceKey()
    await expect(openRecoveryShare(await wrapDeviceShare(share, key), key)).rejects.toThrow()
    await expect(unwrapDeviceShare(await sealRecoveryShare(share, key), key)).rejects.toThrow()
  })

  it('requires 32 bytes of material and a user id', async () => {
    await expect(deriveRecoveryKey(new Uint8Array(31), 'user-1')).rejects.toThrow(RangeError)
    await expect(deriveRecoveryKey(material, '')).rejects.toThrow()
  })

  it('stores the sealed share with the id of the key service material that opens it', async () => {
    const keyId = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0'
    const sealed = await sealRecoveryShare(share, await deriveRecoveryKey(material, 'user-1'))
    const stored = encodeSealedRecovery(keyId, sealed)
    expect(stored[0]).toBe(2)
    const decoded = decodeSealedRecovery(stored)
    expect(decoded.keyId).toBe(keyId)
    expect(bytesToHex(await openRecoveryShare(decoded.sealed, await deriveRecoveryKey(material, 'user-1')))).toBe(bytesToHex(share))
    expect(() => decodeSealedRecovery(new Uint8Array([1, ...stored.subarray(1)]))).toThrow('unknown format')
    expect(() => decodeSealedRecovery(stored.subarray(0, 29))).toThrow('unknown format')
    expect(() => encodeSealedRecovery('not-a-uuid', sealed)).toThrow('UUID')
  })
})
