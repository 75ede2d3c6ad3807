import type { FrameLocator, Page } from '@playwright/test'
import { parseEther, parseUnits } from 'viem'
import { chainClient, connectWallet, expect, openDemo, setWalletMode, test } from './fixtures'
import { balanceOf, confirmSend, freshAddress, openSendView, pickSendToken, registerNameViaApi, USDC } from './support/walletFeatures'
import { restingBox } from './support/layout'

async function openSend(page: Page, widget: FrameLocator): Promise<void> {
  await openDemo(page)
  await connectWallet(page, widget)
  await openSendView(page, widget)
}

/** Send (SPEC sections 3-5, 8) with the browser wallet on the devnet; balances checked on chain. */

test.describe('Send with the browser wallet', () => {
  test('sends USDC to a second address: the balances move on chain and the Account view is pushed', async ({ page, widget, account }) => {
    const to = freshAddress()
    const before = await balanceOf(USDC, account.address)
    await openSend(page, widget)
    await pickSendToken(widget, 'USDC')
    const amount = widget.getByTestId('send-amount-input')
    const where = await restingBox(amount)
    await amount.fill('12.5')
    await widget.getByTestId('send-receiver-input').fill(to)
    await expect(widget.getByTestId('send-receiver-address')).toHaveText(`${to.slice(0, 6)}…${to.slice(-4)}`)
    await expect(widget.getByTestId('send-gas-usd')).toBeVisible()
    // The form grew under the amount (the receiver's address, the fee): the field stayed where it was.
    expect(await restingBox(amount)).toEqual(where)
    await confirmSend(widget)
    await expect.poll(() => balanceOf(USDC, to), { timeout: 15_000 }).toBe(parseUnits('12.5', 6))
    expect(await balanceOf(USDC, account.address)).toBe(before - parseUnits('12.5', 6))
    // Back from the pushed Account view: the form was reset.
    await widget.getByTestId('back-button').click()
    await expect(widget.getByTestId('send-amount-input')).toHaveValue('')
    await expect(widget.getByTestId('send-receiver-input')).toHaveValue('')
  })

  test('sends ETH with empty data', async ({ page, widget }) => {
    const to = freshAddress()
    await openSend(page, widget)
    await pickSendToken(widget, 'ETH')
    await widget.getByTestId('send-amount-input').fill('0.25')
    await widget.getByTestId('send-receiver-input').fill(to.toLowerCase())
    await confirmSend(widget)
    await expect.poll(() => chainClient.getBalance({ address: to }), { timeout: 15_000 }).toBe(parseEther('0.25'))
  })

  test('sends to a registered name, resolved to its address', async ({ page, widget }) => {
    const { name, address } = await registerNameViaApi(`e2e-send-${Date.now()}`)
    await openSend(page, widget)
    await pickSendToken(widget, 'USDC')
    await widget.getByTestId('send-amount-input').fill('1,000')
    await widget.getByTestId('send-receiver-input').fill(name)
    await expect(widget.getByTestId('send-receiver-name')).toHaveText(name)
    await expect(widget.getByTestId('send-receiver-address')).toHaveText(`${address.slice(0, 6)}…${address.slice(-4)}`)
    await confirmSend(widget)
    await expect.poll(() => balanceOf(USDC, address), { timeout: 15_000 }).toBe(parseUnits('1000', 6))
  })

  test('bad amounts and receivers get clear errors and lose nothing', async ({ page, widget }) => {
    await openSend(page, widget)
    await pickSendToken(widget, 'USDC')
    const amounts: [string, string][] = [
      ['1.1234567', 'Too many decimals: USDC has 6'],
      ['-1', 'Amount cannot be negative'],
      ['0', 'Amount must be greater than 0'],
      ['999999999', 'Insufficient balance'],
      ['1,5', 'Use a dot for decimals; commas only between thousands'],
    ]
    for (const [input, error] of amounts) {
      await widget.getByTestId('send-amount-input').fill(input)
      await expect(widget.getByTestId('send-amount-error')).toHaveText(error)
      await expect(widget.getByTestId('send-amount-input')).toHaveValue(input)
      await expect(widget.getByTestId('send-button')).toBeDisabled()
    }
    await widget.getByTestId('send-amount-input').fill('1,000.5')
    await expect(widget.getByTestId('send-amount-error')).toHaveCount(0)

    const good = freshAddress()
    const receivers: [string, string][] = [
      ['0x1234', 'Enter a valid address or name'],
      [`0x${good.slice(2).replace(/[a-f]/, (c) => c.toUpperCase())}`, 'Address checksum is invalid: check the address'],
      [`nobody-${Date.now()}.airlock.id`, 'Name is not registered: nobody-'],
    ]
    for (const [input, error] of receivers) {
      await widget.getByTestId('send-receiver-input').fill(input)
      await expect(widget.getByTestId('send-receiver-error')).toContainText(error)
      await expect(widget.getByTestId('send-button')).toBeDisabled()
    }
  })

  test('a rejection in the wallet keeps the form; sending again works', async ({ page, widget }) => {
    const to = freshAddress()
    await openSend(page, widget)
    await pickSendToken(widget, 'USDC')
    await widget.getByTestId('send-amount-input').fill('2')
    await widget.getByTestId('send-receiver-input').fill(to)
    await expect(widget.getByTestId('send-button')).toHaveText('Send')
    await setWalletMode(page, 'reject')
    await widget.getByTestId('send-button').click()
    await expect(widget.getByTestId('toast')).toContainText('Transaction rejected in your wallet')
    await expect(widget.getByTestId('wallet-send-view')).toBeVisible()
    await expect(widget.getByTestId('send-amount-input')).toHaveValue('2')
    await expect(widget.getByTestId('send-receiver-input')).toHaveValue(to)
    await setWalletMode(page, 'approve')
    await confirmSend(widget)
    await expect.poll(() => balanceOf(USDC, to), { timeout: 15_000 }).toBe(parseUnits('2', 6))
  })
})
