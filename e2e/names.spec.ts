import type { FrameLocator, Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connectWallet, expect, openDemo, stack, test } from './fixtures'
import { emailLogin, freshEmail } from './support/emailLogin'

/** Name registration (SPEC section 4) through the RegisterAccountName view, then the Account view shows the name. */

/** The api seen from Node, which does not resolve `*.localhost` as Chromium does. */
const apiFromNode = () => {
  const url = new URL(stack.urls.api)
  url.hostname = '127.0.0.1'
  return url.origin
}

/** Takes `label`.airlock.id for a fresh key through the api, so that the view shows it taken. */
async function takeName(label: string): Promise<void> {
  const owner = privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({ name: `${label}.airlock.id`, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  const response = await fetch(`${apiFromNode()}/v1/profile/account?projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: 0x80000000 + 31337,
      address: owner.address,
      message,
      signature: await owner.signMessage({ message }),
    }),
  })
  expect(response.status).toBe(200)
}

async function chooseName(page: Page, widget: FrameLocator, label: string, approve?: () => Promise<void>): Promise<void> {
  await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
  await widget.getByTestId('account-choose-name').click()
  await expect(widget.getByTestId('register-name-view')).toBeVisible()
  await widget.getByTestId('register-name-input').fill(label)
  await expect(widget.getByTestId('register-name-availability')).toHaveText(`${label}.airlock.id is available`)
  await widget.getByTestId('register-name-submit').click()
  await approve?.()
  await expect(widget.getByTestId('register-name-success')).toHaveText(`${label}.airlock.id is yours`, { timeout: 15_000 })
  await widget.getByTestId('register-name-done').click()
  await expect(widget.getByTestId('account-address')).toHaveText(`${label}.airlock.id`)
  await expect(widget.getByTestId('account-choose-name')).toHaveCount(0)
}

test.describe('Account names', () => {
  test('the browser wallet registers a name: suggestions while typing, a taken name unavailable, then the Account view shows it', async ({
    page,
    widget,
  }) => {
    const stamp = Date.now().toString(36)
    const taken = `taken-${stamp}`
    await takeName(taken)
    await openDemo(page)
    await connectWallet(page, widget)
    await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
    await widget.getByTestId('account-choose-name').click()
    await widget.getByTestId('register-name-input').fill('abc')
    await expect(widget.getByTestId('register-name-rule')).toHaveText('At least 4 characters: letters, digits and hyphens')
    await widget.getByTestId('register-name-input').fill(taken)
    await expect(widget.getByTestId('register-name-availability')).toHaveText(`${taken}.airlock.id is unavailable`)
    await expect(widget.getByTestId(`register-name-suggestion-${taken}1.airlock.id`)).toBeVisible()
    await expect(widget.getByTestId('register-name-submit')).toBeDisabled()
    await widget.getByTestId('back-button').click()
    await chooseName(page, widget, `wallet-${stamp}`)
  })

  test('the embedded wallet registers a name: the signature is approved in the modal', async ({ page, widget }) => {
    test.slow()
    await openDemo(page)
    await emailLogin(page, widget, freshEmail('names'))
    await chooseName(page, widget, `embedded-${Date.now().toString(36)}`, async () => {
      await expect(widget.getByTestId('approve-transaction')).toBeVisible({ timeout: 15_000 })
      await expect(widget.getByTestId('approve-message')).toContainText('airlock.id')
      await widget.getByTestId('approve-confirm').click()
    })
  })
})
