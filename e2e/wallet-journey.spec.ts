import type { FrameLocator, Page } from '@playwright/test'
import { formatDecimal, formatUnits } from '@airlock/chains'
import { createWalletClient, http, parseEther, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { chainClient, connectWallet, devnet, expect, freshAccountTest, openDemo, test } from './fixtures'
import { approveInFrame } from './support/confirm'
import { emailLogin, freshEmail } from './support/emailLogin'
import {
  balanceOf,
  buy,
  expectDeliveredAsPreviewed,
  chooseName,
  confirmSend,
  DAI,
  freshAddress,
  openAccount,
  openBuy,
  openSendView,
  pay,
  pickSendToken,
  quoteBuy,
  swapTokens,
  TEST_CARD,
  USDC,
} from './support/walletFeatures'

/**
 * Issue 6's whole journey on one account: swap ETH to USDC (no approval), USDC to DAI (approval),
 * send USDC to a second address, buy USDC through the sandbox checkout, register a name; then the
 * Activity list shows each transaction with its direction and amount, and every balance moved as
 * the modal said it would. Once with the browser wallet, once with the embedded wallet (whose
 * steps are confirmed in the ApproveTransaction view).
 */

/** The history's amount text: 3 decimals, en-US, signed by direction. */
const shownAmount = (sign: '+' | '-', value: bigint, decimals: number, symbol: string) =>
  `${sign}${formatDecimal(formatUnits(value, decimals), 3)} ${symbol}`

interface Expected {
  operation: string
  amounts: string[]
}

/** Opens Activity (the button, or the embedded wallet's tab) until every expected row is listed: the indexer follows blocks. */
async function expectActivity(page: Page, widget: FrameLocator, embedded: boolean, expected: Expected[]): Promise<void> {
  await expect(async () => {
    await openAccount(page, widget)
    await widget.getByTestId(embedded ? 'account-tab-activity' : 'account-activity').click()
    await expect(widget.getByTestId('activity-row').first()).toBeVisible({ timeout: 3_000 })
    for (const row of expected) {
      let match = widget
        .getByTestId('activity-row')
        .filter({ has: widget.getByTestId('activity-operation').getByText(row.operation, { exact: true }) })
      for (const amount of row.amounts)
        match = match.filter({ has: widget.getByTestId('activity-amount').getByText(amount, { exact: true }) })
      await expect(match).toHaveCount(1, { timeout: 1_000 })
    }
  }).toPass({ timeout: 30_000 })
}

/** Buys 50 USD of USDC with the test card and answers what arrived, checked against the quote. */
async function buyUsdc(page: Page, widget: FrameLocator, address: Address): Promise<bigint> {
  await openBuy(page, widget)
  await quoteBuy(widget, 'USDC', '50')
  const quoted = parseUnits((await widget.getByTestId('onramp-quote-purchase').getAttribute('data-amount'))!, 6)
  const before = await balanceOf(USDC, address)
  await pay(await buy(page, widget), TEST_CARD)
  await expect(widget.getByTestId('buy-in-progress')).toHaveAttribute('data-status', 'success', { timeout: 20_000 })
  expect((await balanceOf(USDC, address)) - before).toBe(quoted)
  return quoted
}

/** Sends 7.25 USDC to a fresh address and checks it arrived. */
async function sendUsdc(page: Page, widget: FrameLocator, confirmInWallet?: () => Promise<void>): Promise<void> {
  const to = freshAddress()
  await openSendView(page, widget)
  await pickSendToken(widget, 'USDC')
  await widget.getByTestId('send-amount-input').fill('7.25')
  await widget.getByTestId('send-receiver-input').fill(to)
  await expect(widget.getByTestId('send-receiver-address')).toBeVisible()
  if (!confirmInWallet) await confirmSend(widget)
  else {
    await widget.getByTestId('send-button').click()
    await confirmInWallet()
    await expect(widget.getByTestId('toast')).toContainText('Transaction started', { timeout: 15_000 })
  }
  await expect.poll(() => balanceOf(USDC, to), { timeout: 15_000 }).toBe(parseUnits('7.25', 6))
}

test.describe('the wallet journey', () => {
  // An account keeps its name and its Activity: a new one, whatever ran before on this worker's account.
  freshAccountTest(
    'browser wallet: swap, swap with approval, send, buy and a name; Activity shows each, balances moved as quoted',
    async ({ page, widget, account }) => {
      test.setTimeout(180_000)
      const me = account.address as Address
      await openDemo(page)
      await connectWallet(page, widget)

      const usdcBefore = await balanceOf(USDC, me)
      const shownUsdc = await swapTokens(page, widget, { from: 'ETH', to: 'USDC', amount: '0.5' })
      const toUsdc = (await balanceOf(USDC, me)) - usdcBefore
      expectDeliveredAsPreviewed(toUsdc, shownUsdc, 6)

      const daiBefore = await balanceOf(DAI, me)
      const shownDai = await swapTokens(page, widget, { from: 'USDC', to: 'DAI', amount: '40' })
      expectDeliveredAsPreviewed((await balanceOf(DAI, me)) - daiBefore, shownDai, 18)

      await sendUsdc(page, widget)
      const bought = await buyUsdc(page, widget, me)
      const label = `journey-${Date.now().toString(36)}`
      await chooseName(page, widget, label)

      await expectActivity(page, widget, false, [
        { operation: 'Swapped', amounts: ['-0.500 ETH', shownAmount('+', toUsdc, 6, 'USDC')] },
        { operation: 'Swapped', amounts: ['-40.000 USDC'] },
        { operation: 'Sent', amounts: ['-7.250 USDC'] },
        { operation: 'Bought', amounts: [shownAmount('+', bought, 6, 'USDC')] },
      ])
      // The name is the account's title now, and stays after the Activity round trip.
      await openAccount(page, widget)
      await expect(widget.getByTestId('account-address')).toHaveText(`${label}.airlock.id`)
    },
  )

  test('embedded wallet: each step confirmed in the secure frame; Activity shows each', async ({ page, widget, account }) => {
    test.setTimeout(180_000)
    await openDemo(page)
    const me = await emailLogin(page, widget, freshEmail('journey'))
    // Funded from the worker's devnet account before anything reads the new wallet's balances.
    const funder = createWalletClient({ account: privateKeyToAccount(account.privateKey), chain: devnet, transport: http() })
    await chainClient.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: me, value: parseEther('2') }) })
    const approve = () => approveInFrame(page)

    const shownUsdc = await swapTokens(page, widget, { from: 'ETH', to: 'USDC', amount: '0.5' }, approve)
    const toUsdc = await balanceOf(USDC, me)
    expectDeliveredAsPreviewed(toUsdc, shownUsdc, 6)
    await swapTokens(page, widget, { from: 'USDC', to: 'DAI', amount: '40' }, approve)
    expect(await balanceOf(USDC, me)).toBe(toUsdc - parseUnits('40', 6))
    await sendUsdc(page, widget, approve)
    const label = `embedded-journey-${Date.now().toString(36)}`
    await chooseName(page, widget, label, approve)

    await expectActivity(page, widget, true, [
      { operation: 'Received', amounts: ['+2.000 ETH'] },
      { operation: 'Swapped', amounts: ['-0.500 ETH', shownAmount('+', toUsdc, 6, 'USDC')] },
      { operation: 'Swapped', amounts: ['-40.000 USDC'] },
      { operation: 'Sent', amounts: ['-7.250 USDC'] },
    ])
    expect(await balanceOf(USDC, me)).toBe(toUsdc - parseUnits('47.25', 6))
  })
})
