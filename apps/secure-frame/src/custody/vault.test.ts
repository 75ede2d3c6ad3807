import { describe, expect, it } from 'vitest'
import { cookieVault, type CookieJar, type CookieVaultKeys } from './vault'

const share = { share: crypto.getRandomValues(new Uint8Array(33)), address: '0x00000000000000000000000000000000000000aa' }
const randomKey = () => crypto.getRandomValues(new Uint8Array(32))
/** The cookie as the browser keeps it: one value, read and written whole. */
const memoryJar = (): CookieJar & { value: string | null } => ({
  value: null,
  get() {
    return this.value
  },
  set(value) {
    this.value = value || null
  },
})

describe('cookie vault', () => {
  it("a vault sealed under the key service's key of before opens with it once, resealed under the new key", async () => {
    const jar = memoryJar()
    const legacyKey = randomKey()
    const key = randomKey()
    // Sealed before the key service's migration 003, under the key it derived then.
    await cookieVault(jar, async () => ({ key: legacyKey.slice() })).save('alice', share)
    let answers: CookieVaultKeys[] = [{ key: key.slice(), legacyKey: legacyKey.slice() }]
    const keys = async () => answers.shift() ?? { key: key.slice() }
    const before = jar.value
    expect(await cookieVault(jar, keys).load('alice')).toEqual(share)
    expect(jar.value).not.toBe(before)
    // The key service no longer gives the old key: the new one alone opens the vault.
    answers = []
    expect(await cookieVault(jar, keys).load('alice')).toEqual(share)
    await expect(cookieVault(jar, async () => ({ key: legacyKey.slice() })).load('alice')).rejects.toThrow()
  })
})
