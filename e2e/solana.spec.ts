import type { FrameLocator, Page } from '@playwright/test'
import { connectWallet, expect, openDemo, test, type SolanaTestAccount } from './fixtures'
import {
  freshSolanaAddress,
  lamportsOf,
  openSolanaAccountView,
  openSolanaSendForm,
  signSolanaMessage,
  SOLANA,
  usdcOf,
} from './support/solana'
import { confirmSend, expectActivityRows, pickSendToken } from './support/walletFeatures'

/**
 * Solana through the modal with the devnet browser wallet (one wallet, EIP-1193 and Wallet Standard,
 * one name): connected beside eip155, messages signed for the dapp, SOL and USDC sent from the
 * Account view, balances read back from the Solana devnet.
 */

test.use({ families: ['eip155', 'solana'] })

function setSolanaWalletMode(page: Page, mode: 'approve' | 'reject' | 'throw'): Promise<void> {
  return page.evaluate(
    (m) => (window as unknown as { __devnetSolanaWallet: { devnet: { setMode(m: string): void } } }).__devnetSolanaWallet.devnet.setMode(m),
    mode,
  )
}

/** Connects the devnet wallet: one pick, both families. */
async function connectBoth(page: Page, widget: FrameLocator, solana: SolanaTestAccount): Promise<void> {
  await openDemo(page)
  await connectWallet(page, widget)
  await expect(page.getByTestId('account-connections')).toContainText(`${SOLANA}:${solana.address}`)
}

async function openSolanaSend(page: Page, widget: FrameLocator, solana: SolanaTestAccount, symbol: string): Promise<void> {
  await connectBoth(page, widget, solana)
  await openSolanaSendForm(page, widget, symbol)
}

test.describe('Solana with the devnet browser wallet', () => {
  test('one pick connects both families; the dapp gets a Solana message signed, verified with ed25519', async ({
    page,
    widget,
    account,
    solanaAccount,
  }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    await expect(page.getByTestId('account-connections')).toHaveText(`eip155:31337:${account.address} ${SOLANA}:${solanaAccount!.address}`)
    const text = `Sign in to the Airlock demo at ${new Date().toISOString()}`
    expect(await signSolanaMessage(page, solanaAccount!.address, text)).toBe(true)

    await setSolanaWalletMode(page, 'reject')
    expect(await signSolanaMessage(page, solanaAccount!.address, text)).toEqual({ code: 4001, message: expect.any(String) })
  })

  test('the Account view shows SOL and USDC from the devnet, and Receive the Solana address with its QR code', async ({
    page,
    widget,
    solanaAccount,
  }) => {
    await connectBoth(page, widget, solanaAccount!)
    await openSolanaAccountView(page, widget)
    await expect(widget.getByTestId('token-row-SOL').getByTestId('token-amount')).toHaveText(/^4\.99\d$|^5\.000$/)
    await expect(widget.getByTestId('token-row-USDC').getByTestId('token-amount')).toHaveText('100.000')
    await widget.getByTestId('account-feature-receive').click()
    const view = widget.getByTestId('receive-view')
    await expect(view.getByTestId('receive-address')).toHaveText(solanaAccount!.address)
    await expect(view.getByRole('img', { name: /QR code/ })).toHaveAttribute('data-uri', solanaAccount!.address)
  })

  test('a dapp that opens the Solana Account view once its state has the Solana connection sees it', async ({ page, widget }) => {
    await openDemo(page)
    // The open() reaches the host before the widget's hide of the modal the connection closed.
    await page.evaluate(() => {
      const stop = window.airlock!.subscribeState((state) => {
        if (!state.connections?.some((c) => c.namespace === 'solana')) return
        stop()
        void window.airlock!.open({ view: 'Account', namespace: 'solana' })
      })
    })
    await connectWallet(page, widget)
    await expect(widget.getByTestId('token-row-SOL').getByTestId('token-amount')).toHaveText(/^4\.99\d$|^5\.000$/)
    await expect(page.locator('iframe[data-airlock]')).toBeVisible()
    expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({ open: true, view: 'Account', activeNamespace: 'solana' })
  })

  test('sends SOL and USDC to fresh addresses; the devnet has them and Activity lists both', async ({ page, widget, solanaAccount }) => {
    const to = await freshSolanaAddress()
    await openSolanaSend(page, widget, solanaAccount!, 'SOL')
    await widget.getByTestId('send-amount-input').fill('0.5')
    await widget.getByTestId('send-receiver-input').fill(to)
    await confirmSend(widget)
    await expect.poll(() => lamportsOf(to), { timeout: 15_000 }).toBe(500_000_000n)

    const usdcTo = await freshSolanaAddress()
    await widget.getByTestId('account-feature-send').click()
    await pickSendToken(widget, 'USDC')
    await widget.getByTestId('send-amount-input').fill('12.5')
    await widget.getByTestId('send-receiver-input').fill(usdcTo)
    await confirmSend(widget)
    await expect.poll(() => usdcOf(usdcTo), { timeout: 15_000 }).toBe(12_500_000n)
    expect(await usdcOf(solanaAccount!.address)).toBe(87_500_000n)

    await expectActivityRows(widget, ['-0.500 SOL', '-12.500 USDC'])
  })

  test('a new account below the rent-exempt minimum is explained before the wallet is asked', async ({ page, widget, solanaAccount }) => {
    const to = await freshSolanaAddress()
    await openSolanaSend(page, widget, solanaAccount!, 'SOL')
    await widget.getByTestId('send-amount-input').fill('0.0001')
    await widget.getByTestId('send-receiver-input').fill(to)
    await widget.getByTestId('send-button').click()
    await expect(widget.getByTestId('toast')).toContainText(
      /A new Solana account must receive at least 0\.00089088 SOL \(the rent-exempt minimum\)/,
    )
    await expect(widget.getByTestId('send-amount-input')).toHaveValue('0.0001')
    expect(await lamportsOf(to)).toBe(0n)
  })

  test('a rejection in the wallet, then a failing wallet, keep the form; sending again works', async ({ page, widget, solanaAccount }) => {
    const to = await freshSolanaAddress()
    await openSolanaSend(page, widget, solanaAccount!, 'USDC')
    await widget.getByTestId('send-amount-input').fill('2')
    await widget.getByTestId('send-receiver-input').fill(to)
    await expect(widget.getByTestId('send-button')).toHaveText('Send')
    await setSolanaWalletMode(page, 'reject')
    await widget.getByTestId('send-button').click()
    await expect(widget.getByTestId('toast')).toContainText('Transaction rejected in your wallet')
    await expect(widget.getByTestId('send-amount-input')).toHaveValue('2')
    await expect(widget.getByTestId('send-receiver-input')).toHaveValue(to)
    // A wallet that fails (not a refusal by the user): SPEC section 8's text, the form kept.
    await setSolanaWalletMode(page, 'throw')
    await widget.getByTestId('send-button').click()
    await expect(widget.getByTestId('toast').filter({ hasText: 'Failed to send transaction. Please try again.' })).toBeVisible()
    await expect(widget.getByTestId('send-amount-input')).toHaveValue('2')
    await setSolanaWalletMode(page, 'approve')
    await confirmSend(widget)
    await expect.poll(() => usdcOf(to), { timeout: 15_000 }).toBe(2_000_000n)
  })
})

test.describe('one wallet, two families', () => {
  test('disconnecting Solana leaves eip155 connected, and the reverse', async ({ page, widget, account, solanaAccount }) => {
    const both = `eip155:31337:${account.address} ${SOLANA}:${solanaAccount!.address}`
    await openDemo(page)
    await connectWallet(page, widget)
    await expect(page.getByTestId('account-connections')).toHaveText(both)

    await page.evaluate(() => window.airlock!.disconnect({ namespace: 'solana' }))
    await expect(page.getByTestId('account-connections')).toHaveText(`eip155:31337:${account.address}`)
    await expect(page.getByTestId('account-status')).toHaveText('connected')
    await expect(page.getByTestId('account-address')).toHaveText(account.address)

    // Connecting again from the Solana side brings Solana back beside eip155.
    await page.evaluate(() => window.airlock!.open({ namespace: 'solana' }))
    await widget.getByTestId(`wallet-item-dev.airlock.devnetwallet`).click()
    await expect(page.getByTestId('account-connections')).toHaveText(both)

    await page.evaluate(() => window.airlock!.disconnect({ namespace: 'eip155' }))
    await expect(page.getByTestId('account-connections')).toHaveText(`${SOLANA}:${solanaAccount!.address}`)
    expect(await signSolanaMessage(page, solanaAccount!.address, 'still here')).toBe(true)
  })
})
