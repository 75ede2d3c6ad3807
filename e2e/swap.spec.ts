import type { FrameLocator, Page } from '@playwright/test'
import { parseEther, type Address } from 'viem'
import { chainClient, connectWallet, expect, fund, openDemo, setWalletMode, stack, test } from './fixtures'
import {
  balanceOf,
  expectDeliveredAsPreviewed,
  chooseSwapToken,
  DAI,
  openSwap,
  previewOutput,
  quoteSwap,
  txCount,
  USDC,
} from './support/walletFeatures'
import { approveInFrame, secureFrameLocator } from './support/confirm'
import { emailLogin, freshEmail } from './support/emailLogin'

/**
 * Swaps on the devnet's Uniswap V2 through the api, as a user does them in the modal: the browser
 * wallet (ETH to USDC without approval, USDC to DAI with one), bad amounts, a rejected approval, the
 * api failing mid-swap, and the embedded wallet whose steps go through the ApproveTransaction view.
 * Balances are read on the chain and compared with what the preview showed.
 */

/** The browser wallet connected, on a quoted swap of `amount` USDC to DAI. */
async function quoteUsdcToDai(page: Page, widget: FrameLocator, amount: string) {
  await openDemo(page)
  await connectWallet(page, widget)
  await openSwap(page, widget)
  await chooseSwapToken(widget, 'source', 'USDC')
  await chooseSwapToken(widget, 'to', 'DAI')
  await quoteSwap(widget, amount)
}

/** Review: the preview asks for the USDC approval first. */
async function reviewToApproval(widget: FrameLocator) {
  await widget.getByTestId('swap-review').click()
  await expect(widget.getByTestId('swap-preview-confirm')).toHaveText('Approve USDC', { timeout: 10_000 })
}

test.describe('swap with the browser wallet', () => {
  test('ETH to USDC: no approval, one transaction, the balance moves by the previewed amount', async ({ page, widget, account }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    await openSwap(page, widget)
    await chooseSwapToken(widget, 'to', 'USDC')
    await quoteSwap(widget, '1')
    const quoted = await widget.getByTestId('swap-output').textContent()
    expect(quoted).toMatch(/^[\d,]+\.\d{6}$/)
    await expect(widget.getByTestId('swap-provider-fee')).toHaveText('0.008500 ETH')

    const me = account.address as Address
    const [usdcBefore, nonceBefore] = await Promise.all([balanceOf(USDC, me), txCount(me)])
    await widget.getByTestId('swap-review').click()
    await expect(widget.getByTestId('swap-preview-confirm')).toHaveText('Swap', { timeout: 10_000 })
    await expect(widget.getByTestId('swap-approval-note')).toHaveCount(0)
    const shown = await previewOutput(widget)
    // A double click sends one transaction.
    await widget.getByTestId('swap-preview-confirm').dblclick()
    await expect(widget.getByTestId('toast')).toHaveText(new RegExp(`^Swapped 1 ETH to [\\d,.]+ USDC$`), { timeout: 20_000 })
    await expect(widget.getByTestId('account-view')).toBeVisible()

    expect(await txCount(me)).toBe(nonceBefore + 1)
    const received = (await balanceOf(USDC, me)) - usdcBefore
    expectDeliveredAsPreviewed(received, shown, 6)
  })

  test('USDC to DAI: an approval of the amount, then the swap; DAI moves by the previewed amount', async ({ page, widget, account }) => {
    const me = account.address as Address
    await quoteUsdcToDai(page, widget, '100')

    const [usdcBefore, daiBefore, nonceBefore] = await Promise.all([balanceOf(USDC, me), balanceOf(DAI, me), txCount(me)])
    await reviewToApproval(widget)
    await expect(widget.getByTestId('swap-approval-note')).toBeVisible()
    await widget.getByTestId('swap-preview-confirm').click()
    // Mined, the allowance is read again and the swap built on it.
    await expect(widget.getByTestId('swap-preview-confirm')).toHaveText('Swap', { timeout: 20_000 })
    expect(await txCount(me)).toBe(nonceBefore + 1)
    const shown = await previewOutput(widget)
    await widget.getByTestId('swap-preview-confirm').click()
    await expect(widget.getByTestId('toast')).toHaveText(/^Swapped 100 USDC to [\d,.]+ DAI$/, { timeout: 20_000 })
    await expect(widget.getByTestId('account-view')).toBeVisible()

    expect(await txCount(me)).toBe(nonceBefore + 2)
    expect(usdcBefore - (await balanceOf(USDC, me))).toBe(100_000_000n)
    const received = (await balanceOf(DAI, me)) - daiBefore
    expectDeliveredAsPreviewed(received, shown, 18)
  })

  test('bad amounts: too many decimals, negative, zero, above the balance, pasted with commas', async ({ page, widget }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    await openSwap(page, widget)
    await chooseSwapToken(widget, 'to', 'USDC')
    const input = widget.getByTestId('swap-input-source')
    const error = widget.getByTestId('swap-input-error')
    const review = widget.getByTestId('swap-review')

    await input.fill('0.1234567890123456789')
    await expect(error).toHaveText('Incorrect amountThis token has at most 18 decimals')
    await expect(review).toBeDisabled()
    await input.fill('-1')
    await expect(error).toHaveText('Incorrect amountThe amount cannot be negative')
    await input.fill('0')
    await expect(error).toHaveText('Incorrect amountThe amount must be above 0')
    await expect(review).toHaveText('Incorrect amount')
    await input.fill('1000000')
    await expect(error).toHaveText('Insufficient balance')
    await expect(review).toHaveText('Insufficient balance')
    await expect(review).toBeDisabled()

    // A comma that is not a thousands separator is refused, as in send.
    await input.fill('0,5')
    await expect(error).toHaveText('Incorrect amountUse a dot for decimals; commas only between thousands')
    await expect(review).toBeDisabled()
    // Pasted en-US grouping reads as the number it shows.
    await input.fill('1,000.5')
    await expect(input).toHaveValue('1000.5')
    await expect(error).toHaveCount(0)
    await expect(review).toHaveText('Review swap', { timeout: 10_000 })
  })

  test('a rejected approval goes back to the swap with the error; approving on retry swaps', async ({ page, widget, account }) => {
    const me = account.address as Address
    await quoteUsdcToDai(page, widget, '25')
    const nonceBefore = await txCount(me)

    await setWalletMode(page, 'reject')
    await reviewToApproval(widget)
    await widget.getByTestId('swap-preview-confirm').click()
    await expect(widget.getByTestId('swap-view')).toBeVisible()
    await expect(widget.getByTestId('swap-transaction-error')).toHaveText('Transaction error')
    await expect(widget.getByTestId('swap-input-source')).toHaveValue('25')
    expect(await txCount(me)).toBe(nonceBefore)

    await setWalletMode(page, 'approve')
    await reviewToApproval(widget)
    await widget.getByTestId('swap-preview-confirm').click()
    await expect(widget.getByTestId('swap-preview-confirm')).toHaveText('Swap', { timeout: 20_000 })
    await widget.getByTestId('swap-preview-confirm').click()
    await expect(widget.getByTestId('toast')).toHaveText(/^Swapped 25 USDC to [\d,.]+ DAI$/, { timeout: 20_000 })
    expect(await txCount(me)).toBe(nonceBefore + 2)
  })

  test('the api down mid-swap: the error shown, and the retry sends only the swap', async ({ page, widget, account }) => {
    const me = account.address as Address
    await quoteUsdcToDai(page, widget, '10')
    const [usdcBefore, nonceBefore] = await Promise.all([balanceOf(USDC, me), txCount(me)])

    // The api answers build-transaction with a 503 from the approval on: the step after it fails.
    let refused = 0
    const buildTransaction = `${stack.urls.api.replace(/\/$/, '')}/v1/convert/build-transaction**`
    await page.route(buildTransaction, (route) => {
      refused++
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 503, error: 'down', reasons: [{ description: 'down' }] }),
      })
    })
    await reviewToApproval(widget)
    await widget.getByTestId('swap-preview-confirm').click()
    await expect(widget.getByTestId('toast')).toHaveText('Failed to create transaction', { timeout: 20_000 })
    await expect(widget.getByTestId('swap-view')).toBeVisible()
    await expect(widget.getByTestId('swap-transaction-error')).toHaveText('Failed to create transaction')
    expect(refused).toBe(1)
    // Only the approval went out.
    expect(await txCount(me)).toBe(nonceBefore + 1)

    await page.unroute(buildTransaction)
    await widget.getByTestId('swap-review').click()
    // The approval is on chain: no second one, straight to the swap.
    await expect(widget.getByTestId('swap-preview-confirm')).toHaveText('Swap', { timeout: 10_000 })
    await widget.getByTestId('swap-preview-confirm').click()
    await expect(widget.getByTestId('toast')).toHaveText(/^Swapped 10 USDC to [\d,.]+ DAI$/, { timeout: 20_000 })
    expect(await txCount(me)).toBe(nonceBefore + 2)
    expect(usdcBefore - (await balanceOf(USDC, me))).toBe(10_000_000n)
  })
})

test.describe('swap with the embedded wallet', () => {
  test('ETH to USDC from the EOA: the swap is confirmed in the secure frame, decoded as the router call it is', async ({
    page,
    widget,
  }) => {
    test.slow()
    // On the EOA, the swap is its own transaction (the smart account's batch: smart-account.spec.ts).
    await openDemo(page, `${stack.urls.demoNpm}?accounts=eoa`)
    const address = await emailLogin(page, widget, freshEmail('swap'))
    // Funded before anything reads its balances (they are cached 30 s).
    await fund(address)
    await openSwap(page, widget)
    await chooseSwapToken(widget, 'to', 'USDC')
    await quoteSwap(widget, '1')
    await widget.getByTestId('swap-review').click()
    await expect(widget.getByTestId('swap-preview-confirm')).toHaveText('Swap', { timeout: 10_000 })
    const shown = await previewOutput(widget)
    await widget.getByTestId('swap-preview-confirm').click()
    await expect(secureFrameLocator(page).getByTestId('approve-data')).toContainText('swapExactETHForTokens', { timeout: 15_000 })
    await expect(secureFrameLocator(page).getByTestId('approve-value')).toHaveText('1 ETH')
    // Before Approve, the node's simulation of this exact transaction: 1 ETH out, USDC in, each
    // with its USD value at the API's price (the devnet pool's, which other workers' swaps move).
    const changes = secureFrameLocator(page).getByTestId('approve-change')
    await expect(changes).toHaveText([/^−1 ETH \(≈ \$[\d,]+\.\d\d\)$/, /^\+[\d,.]+ USDC \(≈ \$[\d,]+\.\d\d\)$/])
    const simulatedUsdc = BigInt((await changes.nth(1).getAttribute('data-amount'))!)
    const ethBefore = await chainClient.getBalance({ address })
    await approveInFrame(page)
    await expect(widget.getByTestId('toast')).toHaveText(/^Swapped 1 ETH to [\d,.]+ USDC$/, { timeout: 30_000 })
    await expect(widget.getByTestId('account-view')).toBeVisible()
    expectDeliveredAsPreviewed(await balanceOf(USDC, address), shown, 6)
    // What the simulation said is what the mined swap did: within what another worker's swap on the
    // same pool can move the price meanwhile (1000 ETH of liquidity: under 0.5 %).
    const delivered = await balanceOf(USDC, address)
    expect(delivered - simulatedUsdc < 0n ? simulatedUsdc - delivered : delivered - simulatedUsdc).toBeLessThanOrEqual(simulatedUsdc / 200n)
    const spent = ethBefore - (await chainClient.getBalance({ address }))
    expect(spent).toBeGreaterThan(parseEther('1'))
    expect(spent).toBeLessThan(parseEther('1.01'))
    expect(await txCount(address)).toBe(1)
  })
})
