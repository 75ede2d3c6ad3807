import { describe, expect, it } from 'vitest'
import { bytesToHex } from 'viem'
import { generateDeviceKey, unwrapDeviceShare, wrapDeviceShare } from './deviceKey'

const share = crypto.getRandomValues(new Uint8Array(33))

describe('deviceKey', () => {
  it('generates a non-extractable AES-256-GCM key whose bytes cannot be exported', async () => {
    const key = await generateDeviceKey()
    expect(key.extractable).toBe(false)
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
    expect([...key.usages].sort()).toEqual(['decrypt', 'encrypt'])
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow()
  })

  it('wraps and unwraps a share, a fresh iv each time', async () => {
    const key = await generateDeviceKey()
    const a = await wrapDeviceShare(share, key)
    const b = await wrapDeviceShare(share, key)
    expect(a.iv).toHaveLength(12)
    expect(a.ciphertext).toHaveLength(share.length + 16)
    expect(bytesToHex(a.iv)).not.toBe(bytesToHex(b.iv))
    expect(bytesToHex(a.ciphertext)).not.toContain(bytesToHex(share).slice(2))
    expect(bytesToHex(await unwrapDeviceShare(a, key))).toBe(bytesToHex(share))
  })

  it('refuses another key and a tampered ciphertext or iv', async () => {
    const key = await generateDeviceKey()
    const wrapped = await wrapDeviceShare(share, key)
    await expect(unwrapDeviceShare(wrapped, await generateDeviceKey())).rejects.toThrow()
    const ciphertext = wrapped.ciphertext.slice()
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1
    await expect(unwrapDeviceShare({ ...wrapped, ciphertext }, key)).rejects.toThrow()
    const iv = wrapped.iv.slice()
    iv[0] = (iv[0] ?? 0) ^ 1
    await expect(unwrapDeviceShare({ ...wrapped, iv }, key)).rejects.toThrow()
  })
})
