import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import type { FrameLoginStep } from '@airlock/protocol'
import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smtpMailer } from '../../../api/src/platform/mail/mailer'
import type { StorageAccessState } from '../custody/storageAccess'
import { frameDevice, mailedCode, openCustody, signInByEmail, type Custody } from '../testing/frameDevice'

/**
 * One browser, several dapp sites (issue 23), against the real secure-origin server and key
 * service: each site is its own partition (cookies, the frame's own storage) of one browser whose
 * unpartitioned IndexedDB the Storage Access API may hand the frame (custody/storageAccess.ts).
 */

let custody: Custody
let sink: MailSink
/** The servers' clock: moved past the 30 s between two login codes where a test logs in twice. */
let time = Date.now()
const later = () => void (time += 31_000)

beforeAll(async () => {
  sink = await startMailSink({ smtpPort: 0, httpPort: 0 })
  custody = await openCustody({ mailer: smtpMailer(sink.smtpUrl), now: () => time })
}, 30_000)
afterAll(async () => {
  await Promise.all([custody?.close(), sink?.stop()])
})

/** One browser: its unpartitioned store; a site of it answers storage access with `state`. */
function browser(storage: 'indexeddb' | 'cookie') {
  const factory = new IDBFactory()
  return { factory, site: (state: StorageAccessState) => frameDevice(custody, { storage, sharedStorage: { factory, state } }).load() }
}

const addressOf = async (frame: ReturnType<ReturnType<typeof browser>['site']>) => (await frame.getUser({ chainId: 31337 })).address

describe('storage access: one browser, one device across dapp sites', () => {
  for (const storage of ['indexeddb', 'cookie'] as const) {
    it(`${storage} in the site's own partition: where the browser gives the shared store, site B opens the wallet with no second factor`, async () => {
      const email = `shared-${storage}-${Date.now()}@example.com`
      const chrome = browser(storage)
      const siteA = chrome.site('granted')
      later()
      expect(await signInByEmail(sink, siteA, email)).toEqual({ action: 'CONNECT' })
      const address = await addressOf(siteA)

      const siteB = chrome.site('granted')
      later()
      expect(await signInByEmail(sink, siteB, email)).toEqual({ action: 'CONNECT' })
      expect(await addressOf(siteB)).toBe(address)
    })
  }

  it('a site that must ask: VERIFY_DEVICE says so, and the click that asks opens the wallet the browser holds', async () => {
    const email = `ask-${Date.now()}@example.com`
    const chrome = browser('cookie')
    const siteA = chrome.site('granted')
    later()
    await signInByEmail(sink, siteA, email)
    const address = await addressOf(siteA)

    const siteB = chrome.site('ask')
    later()
    const step = await signInByEmail(sink, siteB, email)
    expect(step).toMatchObject({ action: 'VERIFY_DEVICE', partitioned: 'ask' } satisfies Partial<FrameLoginStep>)
    sink.clear()
    expect(await siteB.unlockWithStorageAccess(undefined)).toEqual({ action: 'CONNECT' })
    expect(await addressOf(siteB)).toBe(address)
  })

  it('a site that asks and is refused: VERIFY_DEVICE says why, and the code opens the wallet', async () => {
    const email = `refused-${Date.now()}@example.com`
    const chrome = browser('cookie')
    const siteA = chrome.site('granted')
    later()
    await signInByEmail(sink, siteA, email)
    const address = await addressOf(siteA)

    sink.clear()
    const siteB = frameDevice(custody, {
      storage: 'cookie',
      sharedStorage: { factory: chrome.factory, state: 'ask', refuses: true },
    }).load()
    later()
    expect(await signInByEmail(sink, siteB, email)).toMatchObject({ action: 'VERIFY_DEVICE', partitioned: 'ask' })
    const code = await mailedCode(sink, email, /new device/)
    expect(await siteB.unlockWithStorageAccess(undefined)).toMatchObject({ action: 'VERIFY_DEVICE', partitioned: 'refused' })
    expect(await siteB.connectDevice({ otp: code })).toEqual({ action: 'CONNECT' })
    expect(await addressOf(siteB)).toBe(address)
  })

  it('a share a site held before the grant is copied to the shared store on its next login, so another site finds it', async () => {
    const email = `copy-${Date.now()}@example.com`
    const factory = new IDBFactory()
    const answer: { factory: IDBFactory; state: StorageAccessState } = { factory, state: 'refused' }
    const profileA = frameDevice(custody, { storage: 'indexeddb', sharedStorage: answer })
    later()
    await signInByEmail(sink, profileA.load(), email)
    answer.state = 'granted'
    // Reloaded with the grant, the session restores from the site's own vault and copies its share.
    const reloaded = profileA.load()
    expect(await reloaded.connectEmail({ email })).toEqual({ action: 'CONNECT' })
    const address = await addressOf(reloaded)

    const siteB = frameDevice(custody, { storage: 'indexeddb', sharedStorage: { factory, state: 'granted' } }).load()
    later()
    expect(await signInByEmail(sink, siteB, email)).toEqual({ action: 'CONNECT' })
    expect(await addressOf(siteB)).toBe(address)
  })
})
