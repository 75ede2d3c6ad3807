import type { Page } from '@playwright/test'
import { bitcoinDevnetAccounts, sendBitcoin } from '@airlock/devnet/bitcoin'
import { expect, openDemo, stack, test } from './fixtures'
import { bitcoinConnection, esplora, freshBitcoinAddress, received, REGTEST } from './support/bitcoin'
import { approveInFrame, confirmation, secureFrameLocator } from './support/confirm'
import { emailLogin, freshEmail } from './support/emailLogin'
import { accountSettled } from './support/walletFeatures'

/**
 * The embedded wallet's Bitcoin account (BIP-84, keys in the secure origin) across the real
 * origins: a dapp of eip155 and the Bitcoin devnet gets it beside the eip155 account at the email
 * login; its address is funded on the devnet; the Send form's PSBT is shown by the secure frame
 * (outputs, fee), signed there on Approve, and broadcast by the widget through the API.
 */

/** The devnet key that funds the embedded wallet (no other e2e test spends from it). */
const FUNDER = bitcoinDevnetAccounts[7]!

/** The dapp's Bitcoin account, once getState() has one, as a dapp waits for it. */
async function bitcoinAccount(page: Page): Promise<string> {
  await expect.poll(() => bitcoinConnection(page), { timeout: 15_000 }).toMatch(/^bcrt1q[0-9a-z]{38}$/)
  return (await bitcoinConnection(page))!
}

/** "0.00000282 BTC" in sats. */
const satsOf = (text: string) => Math.round(Number(/^([0-9.,]+) BTC$/.exec(text)![1]!.replace(/,/g, '')) * 1e8)

test.describe('embedded wallet', () => {
  test("the embedded wallet sends BTC: the frame's confirmation shows the outputs and the fee, and the transfer lands", async ({
    page,
    widget,
  }) => {
    await openDemo(page, `${stack.urls.demoNpm}?networks=eip155:31337,${REGTEST}`)
    await emailLogin(page, widget, freshEmail('bitcoin'))
    const me = await bitcoinAccount(page)
    await sendBitcoin(stack.urls.bitcoinEsplora, FUNDER, me, 1_000_000n)
    await expect.poll(() => received(me), { timeout: 15_000 }).toBe(1_000_000)

    const to = freshBitcoinAddress()
    await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'bip122' }))
    await accountSettled(widget)
    await widget.getByTestId('account-feature-send').click()
    await expect(widget.getByTestId('wallet-send-view')).toBeVisible()
    await widget.getByTestId('send-amount-input').fill('0.001')
    await widget.getByTestId('send-receiver-input').fill(to)
    await expect(widget.getByTestId('send-button')).toHaveText('Send')
    await widget.getByTestId('send-button').click()

    // The secure origin shows what it signs: the receiver and its amount, the change back to this
    // wallet, the input it spends, the fee and its rate.
    await confirmation(page)
    const prompt = secureFrameLocator(page)
    const outputs = prompt.getByTestId('approve-output')
    await expect(outputs).toHaveCount(2)
    const payment = prompt.locator('[data-testid="approve-output"][data-change="false"]')
    await expect(payment.getByTestId('approve-output-address')).toHaveText(to)
    await expect(payment.getByTestId('approve-output-amount')).toHaveText('0.001 BTC')
    const change = prompt.locator('[data-testid="approve-output"][data-change="true"]')
    await expect(change.getByTestId('approve-output-address')).toHaveText(me)
    await expect(prompt.getByTestId('approve-input')).toHaveCount(1)
    await expect(prompt.getByTestId('approve-input').getByTestId('approve-input-amount')).toHaveText('0.01 BTC')
    await expect(prompt.getByTestId('approve-fee')).toHaveText(/^0\.0000\d+ BTC$/)
    await expect(prompt.getByTestId('approve-fee-rate')).toHaveText(/^\d+\.\d sat\/vB$/)
    const shownFee = satsOf((await prompt.getByTestId('approve-fee').textContent())!)
    const changeAmount = satsOf((await change.getByTestId('approve-output-amount').textContent())!)
    expect(changeAmount).toBe(1_000_000 - 100_000 - shownFee)
    await approveInFrame(page)

    // The transfer lands at the fresh address, paying the fee that was shown.
    await expect.poll(() => received(to), { timeout: 15_000 }).toBe(100_000)
    const [sent] = await esplora<{ txid: string; fee: number }[]>(`address/${to}/txs`)
    expect(sent!.fee).toBe(shownFee)
    await expect.poll(() => received(me), { timeout: 15_000 }).toBe(1_000_000 + changeAmount)
  })
})
