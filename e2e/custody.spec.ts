import type { BrowserContext, FrameLocator, Page } from '@playwright/test'
import { getAddress } from 'viem'
import { expect, openDemo, stack, test } from './fixtures'
import { captureKeyIsolation, findKeyLeaks } from './support/keyIsolation'
import { emailLogin, freshEmail } from './support/emailLogin'
import { signInAtStandIn } from './support/socialLogin'

/**
 * Custody across the real origins (issue 12): what a browser that denies the frame storage keeps,
 * and where; a login on a device new to the wallet opens nothing without the second factor; a
 * passkey (WebAuthn PRF, Chromium's virtual authenticator) is that factor.
 */

/** The secure frame inside the widget, by its origin. */
const secureFrame = (page: Page) => page.frames().find((frame) => frame.url().startsWith(stack.origins.secure))

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

    await page.reload()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
    await expect(page.getByTestId('account-address')).toHaveText(address)

    // What the secure origin keeps instead: its own partitioned cookies (session, device, vault ciphertext).
    const secureCookies = await context.cookies(stack.origins.secure)
    const session = secureCookies.find((cookie) => cookie.name === 'airlock_session')!
    const vault = secureCookies.find((cookie) => cookie.name === 'airlock_vault')!
    expect(session.partitionKey).toBe(new URL(stack.origins.dapp).origin.replace(/:\d+$/, ''))
    expect(vault.value).toMatch(/^v1\./)
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
    // A platform authenticator with PRF, as a phone or a laptop has (DESIGN.md section 9).
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
    await openDemo(page)
    const email = freshEmail('passkey')
    await googleThroughModal(page, widget, email)
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
    const address = getAddress((await page.getByTestId('account-address').textContent())!)

    // The Account view: add a passkey. The button that creates it is the secure frame's own.
    await page.getByTestId('connect-button').click()
    await widget.getByTestId('add-passkey').click()
    const prompt = widget.frameLocator('iframe[data-airlock-secure]').getByTestId('secure-prompt-button')
    await expect(prompt).toHaveText('Create a passkey')
    await prompt.click()
    await expect(widget.getByTestId('account-passkeys')).toHaveText('1 passkey', { timeout: 15_000 })

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
    await expect(widget.getByTestId('device-code-sent-to')).toHaveText(`${email[0]}***@example.com`)
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
