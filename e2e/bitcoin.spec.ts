import type { FrameLocator, Page } from '@playwright/test'
import { scriptToBitcoinAddress } from '@airlock/chains/bip122'
import { bitcoinDevnetAccounts } from '@airlock/devnet/bitcoin/accounts'
import { randomBytes } from 'node:crypto'
import { DEVNET_WALLET_RDNS, expect, openDemo, stack, test } from './fixtures'
import { accountSettled } from './support/walletFeatures'

/**
 * Bitcoin through the modal with the devnet browser wallet in each of its shapes (a Wallet Standard
 * wallet with bitcoin:* features, under the devnet wallet's one name, and a sats-connect provider of
 * btc_providers): the payment account connected, BTC sent from the Account view to a fresh address,
 * its balance read back from the Bitcoin devnet's esplora.
 */

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const PAYMENT = bitcoinDevnetAccounts[0]!.address

test.use({ families: ['eip155', 'bip122'] })
// One payment account for every test: its UTXOs are spent one send at a time.
test.describe.configure({ mode: 'serial' })

/** A native segwit address no key of the devnet holds. */
const freshBitcoinAddress = () => scriptToBitcoinAddress(Uint8Array.of(0x00, 0x14, ...randomBytes(20)), REGTEST)!

async function received(address: string): Promise<number> {
  const response = await fetch(`${stack.urls.bitcoinEsplora}/address/${address}`)
  const { chain_stats: chain, mempool_stats: mempool } = (await response.json()) as Record<string, { funded_txo_sum: number }>
  return chain!.funded_txo_sum + mempool!.funded_txo_sum
}

/** The demo as a dapp of eip155 and the Bitcoin devnet (the wallet only signs: the widget broadcasts through the API). */
async function openBitcoinDemo(page: Page): Promise<void> {
  await openDemo(page, `${stack.urls.demoNpm}?networks=eip155:31337,${REGTEST}`)
}

async function expectBitcoinConnected(page: Page): Promise<void> {
  await expect(page.getByTestId('account-connections')).toContainText(`${REGTEST}:${PAYMENT}`, { timeout: 15_000 })
}

/** From the Bitcoin Account view's Send button to the filled form, sent. */
async function submitBtc(page: Page, widget: FrameLocator, to: string, amount: string): Promise<void> {
  await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'bip122' }))
  await accountSettled(widget)
  await widget.getByTestId('account-feature-send').click()
  await expect(widget.getByTestId('wallet-send-view')).toBeVisible()
  await widget.getByTestId('send-amount-input').fill(amount)
  await widget.getByTestId('send-receiver-input').fill(to)
  await expect(widget.getByTestId('send-button')).toHaveText('Send')
  await widget.getByTestId('send-button').click()
}

async function sendBtc(page: Page, widget: FrameLocator, to: string, amount: string): Promise<void> {
  await submitBtc(page, widget, to, amount)
  await expect(widget.getByTestId('toast')).toContainText('Transaction started', { timeout: 15_000 })
}

function setBitcoinWalletMode(page: Page, mode: 'approve' | 'reject'): Promise<void> {
  return page.evaluate(
    (m) =>
      (window as unknown as { __devnetBitcoinWallet: { devnet: { setMode(m: string): void } } }).__devnetBitcoinWallet.devnet.setMode(m),
    mode,
  )
}

test.describe('Bitcoin with the devnet browser wallet', () => {
  test('the Wallet Standard shape: one pick connects the payment account beside eip155; BTC lands at a fresh address', async ({
    page,
    widget,
  }) => {
    await openBitcoinDemo(page)
    await page.getByTestId('connect-button').click()
    await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
    await expectBitcoinConnected(page)
    const to = freshBitcoinAddress()
    await sendBtc(page, widget, to, '0.001')
    await expect.poll(() => received(to), { timeout: 15_000 }).toBe(100_000)
  })

  test('the sats-connect shape: its own pick connects the payment account; BTC lands at a fresh address', async ({ page, widget }) => {
    await openBitcoinDemo(page)
    await page.getByTestId('connect-button').click()
    await widget.getByText('Devnet Sats Wallet').click()
    await expectBitcoinConnected(page)
    // Receive gives Bitcoin wallets' scanners a BIP-21 URI.
    await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'bip122' }))
    await accountSettled(widget)
    await widget.getByTestId('account-feature-receive').click()
    await expect(widget.getByTestId('receive-address')).toHaveText(PAYMENT)
    await expect(widget.getByTestId('receive-view').getByRole('img')).toHaveAttribute('data-uri', `bitcoin:${PAYMENT}`)
    const to = freshBitcoinAddress()
    await sendBtc(page, widget, to, '0.002')
    await expect.poll(() => received(to), { timeout: 15_000 }).toBe(200_000)
  })

  test('a no in the wallet is said as a rejection (sats-connect’s -32000 read as 4001) and keeps the form', async ({ page, widget }) => {
    await openBitcoinDemo(page)
    await page.getByTestId('connect-button').click()
    await widget.getByText('Devnet Sats Wallet').click()
    await expectBitcoinConnected(page)
    await setBitcoinWalletMode(page, 'reject')
    const to = freshBitcoinAddress()
    await submitBtc(page, widget, to, '0.003')
    await expect(widget.getByTestId('toast')).toContainText('Transaction rejected in your wallet')
    await expect(widget.getByTestId('wallet-send-view')).toBeVisible()
    await expect(widget.getByTestId('send-receiver-input')).toHaveValue(to)
    expect(await received(to)).toBe(0)
  })
})
