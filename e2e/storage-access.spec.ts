import { chromium, type BrowserContext, type FrameLocator, type Page } from '@playwright/test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getAddress } from 'viem'
import { chromiumArgs, chromiumPath } from './chromium'
import { expect, openDemo, stack, test } from './fixtures'
import { secureFrame, secureFrameLocator } from './support/confirm'
import { DEVICE_MAIL, emailLogin, enterCode, freshEmail, loginCode, mailedCode, startEmailLogin } from './support/emailLogin'

/**
 * One browser, two dapps on two sites (issue 23): the demo on dapp.localhost (dapp A) and on
 * 127.0.0.1 (dapp B, another site the project allows). The secure frame's own storage is
 * partitioned per top-level site, so dapp B is a new device unless the browser hands the frame its
 * unpartitioned storage (the Storage Access API, custody/storageAccess.ts).
 */

const DAPP_B = stack.urls.demo.replace('//dapp.localhost', '//127.0.0.1')
/** The secure origin allows one login mail per address every 30 s. */
const LOGIN_MAIL_GAP_MS = 31_000

const widgetOf = (page: Page): FrameLocator => page.frameLocator('iframe[data-airlock]')

/** A login by email on a dapp page, up to the login code typed. */
async function loginOn(page: Page, email: string): Promise<{ since: number; widget: FrameLocator }> {
  const widget = widgetOf(page)
  const since = Date.now()
  await startEmailLogin(page, widget, email)
  await enterCode(widget, 'otp-input', await loginCode(widget, email, since))
  return { since, widget }
}

/** The device records the frame's own (partitioned) IndexedDB holds on this page's site. */
function ownDeviceRecords(page: Page): Promise<number> {
  return secureFrame(page).evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('airlock-secure')
        open.onerror = () => resolve(-1)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('device')) return resolve(0)
          const count = db.transaction('device').objectStore('device').count()
          count.onsuccess = () => resolve(count.result)
        }
      }),
  )
}

test.describe('storage access: one browser, one device across dapps', () => {
  test('third-party cookies allowed, storage partitioned (a default Chrome profile): the second dapp opens the wallet without a device code', async () => {
    test.setTimeout(120_000)
    // Playwright's own contexts block third-party cookies and turn storage partitioning off: this
    // is a profile as Chrome ships it, partitioned, third-party cookies allowed.
    const dir = mkdtempSync(join(tmpdir(), 'airlock-storage-access-'))
    mkdirSync(join(dir, 'Default'))
    writeFileSync(
      join(dir, 'Default', 'Preferences'),
      JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
    )
    const context: BrowserContext = await chromium.launchPersistentContext(dir, {
      executablePath: chromiumPath(),
      ignoreDefaultArgs: true,
      args: ['--headless', '--remote-debugging-pipe', `--user-data-dir=${dir}`, ...chromiumArgs, 'about:blank'],
    })
    try {
      const pageA = await context.newPage()
      await openDemo(pageA)
      const email = freshEmail('two-sites')
      const address = await emailLogin(pageA, widgetOf(pageA), email)
      expect(await secureFrame(pageA).evaluate(() => document.hasStorageAccess())).toBe(true)

      await new Promise((resolve) => setTimeout(resolve, LOGIN_MAIL_GAP_MS))
      const pageB = await context.newPage()
      await openDemo(pageB, DAPP_B)
      const { widget } = await loginOn(pageB, email)
      await expect(pageB.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
      await expect(widget.getByTestId('verify-device')).toHaveCount(0)
      expect(getAddress((await pageB.getByTestId('account-address').textContent())!)).toBe(address)
      // Opened from the unpartitioned store: the frame's own storage on dapp B (another partition) holds no share.
      expect(await ownDeviceRecords(pageB)).toBe(0)
    } finally {
      await context.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('third-party cookies blocked and the browser refuses storage access: the new-device step says why, and the code opens the wallet', async ({
    context,
    page,
  }) => {
    test.setTimeout(120_000)
    await openDemo(page)
    const email = freshEmail('refused')
    const address = await emailLogin(page, widgetOf(page), email)

    // The first-party visit Chromium asks for before it considers a request (a login popup is one).
    const visit = await context.newPage()
    await visit.goto(`${stack.origins.secure}/`)
    await visit.mouse.click(5, 5)
    await visit.close()

    await new Promise((resolve) => setTimeout(resolve, LOGIN_MAIL_GAP_MS))
    const pageB = await context.newPage()
    await openDemo(pageB, DAPP_B)
    await pageB.bringToFront()
    const { since, widget } = await loginOn(pageB, email)
    await expect(widget.getByTestId('verify-device')).toBeVisible({ timeout: 15_000 })
    await expect(widget.getByTestId('device-partitioned-ask')).toBeVisible()
    await widget.getByTestId('use-storage-access').click()
    const allow = secureFrameLocator(pageB).getByTestId('secure-prompt-button')
    await expect(allow).toHaveText('Allow')
    await allow.click()
    // Headless Chromium shows no prompt: it refuses ("requestStorageAccess: Permission denied.").
    await expect(widget.getByTestId('device-partitioned')).toHaveText(
      'Your browser keeps this wallet apart for each site, so this site is a new device to it: approve this device once more.',
    )
    await expect(widget.getByTestId('use-storage-access')).toHaveCount(0)
    await enterCode(widget, 'device-otp-input', await mailedCode(email, DEVICE_MAIL, since))
    await expect(pageB.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
    expect(getAddress((await pageB.getByTestId('account-address').textContent())!)).toBe(address)
  })

  /*
   * Headless Chromium has no prompt to click: the one grant a test can give is the DevTools
   * permission (Playwright's grantPermissions, CDP Browser.setPermission). Chromium 156 then
   * resolves requestStorageAccess({ indexedDB: true }) but still denies the handle's storage
   * ("UnknownError: The user denied permission to access the database." here, where Playwright
   * turns storage partitioning off; with partitioning on, the browser kills the frame's renderer:
   * "Binding a StorageAccessHandle requires third-party cookie access and an unrestricted frame
   * context"); and an IndexedDB open of the frame's own storage made after the grant is never
   * answered. A user's grant is a content setting, which this override is not. So the frame keeps
   * the site's own vault (opened before it asks) and says why; unpartitioned cookies alone cannot
   * carry the share (the cookie vault's key is bound to the key service's partitioned cookie).
   */
  test('with the DevTools grant in place of the prompt, Chromium still denies the handle storage: the frame keeps this site apart and says why', async ({
    context,
    page,
  }) => {
    test.setTimeout(120_000)
    await context.grantPermissions(['storage-access'])
    await openDemo(page)
    const email = freshEmail('devtools-grant')
    const address = await emailLogin(page, widgetOf(page), email)
    expect(
      await secureFrame(page).evaluate(() =>
        navigator.permissions.query({ name: 'storage-access' as PermissionName }).then((s) => s.state),
      ),
    ).toBe('granted')

    await new Promise((resolve) => setTimeout(resolve, LOGIN_MAIL_GAP_MS))
    const pageB = await context.newPage()
    await openDemo(pageB, DAPP_B)
    await pageB.bringToFront()
    const { since, widget } = await loginOn(pageB, email)
    await expect(widget.getByTestId('device-partitioned')).toBeVisible({ timeout: 15_000 })
    await expect(widget.getByTestId('use-storage-access')).toHaveCount(0)
    await enterCode(widget, 'device-otp-input', await mailedCode(email, DEVICE_MAIL, since))
    await expect(pageB.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
    expect(getAddress((await pageB.getByTestId('account-address').textContent())!)).toBe(address)
  })
})
