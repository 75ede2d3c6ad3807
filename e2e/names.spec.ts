import { connectWallet, expect, freshAccountTest, openDemo, test } from './fixtures'
import { chooseName, registerNameViaApi } from './support/walletFeatures'
import { approveInFrame, secureFrameLocator } from './support/confirm'
import { emailLogin, freshEmail } from './support/emailLogin'

/** Name registration (SPEC section 4) through the RegisterAccountName view, then the Account view shows the name. */

test.describe('Account names', () => {
  // An account keeps its name: a new one, whatever ran before on this worker's account.
  freshAccountTest(
    'the browser wallet registers a name: suggestions while typing, a taken name unavailable, then the Account view shows it',
    async ({ page, widget }) => {
      const stamp = Date.now().toString(36)
      const taken = `taken-${stamp}`
      await registerNameViaApi(taken)
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
    },
  )

  test('the embedded wallet registers a name: the signature is approved in the secure frame', async ({ page, widget }) => {
    test.slow()
    await openDemo(page)
    await emailLogin(page, widget, freshEmail('names'))
    await chooseName(page, widget, `embedded-${Date.now().toString(36)}`, async () => {
      await expect(secureFrameLocator(page).getByTestId('approve-message')).toContainText('airlock.id', { timeout: 15_000 })
      await approveInFrame(page)
    })
  })
})
