import type { Page } from '@playwright/test'
import { decodeSs58 } from '@airlock/chains/polkadot'
import { expect, openDemo, stack, test } from './fixtures'
import { approveInFrame, confirmation, secureFrameLocator } from './support/confirm'
import { emailLogin, freshEmail } from './support/emailLogin'
import { chopsticks, freeBalance, freshPolkadotAddress, POLKADOT_DEVNET as DEVNET } from './support/polkadot'
import { accountSettled } from './support/walletFeatures'

/**
 * The embedded wallet's Polkadot account (ed25519, keys in the secure origin) across the real
 * origins: a dapp of eip155 and the Polkadot devnet gets it at the email login; the account is
 * funded on chopsticks; the Send form's transfer (built by the API) is decoded and shown by the
 * secure frame (call, receiver, amount), signed there on Approve, and submitted through the API.
 */

const ROC = 10n ** 12n

/** The dapp's Polkadot account, once getState() has one, as a dapp waits for it. */
async function polkadotAccount(page: Page): Promise<string> {
  const read = () =>
    page.evaluate(
      (network) =>
        window
          .airlock!.getState()
          .connections?.find((c) => c.namespace === 'polkadot')
          ?.caipAddress.slice(network.length + 1),
      DEVNET,
    )
  await expect.poll(read, { timeout: 15_000 }).toBeTruthy()
  return (await read())!
}

test.describe('embedded wallet', () => {
  test("the embedded wallet sends ROC: the frame's confirmation shows the decoded transfer, and it lands", async ({ page, widget }) => {
    await openDemo(page, `${stack.urls.demoNpm}?networks=eip155:31337,${DEVNET}`)
    await emailLogin(page, widget, freshEmail('polkadot'))
    const me = await polkadotAccount(page)
    expect(decodeSs58(me)?.prefix).toBe(2)
    // The devnet's faucet: chopsticks writes the account's balance.
    await chopsticks('dev_setStorage', [{ System: { Account: [[[me], { providers: 1, data: { free: (100n * ROC).toString() } }]] } }])
    await expect.poll(() => freeBalance(me)).toBe(100n * ROC)

    const to = freshPolkadotAddress()
    await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'polkadot' }))
    await accountSettled(widget)
    await widget.getByTestId('account-feature-send').click()
    await expect(widget.getByTestId('wallet-send-view')).toBeVisible()
    await widget.getByTestId('send-amount-input').fill('3')
    await widget.getByTestId('send-receiver-input').fill(to)
    await expect(widget.getByTestId('send-button')).toHaveText('Send')
    await widget.getByTestId('send-button').click()

    // The secure origin shows what it signs, decoded from the payload's call.
    await confirmation(page)
    const prompt = secureFrameLocator(page)
    await expect(prompt.getByTestId('approve-call')).toContainText(/transfer/i)
    await expect(prompt.getByTestId('approve-to')).toHaveText(to)
    await expect(prompt.getByTestId('approve-amount')).toHaveText('3 ROC')
    await approveInFrame(page)

    await expect.poll(() => freeBalance(to), { timeout: 20_000 }).toBe(3n * ROC)
    await expect(widget.getByTestId('toast')).toContainText('Transaction started')
  })
})
