import { connectWallet, expect, freshAccountTest, openDemo, test } from './fixtures'
import { evmChainIdToCoinType, NAME_MESSAGE_PURPOSE, nameMessageNow } from '@airlock/protocol'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { apiFromNode, chooseName, registerNameViaApi } from './support/walletFeatures'
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

  test('the api refuses the old JSON name message and a name message signed for another site, both correctly signed', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const name = `replayed-${Date.now().toString(36)}.airlock.id`
    const post = async (message: string) => {
      const body = {
        coin_type: evmChainIdToCoinType(31337),
        address: owner.address,
        message,
        signature: await owner.signMessage({ message }),
      }
      const response = await fetch(`${apiFromNode()}/v1/profile/account?projectId=demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return {
        status: response.status,
        reason: ((await response.json()) as { reasons: { description: string }[] }).reasons[0]?.description,
      }
    }
    const old = await post(JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) }))
    expect(old.status).toBe(400)
    expect(old.reason).toContain('The JSON name message is no longer accepted')

    const fields = {
      purpose: NAME_MESSAGE_PURPOSE.register,
      name,
      address: owner.address,
      coinType: evmChainIdToCoinType(31337),
      attributes: {},
    }
    const elsewhere = await post(nameMessageNow({ ...fields, domain: 'api.other-dapp.example' }, Date.now()))
    expect(elsewhere).toEqual({ status: 400, reason: 'The signed message is for another site: api.other-dapp.example' })
    const lookup = await fetch(`${apiFromNode()}/v1/profile/account/${name}?projectId=demo`)
    expect(lookup.status).toBe(404)
  })

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
