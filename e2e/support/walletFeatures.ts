import type { FrameLocator, Page } from '@playwright/test'
import { DEVNET_CONTRACTS } from '@airlock/devnet'
import { evmChainIdToCoinType, NAME_MESSAGE_PURPOSE, nameMessageNow } from '@airlock/protocol'
import { erc20Abi, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { chainClient, expect, stack } from '../fixtures'

/**
 * The wallet features as a user drives them in the modal (swap, send, buy, names), shared by their
 * own specs and the whole-journey spec. Each step waits for what the user would see before going on.
 */

export const USDC = DEVNET_CONTRACTS.usdc as Address
export const DAI = DEVNET_CONTRACTS.dai as Address
export const TEST_CARD = '4242 4242 4242 4242'

export const balanceOf = (token: Address, owner: Address) =>
  chainClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
export const txCount = (address: Address) => chainClient.getTransactionCount({ address, blockTag: 'latest' })
/** A receiver no other test touches. */
export const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** The modal closes on connecting: open it on the Account view again. */
export async function openAccount(page: Page, widget: FrameLocator): Promise<void> {
  await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
  await accountSettled(widget)
}

/** The Account view with its balance and tokens loaded, as a user sees it before choosing a feature. */
export async function accountSettled(widget: FrameLocator): Promise<void> {
  await expect(widget.getByTestId('account-view')).toBeVisible()
  await expect(widget.getByTestId('account-balance')).not.toHaveAttribute('data-state', 'loading')
  await expect(widget.getByTestId('tokens-loading')).toHaveCount(0)
}

/** From the Account view's Swap button to an initialised Swap view. */
export async function openSwap(page: Page, widget: FrameLocator) {
  await openAccount(page, widget)
  await widget.getByTestId('account-feature-swaps').click()
  await expect(widget.getByTestId('swap-view')).toBeVisible({ timeout: 15_000 })
  await expect(widget.getByTestId('swap-input-source')).toHaveValue('1')
  await expect(widget.getByTestId('swap-token-source')).toHaveAttribute('data-symbol', 'ETH')
}

export async function chooseSwapToken(widget: FrameLocator, side: 'source' | 'to', symbol: string) {
  await widget.getByTestId(`swap-token-${side}`).click()
  await widget.getByTestId(`swap-token-popular-${symbol}`).click()
  await expect(widget.getByTestId(`swap-token-${side}`)).toHaveAttribute('data-symbol', symbol)
}

/** Types the amount and waits for the debounced quote. */
export async function quoteSwap(widget: FrameLocator, amount: string) {
  await widget.getByTestId('swap-input-source').fill(amount)
  await expect(widget.getByTestId('swap-review')).toHaveText('Review swap', { timeout: 10_000 })
  await expect(widget.getByTestId('swap-review')).toBeEnabled()
}

/** The preview's shown output ('2,988.020943 USDC') as the digits it rounds to. */
export async function previewOutput(widget: FrameLocator): Promise<string> {
  const text = (await widget.getByTestId('swap-preview-to').textContent()) ?? ''
  return text.split(' ')[0]!
}

/** From the Account view's Send button to the Send form. */
export async function openSendView(page: Page, widget: FrameLocator): Promise<void> {
  await openAccount(page, widget)
  await widget.getByTestId('account-feature-send').click()
  await expect(widget.getByTestId('wallet-send-view')).toBeVisible()
  await expect(widget.getByTestId('send-token-symbol')).toBeVisible()
}

export async function pickSendToken(widget: FrameLocator, symbol: string): Promise<void> {
  await widget.getByTestId('send-token-button').click()
  await widget.getByTestId(`send-token-${symbol}`).click()
  await expect(widget.getByTestId('send-token-symbol')).toHaveText(symbol)
}

/** Sends the filled form: 'Transaction started', then the Account view. */
export async function confirmSend(widget: FrameLocator): Promise<void> {
  await expect(widget.getByTestId('send-button')).toHaveText('Send')
  await expect(widget.getByTestId('send-gas-usd')).toHaveText(/^≈ \$\d/)
  await widget.getByTestId('send-button').click()
  await expect(widget.getByTestId('toast')).toContainText('Transaction started', { timeout: 15_000 })
  await expect(widget.getByTestId('account-view')).toBeVisible()
}

/** From the Account view's Buy button to a ready Buy form. */
export async function openBuy(page: Page, widget: FrameLocator) {
  await openAccount(page, widget)
  await widget.getByTestId('account-feature-onramp').click()
  await expect(widget.getByTestId('onramp-view')).toHaveAttribute('data-state', 'ready')
}

/** Picks the currency, types the amount and waits for the quote. */
export async function quoteBuy(widget: FrameLocator, currency: string, amount: string) {
  await widget.getByTestId(`onramp-currency-${currency}`).click()
  await widget.getByTestId('onramp-amount').fill(amount)
  await expect(widget.getByTestId('onramp-quote')).toHaveAttribute('data-state', 'ready')
}

/** Clicks Buy: the checkout popup opens in the click and lands on the api's sandbox checkout page. */
export async function buy(page: Page, widget: FrameLocator): Promise<Page> {
  const opened = page.waitForEvent('popup')
  await widget.getByTestId('onramp-buy').click()
  const popup = await opened
  await popup.waitForURL(new RegExp(`^${stack.urls.api.replace(/\/$/, '')}/onramp/checkout/[A-Za-z0-9_-]{43}$`))
  await expect(widget.getByTestId('buy-in-progress')).toHaveAttribute('data-status', 'waiting')
  return popup
}

export async function pay(popup: Page, card: string) {
  await popup.locator('#card').fill(card)
  await popup.getByRole('button', { name: /^Pay/ }).click()
}

/** The api seen from Node, which does not resolve `*.localhost` as Chromium does. */
export const apiFromNode = () => {
  const url = new URL(stack.urls.api)
  url.hostname = '127.0.0.1'
  return url.origin
}

/** Registers `name` for `owner` on the devnet chain through the api, as the README shows. */
export async function registerName(owner: PrivateKeyAccount, name: string, attributes: Record<string, string> = {}): Promise<void> {
  const coinType = evmChainIdToCoinType(31337)
  const domain = new URL(stack.urls.api).host
  const fields = { domain, purpose: NAME_MESSAGE_PURPOSE.register, name, address: owner.address, coinType, attributes }
  const message = nameMessageNow(fields, Date.now())
  const response = await fetch(`${apiFromNode()}/v1/profile/account?projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: coinType,
      address: owner.address,
      message,
      signature: await owner.signMessage({ message }),
    }),
  })
  expect(response.status).toBe(200)
}

/** Registers `label`.airlock.id for a fresh key through the api. */
export async function registerNameViaApi(label: string): Promise<{ name: string; address: Address }> {
  const owner = privateKeyToAccount(generatePrivateKey())
  const name = `${label}.airlock.id`
  await registerName(owner, name)
  return { name, address: owner.address }
}

/** RegisterAccountName from the Account view; `approve` answers the embedded wallet's ApproveTransaction. */
export async function chooseName(page: Page, widget: FrameLocator, label: string, approve?: () => Promise<void>): Promise<void> {
  await openAccount(page, widget)
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

/**
 * A whole swap from the Account view: tokens, amount, preview, the approval when the preview asks
 * for one, the swap, 'Swapped …' and the Account view. `confirmInWallet` answers each wallet step
 * the modal shows itself (the embedded wallet's ApproveTransaction). Answers the previewed output.
 */
export async function swapTokens(
  page: Page,
  widget: FrameLocator,
  swap: { from: string; to: string; amount: string },
  confirmInWallet: () => Promise<void> = async () => {},
): Promise<string> {
  await openSwap(page, widget)
  if (swap.from !== 'ETH') await chooseSwapToken(widget, 'source', swap.from)
  await chooseSwapToken(widget, 'to', swap.to)
  await quoteSwap(widget, swap.amount)
  await widget.getByTestId('swap-review').click()
  const confirm = widget.getByTestId('swap-preview-confirm')
  await expect(confirm).toHaveText(/^(Swap|Approve \w+)$/, { timeout: 10_000 })
  await expect(confirm).toBeEnabled()
  if ((await confirm.textContent()) !== 'Swap') {
    await confirm.click()
    await confirmInWallet()
    await expect(confirm).toHaveText('Swap', { timeout: 20_000 })
    await expect(confirm).toBeEnabled()
  }
  const shown = await previewOutput(widget)
  await confirm.click()
  await confirmInWallet()
  await expect(widget.getByTestId('toast')).toHaveText(new RegExp(`^Swapped ${swap.amount} ${swap.from} to [\\d,.]+ ${swap.to}$`), {
    timeout: 30_000,
  })
  await expect(widget.getByTestId('account-view')).toBeVisible()
  return shown
}

/**
 * What a swap delivered against what its preview showed (6 decimals). Exact when nobody else traded
 * in the pool meanwhile; the devnet's pools are shared by the parallel workers, so another swap may
 * move the price between preview and mining. The modal promises the preview within its 1 % slippage
 * (the router's minimum output), and that is what is checked.
 */
export function expectDeliveredAsPreviewed(received: bigint, shown: string, decimals: number): void {
  const previewed = parseUnits(shown.replaceAll(',', ''), decimals)
  expect(received).toBeGreaterThanOrEqual((previewed * 99n) / 100n)
  expect(received).toBeLessThanOrEqual((previewed * 101n) / 100n)
}

/**
 * Opens Activity from the Account view until a row with each text shows: the api indexes blocks
 * as they come, so a transfer just made may take a moment.
 */
export async function expectActivityRows(widget: FrameLocator, texts: readonly string[]): Promise<void> {
  await expect(async () => {
    if (await widget.getByTestId('transactions-view').isVisible()) await widget.getByTestId('back-button').click()
    await widget.getByTestId('account-activity').click()
    const rows = widget.getByTestId('activity-row')
    for (const text of texts) await expect(rows.filter({ hasText: text }).first()).toBeVisible({ timeout: 1000 })
  }).toPass({ intervals: [500, 1000, 2000], timeout: 20_000 })
}
