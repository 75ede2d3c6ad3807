import type { BrowserContext, FrameLocator, Page } from '@playwright/test'
import { getAddress } from 'viem'
import { expect, openDemo, stack, test } from './fixtures'
import { captureKeyIsolation, findKeyLeaks } from './support/keyIsolation'
import { waitForMail } from '@airlock/devnet/mail'
import { emailLogin, freshEmail, loginOnNewDevice } from './support/emailLogin'
import { signInAtStandIn } from './support/socialLogin'

/**
 * Custody across the real origins (issue 12): what a browser that denies the frame storage keeps,
 * and where; a login on a device new to the wallet opens nothing without the second factor; a
 * passkey (WebAuthn PRF, Chromium's virtual authenticator) is that factor.
 */

/** The secure frame inside the widget, by its origin. */
const secureFrame = (page: Page) => page.frames().find((frame) => frame.url().startsWith(stack.origins.secure))

/** A platform authenticator with PRF, as a phone or a laptop has (DESIGN.md section 9). */
async function addPlatformAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
      automaticPresenceSimulation: true,
    },
  })
}

/** The Account view's "Add a passkey" (the modal is opened on it): the button that creates it is the secure frame's own. */
async function addPasskey(page: Page, widget: FrameLocator) {
  await page.getByTestId('connect-button').click()
  await widget.getByTestId('add-passkey').click()
  const prompt = widget.frameLocator('iframe[data-airlock-secure]').getByTestId('secure-prompt-button')
  await expect(prompt).toHaveText('Create a passkey')
  await prompt.click()
  await expect(widget.getByTestId('account-passkeys')).toHaveText('1 passkey', { timeout: 15_000 })
}

async function googleThroughModal(page: Page, widget: FrameLocator, email: string) {
  await page.getByTestId('connect-button').click()
  const popupOpened = page.waitForEvent('popup')
  await widget.getByTestId('social-google').click()
  await signInAtStandIn(await popupOpened, email)
}

/** Everything the dapp page can read of its own storage: localStorage, sessionStorage, its cookies (script and jar). */
async function dappStorage(page: Page, context: BrowserContext): Promise<string> {
  const inPage = await page.evaluate(() => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
    cookie: document.cookie,
  }))
  return JSON.stringify({ ...inPage, jar: await context.cookies(stack.origins.dapp) })
}

test.describe('custody: what the dapp page holds', () => {
  test('a browser that denies the frame storage: after login and reload the dapp page holds no session token, email or vault', async ({
    page,
    widget,
    context,
  }) => {
    await openDemo(page)
    const email = freshEmail('storage')
    const address = await emailLogin(page, widget, email)
    // This browser context denies the iframes storage, as Chromium with third-party storage
    // blocked, Brave and incognito do: the frame's own IndexedDB throws.
    const storageGranted = await secureFrame(page)!.evaluate(() => {
      try {
        return localStorage.length >= 0
      } catch {
        return false
      }
    })
    expect(storageGranted).toBe(false)

    // The frame's calls to its server, from the reload on: the vault cookie exists by then.
    const apiCookies: Promise<string | null>[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(`${stack.origins.secure}/api/`)) apiCookies.push(request.headerValue('cookie'))
    })
    await page.reload()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
    await expect(page.getByTestId('account-address')).toHaveText(address)

    // What the secure origin keeps instead: its own partitioned cookies (session, device, vault ciphertext).
    // As sent to the frame's page: the vault cookie is scoped to its path.
    const secureCookies = await context.cookies(`${stack.origins.secure}/frame/`)
    const session = secureCookies.find((cookie) => cookie.name === 'airlock_session')!
    const vault = secureCookies.find((cookie) => cookie.name === 'airlock_vault')!
    expect(session.partitionKey).toBe(new URL(stack.origins.dapp).origin.replace(/:\d+$/, ''))
    expect(vault.value).toMatch(/^v1\./)
    // Scoped to the frame page's path (issue 23): the session rides along on /api, the vault never.
    expect(vault.path).toBe('/frame/')
    const sent = await Promise.all(apiCookies)
    expect(sent.filter((cookie) => cookie?.includes('airlock_session='))).not.toHaveLength(0)
    for (const cookie of sent) expect(cookie ?? '').not.toContain('airlock_vault=')
    const held = await dappStorage(page, context)
    for (const secret of [session.value, vault.value, email, vault.value.split('.')[3]!]) expect(held).not.toContain(secret)
    expect(held).not.toMatch(/airlock\.(secure\.|email"|socialUsername)/)
  })
})

test.describe('custody: a new device needs the second factor', () => {
  test('a Google login on a new device opens nothing without the second factor; a passkey added on the first device opens the wallet', async ({
    page,
    widget,
    context,
  }) => {
    test.setTimeout(120_000)
    const capture = await captureKeyIsolation(context, stack.origins.secure)
    await addPlatformAuthenticator(context, page)
    await openDemo(page)
    const email = freshEmail('passkey')
    await googleThroughModal(page, widget, email)
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
    const address = getAddress((await page.getByTestId('account-address').textContent())!)

    await addPasskey(page, widget)

    // This browser becomes a new device: the secure origin's and the key service's cookies go (its
    // session, its device token, its vault), as on another computer.
    await widget.getByTestId('close-button').click()
    await page.getByTestId('disconnect-button').click()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    await context.clearCookies({ domain: new URL(stack.origins.secure).hostname })
    await context.clearCookies({ domain: new URL(stack.urls.keyService).hostname })
    await page.reload()
    await page.waitForFunction(() => window.airlock?.getState().ready === true)

    // The same Google account: the login goes through, the wallet does not open.
    await googleThroughModal(page, widget, email)
    await expect(widget.getByTestId('verify-device')).toBeVisible({ timeout: 20_000 })
    // With a passkey, no device code is mailed: email is a recovery asked for, which waits.
    await expect(widget.getByTestId('recover-by-email')).toBeVisible()
    await expect(widget.getByTestId('device-otp-input')).toHaveCount(0)
    await expect(page.getByTestId('account-status')).not.toHaveText('connected')
    expect(await page.evaluate(() => window.airlock!.getProvider('eip155').request({ method: 'eth_accounts' }))).toEqual([])

    // The passkey opens it: the same address.
    await widget.getByTestId('use-passkey').click()
    const unlock = widget.frameLocator('iframe[data-airlock-secure]').getByTestId('secure-prompt-button')
    await expect(unlock).toHaveText('Use a passkey')
    await unlock.click()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
    expect(getAddress((await page.getByTestId('account-address').textContent())!)).toBe(address)
    expect(await findKeyLeaks(await capture.texts(), address)).toEqual([])
  })
})

test.describe('custody: the two-code phishing (issue 23)', () => {
  test("with a passkey, the victim's login code gives a second browser no wallet: email recovery waits, the mail names the number it shows, and the victim's device cancels it", async ({
    page,
    widget,
    context,
    browser,
  }) => {
    test.setTimeout(150_000)
    await addPlatformAuthenticator(context, page)
    await openDemo(page)
    const email = freshEmail('phish')
    await emailLogin(page, widget, email)
    await addPasskey(page, widget)
    await widget.getByTestId('close-button').click()

    // The server allows one login mail per address every 30 s.
    await new Promise((resolve) => setTimeout(resolve, 31_000))
    const attacker = await browser.newContext()
    try {
      const evil = await attacker.newPage()
      const evilWidget = evil.frameLocator('iframe[data-airlock]')
      // The login code, read out by the victim to the phishing page.
      const sent = await loginOnNewDevice(evil, evilWidget, email)
      // No device code exists to phish: the passkey is the way, and email recovery must be asked for.
      await expect(evilWidget.getByTestId('device-otp-input')).toHaveCount(0)
      await evilWidget.getByTestId('recover-by-email').click()
      await expect(evilWidget.getByTestId('recovery-waiting')).toContainText(
        'Email recovery requested. This device may open your wallet by email from',
      )
      const match = /number (\d{2})/.exec((await evilWidget.getByTestId('device-match').textContent())!)![1]!
      const mail = await waitForMail(stack.urls.mailInbox, { to: email, subject: 'asked to open your Airlock wallet', since: sent })
      expect(mail.text).toContain(`Its screen shows the number ${match}.`)
      expect(mail.text).toMatch(/The device asking: Chrome \d+ on Linux/)
      expect(mail.text).toMatch(/Place \(approximate\): unknown \(IP [\d.:a-f]+\)/)
      expect(mail.text).not.toMatch(/\b\d{6}\b/)
      expect(await evil.evaluate(() => window.airlock!.getProvider('eip155').request({ method: 'eth_accounts' }))).toEqual([])
      await expect(evil.getByTestId('account-status')).not.toHaveText('connected')

      // The victim's own device: the Account view shows who asks, with the same number; cancel.
      await page.getByTestId('connect-button').click()
      await expect(widget.getByTestId('recovery-notice')).toContainText('A device asked to open your wallet by email')
      await expect(widget.getByTestId('recovery-match')).toHaveText(match)
      await widget.getByTestId('cancel-recovery').click()
      await expect(widget.getByTestId('recovery-notice')).toHaveCount(0)

      // Asked again, the phishing device is refused: the recovery it started was cancelled.
      await evilWidget.getByTestId('recover-by-email').click()
      await expect(evilWidget.getByTestId('device-error')).toHaveText(
        'This email recovery was cancelled from the wallet’s email or one of its devices: use your passkey',
      )
      expect(await evil.evaluate(() => window.airlock!.getProvider('eip155').request({ method: 'eth_accounts' }))).toEqual([])
    } finally {
      await attacker.close()
    }
  })
})
