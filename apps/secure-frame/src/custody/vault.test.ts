import { Browser } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import { cookieVault, documentCookieJar, parseVault, VAULT_COOKIE, type CookieJar, type CookieVaultKeys } from './vault'

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

describe('the vault cookie in the frame document', () => {
  const FRAME_URL = 'https://secure.example.com/frame/?projectId=demo'
  /** A browser (happy-dom's cookie store) with the frame's page open at its path on the secure origin. */
  const frameAt = (url: string) => {
    const browser = new Browser()
    const page = browser.newPage()
    page.url = url
    /** The cookies the browser sends with a request of the frame to `path` (happy-dom keeps a removed cookie, emptied). */
    const sent = (path: string) =>
      browser.defaultContext.cookieContainer.getCookies(new URL(path, url), false).filter((cookie) => cookie.value)
    return { browser, document: page.mainFrame.document, sent }
  }

  it('is read by the frame and carried by no call to /api', async () => {
    const { browser, document, sent } = frameAt(FRAME_URL)
    const jar = documentCookieJar(document, true)
    await cookieVault(jar, async () => ({ key: randomKey() })).save('alice', share)
    expect(parseVault(jar.get()).map((entry) => entry.userId)).toEqual(['alice'])
    expect(sent('/api/session').map((cookie) => cookie.key)).toEqual([])
    expect(sent('/api/assertion').map((cookie) => cookie.key)).toEqual([])
    await browser.close()
  })

  it('a vault of before (Path=/) is kept, under the frame path, and the old cookie goes', async () => {
    const { browser, document, sent } = frameAt(FRAME_URL)
    const key = randomKey()
    const keys = async () => ({ key: key.slice() })
    // Written by the frame when its page was at / (the cookie then went with every /api call).
    const old = memoryJar()
    await cookieVault(old, keys).save('alice', share)
    document.cookie = `${VAULT_COOKIE}=${old.value}; Path=/; Max-Age=3600; Secure; SameSite=None; Partitioned`
    expect(sent('/api/session').map((cookie) => cookie.key)).toEqual([VAULT_COOKIE])
    const jar = documentCookieJar(document, true)
    expect(await cookieVault(jar, keys).load('alice')).toEqual(share)
    await cookieVault(jar, keys).save('bob', share)
    expect(sent('/api/session').map((cookie) => cookie.key)).toEqual([])
    // Both users' shares under the frame's path, one cookie.
    expect(sent('/frame/').map((cookie) => cookie.key)).toEqual([VAULT_COOKIE])
    expect(parseVault(jar.get()).map((entry) => entry.userId)).toEqual(['alice', 'bob'])
    expect(await cookieVault(jar, keys).load('alice')).toEqual(share)
    await browser.close()
  })
})
