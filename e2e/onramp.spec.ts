import type { BrowserContext, FrameLocator, Page } from '@playwright/test'
import { parseEther, parseUnits, type Address } from 'viem'
import { chainClient, connectWallet, expect, openDemo, stack, test } from './fixtures'
import { balanceOf, buy, openBuy, pay, quoteBuy, TEST_CARD, USDC } from './support/walletFeatures'
import { emailLogin, freshEmail } from './support/emailLogin'

/**
 * Buy (on-ramp) through the api's sandbox checkout: the quote, the popup opened by the Buy click,
 * a test card paid in it, BuyInProgress following the purchase until it lands, and the tokens on chain.
 */

/** The devnet's USDC (apps/api/README.md). */
const DECLINED_CARD = '4000 0000 0000 0002'

const usdcOf = (owner: Address) => balanceOf(USDC, owner)

/** The whole purchase: 100 USD of USDC, the quote's amount arriving on chain. */
async function buyUsdc(page: Page, widget: FrameLocator, address: Address) {
  await openBuy(page, widget)
  await quoteBuy(widget, 'USDC', '100')
  // Coinbase's sandbox fee: 1.5 % of the total, plus 0.25 network fee for a token.
  await expect(widget.getByTestId('onramp-quote-purchase')).toHaveText('98.25 USDC')
  await expect(widget.getByTestId('onramp-quote-coinbase-fee')).toHaveText('1.50 USD')
  await expect(widget.getByTestId('onramp-quote-network-fee')).toHaveText('0.25 USD')
  await expect(widget.getByTestId('onramp-quote-fees')).toHaveText('1.75 USD')
  await expect(widget.getByTestId('onramp-quote-total')).toHaveText('100.00 USD')
  const quoted = parseUnits((await widget.getByTestId('onramp-quote-purchase').getAttribute('data-amount'))!, 6)
  const before = await usdcOf(address)

  const popup = await buy(page, widget)
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Buy USD Coin (USDC)')
  await pay(popup, TEST_CARD)
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Purchase complete', { timeout: 15_000 })

  await expect(widget.getByTestId('buy-in-progress')).toHaveAttribute('data-status', 'success', { timeout: 15_000 })
  await expect(widget.getByTestId('buy-in-progress-amount')).toHaveText('98.25 USDC')
  expect((await usdcOf(address)) - before).toBe(quoted)
  await widget.getByTestId('buy-in-progress-account').click()
  await expect(widget.getByTestId('account-view')).toBeVisible()
}

test.describe('Buy with the browser wallet', () => {
  test('USDC through the sandbox checkout with the test card lands in the account', async ({ page, widget, account }) => {
    test.slow()
    await openDemo(page)
    await connectWallet(page, widget)
    await buyUsdc(page, widget, account.address)
  })

  test('ETH: the quote is what arrives', async ({ page, widget, account }) => {
    test.slow()
    await openDemo(page)
    await connectWallet(page, widget)
    await openBuy(page, widget)
    await quoteBuy(widget, 'ETH', '30')
    // 30.00 - 0.45 fee - 0.10 network fee = 29.45 USD at 3000 USD per ETH.
    await expect(widget.getByTestId('onramp-quote-purchase')).toHaveText('0.009817 ETH')
    const quoted = parseEther((await widget.getByTestId('onramp-quote-purchase').getAttribute('data-amount'))!)
    const before = await chainClient.getBalance({ address: account.address })
    const popup = await buy(page, widget)
    await pay(popup, TEST_CARD)
    await expect(widget.getByTestId('buy-in-progress')).toHaveAttribute('data-status', 'success', { timeout: 15_000 })
    // The treasury pays the gas: the account gets exactly the quoted amount.
    expect((await chainClient.getBalance({ address: account.address })) - before).toBe(quoted)
  })

  test('a declined card: nothing lands, the view keeps waiting, and the checkout can still be paid', async ({ page, widget, account }) => {
    test.slow()
    await openDemo(page)
    await connectWallet(page, widget)
    await openBuy(page, widget)
    await quoteBuy(widget, 'USDC', '20')
    const before = await usdcOf(account.address)
    const popup = await buy(page, widget)
    await pay(popup, DECLINED_CARD)
    await expect(popup.getByRole('alert')).toContainText(/declined/i)
    // Two polls later, still nothing.
    await page.waitForTimeout(7_000)
    await expect(widget.getByTestId('buy-in-progress')).toHaveAttribute('data-status', 'waiting')
    expect(await usdcOf(account.address)).toBe(before)
    await pay(popup, TEST_CARD)
    await expect(widget.getByTestId('buy-in-progress')).toHaveAttribute('data-status', 'success', { timeout: 15_000 })
    expect((await usdcOf(account.address)) - before).toBe(parseUnits('19.45', 6))
  })

  test('amounts outside the card and bank limits are refused before any quote', async ({ page, widget }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    await openBuy(page, widget)
    await expect(widget.getByTestId('onramp-limits')).toHaveText('10.00 to 7,500.00 USD')
    const amount = widget.getByTestId('onramp-amount')
    const error = widget.getByTestId('onramp-amount-error')
    await amount.fill('9.99')
    await expect(error).toHaveText('Minimum amount is 10.00 USD')
    await expect(widget.getByTestId('onramp-buy')).toBeDisabled()
    await amount.fill('7500.01')
    await expect(error).toHaveText('Maximum amount is 7,500.00 USD')
    await widget.getByTestId('onramp-method-ach_bank_account').click()
    await expect(widget.getByTestId('onramp-limits')).toHaveText('10.00 to 25,000.00 USD')
    await amount.fill('25000.01')
    await expect(error).toHaveText('Maximum amount is 25,000.00 USD')
    await amount.fill('-10')
    await expect(error).toHaveText('Please enter a valid amount')
    await amount.fill('10.001')
    await expect(error).toHaveText('Use at most 2 decimals')
    await widget.getByTestId('onramp-payment-EUR').click()
    await amount.fill('1,250.50')
    await expect(widget.getByTestId('onramp-quote')).toHaveAttribute('data-state', 'ready')
    await expect(widget.getByTestId('onramp-quote-total')).toHaveText('1,250.50 EUR')
  })

  test('the options call failing shows the built-in defaults', async ({ page, widget }) => {
    await page.route('**/v1/onramp/options?*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":503,"error":"down","reasons":[]}' }),
    )
    await openDemo(page)
    await connectWallet(page, widget)
    await openBuy(page, widget)
    await expect(widget.getByTestId('onramp-options-fallback')).toBeVisible()
    await expect(widget.getByTestId(/^onramp-currency-/)).toHaveText([/^USDC/, /^ETH/])
    await expect(widget.getByTestId(/^onramp-payment-/)).toHaveText(['USD', 'EUR'])
    await expect(widget.getByTestId('onramp-limits')).toHaveText('10.00 to 7,500.00 USD')
    // The api still quotes the defaults.
    await quoteBuy(widget, 'USDC', '100')
    await expect(widget.getByTestId('onramp-quote-purchase')).toHaveText('98.25 USDC')
  })

  test('the quote call failing answers the mocked quote as an estimate, and the checkout still opens', async ({ page, widget }) => {
    await page.route('**/v1/onramp/quote?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"error":"boom","reasons":[]}' }),
    )
    await openDemo(page)
    await connectWallet(page, widget)
    await openBuy(page, widget)
    await quoteBuy(widget, 'USDC', '100')
    await expect(widget.getByTestId('onramp-quote')).toHaveAttribute('data-quote-id', 'mocked-quote-id')
    await expect(widget.getByTestId('onramp-quote-estimate')).toBeVisible()
    await expect(widget.getByTestId('onramp-quote-total')).toHaveText('100.00 USD')
    const popup = await buy(page, widget)
    await expect(popup.getByRole('button', { name: /^Pay/ })).toHaveText('Pay 100.00 USD')
  })

  test('a blocked popup says so, and a fresh click retries', async ({ page, widget, context }) => {
    await blockFirstPopup(context)
    await openDemo(page)
    await connectWallet(page, widget)
    await openBuy(page, widget)
    await quoteBuy(widget, 'USDC', '50')
    await widget.getByTestId('onramp-buy').click()
    await expect(widget.getByTestId('onramp-checkout-error')).toHaveText(
      'The checkout window was blocked: allow popups for this site and try again',
    )
    await expect(widget.getByTestId('onramp-buy')).toHaveText('Try again')
    await buy(page, widget)
  })
})

/** A popup blocker: the widget's first window.open gives nothing. */
function blockFirstPopup(context: BrowserContext) {
  return context.addInitScript(`if (location.origin === ${JSON.stringify(stack.origins.widget)}) {
    const open = window.open.bind(window)
    let blocked = false
    window.open = (...args) => (blocked ? open(...args) : ((blocked = true), null))
  }`)
}

test.describe('Buy with the embedded wallet', () => {
  test('USDC bought to the embedded address', async ({ page, widget }) => {
    test.slow()
    await openDemo(page)
    const address = await emailLogin(page, widget, freshEmail('onramp'))
    await buyUsdc(page, widget, address)
  })
})
