import { verifyMessage, type Hex } from 'viem'
import {
  chainClient,
  connectWallet,
  dappAccount,
  DEVNET_WALLET_RDNS,
  expect,
  formatEth,
  openDemo,
  setWalletMode,
  stack,
  test,
} from './fixtures'
import { holdResponses, restingBox } from './support/layout'

test.describe('connecting the browser wallet across origins', () => {
  test('connects, then shows the address and the balance in the Account view', async ({ page, widget, account }) => {
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    await expect(widget.getByTestId('connect-view')).toBeVisible()
    await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
    expect(await dappAccount(page)).toBe(account.address)
    await expect(page.getByTestId('account-address')).toHaveText(account.address)
    await expect(page.getByTestId('account-chain')).toHaveText('eip155:31337')

    await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
    await expect(widget.getByTestId('account-view')).toBeVisible()
    const short = `${account.address.slice(0, 6)}…${account.address.slice(-4)}`
    await expect(widget.getByTestId('account-address')).toContainText(short)
    const balance = await chainClient.getBalance({ address: account.address })
    await expect(widget.getByTestId('account-balance')).toContainText(`${formatEth(balance)} ETH`)
    await expect(widget.getByTestId('account-network')).toContainText('Airlock Devnet')
  })

  test('the wallet rows stay under the pointer while the explorer wallets load below them', async ({ page, widget }) => {
    const release = await holdResponses(page, [`${stack.urls.api}/getWallets*`])
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    await expect(widget.getByTestId('wallet-placeholder')).toHaveCount(8)
    const targets = [`wallet-item-${DEVNET_WALLET_RDNS}`, 'wallet-item-walletConnect'].map((id) => widget.getByTestId(id))
    const before = await Promise.all(targets.map((target) => restingBox(target)))
    release()
    await expect(widget.getByTestId('wallet-placeholder')).toHaveCount(0)
    await expect(widget.locator('[data-section="recommended"]')).toHaveCount(4)
    expect(await Promise.all(targets.map((target) => restingBox(target)))).toEqual(before)
  })

  test('the dapp provider gets the account, signs a message viem verifies, and sends a transaction anvil mines', async ({
    page,
    widget,
    account,
  }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    expect(await page.evaluate(() => window.airlock!.getProvider('eip155').request({ method: 'eth_accounts' }))).toEqual([account.address])
    expect(await page.evaluate(() => window.airlock!.getProvider('eip155').request({ method: 'eth_chainId' }))).toBe('0x7a69')

    await page.getByTestId('sign-button').click()
    await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    const signature = (await page.getByTestId('signature').textContent()) as Hex
    const message = (await page.getByTestId('signature').getAttribute('data-message'))!
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)

    const before = await chainClient.getBalance({ address: account.address })
    await page.getByTestId('send-button').click()
    await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
    const hash = (await page.getByTestId('tx-hash').textContent()) as Hex
    const receipt = await chainClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase())
    expect(await chainClient.getBalance({ address: account.address })).toBeLessThan(before - 10n ** 16n + 1n)
  })

  test('a reload restores the connection without asking the wallet again', async ({ page, widget, account }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    await page.reload()
    await page.waitForFunction(() => window.airlock !== undefined)
    expect(await dappAccount(page)).toBe(account.address)
    await expect(page.getByTestId('account-address')).toHaveText(account.address)
  })

  test('disconnect clears the connection, also after a reload', async ({ page, widget }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
    await widget.getByTestId('disconnect-button').click()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    expect(await page.evaluate(() => window.airlock!.getProvider('eip155').request({ method: 'eth_accounts' }))).toEqual([])
    await page.reload()
    await page.waitForFunction(() => window.airlock?.getState().ready === true)
    await page.waitForTimeout(300)
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  })

  const failures = [
    { mode: 'reject', what: 'a rejection in the wallet is shown as such', shown: /declined|rejected/i },
    { mode: 'throw', what: 'a wallet that throws shows its error', shown: /Devnet wallet crashed/ },
  ] as const
  for (const { mode, what, shown } of failures) {
    test(`${what}, and the user can retry`, async ({ page, widget }) => {
      await openDemo(page)
      await setWalletMode(page, mode)
      await page.getByTestId('connect-button').click()
      await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
      await expect(widget.getByTestId('connecting-error')).toContainText(shown)
      await expect(page.getByTestId('account-status')).toHaveText('disconnected')
      await setWalletMode(page, 'approve')
      await widget.getByTestId('retry-button').click()
      await dappAccount(page)
    })
  }

  test('the npm build of the SDK connects too', async ({ page, widget, account }) => {
    await openDemo(page, stack.urls.demoNpm)
    await connectWallet(page, widget)
    await expect(page.getByTestId('account-address')).toHaveText(account.address)
  })
})

test.describe('origins that are not allowed', () => {
  const evil = stack.urls.demo.replace('dapp.localhost', 'evil.localhost')

  test('a page on another origin sees "Invalid App Configuration" and gets no working provider', async ({ page }) => {
    await page.goto(evil)
    await page.waitForFunction(() => window.airlock?.getState().error === 'Invalid App Configuration')
    await page.getByTestId('connect-button').click()
    // The widget's alert page may be framed by nobody: the SDK shows the alert in its place.
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid App Configuration' })
    await expect(alert).toBeVisible()
    await expect(alert).toHaveText('Invalid App Configuration')
    await expect(page.locator('iframe[data-airlock]')).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(alert).toHaveCount(0)
    const error = await page.evaluate(() =>
      window
        .airlock!.getProvider('eip155')
        .request({ method: 'eth_chainId' })
        .then(
          () => null,
          (e: { code: number; message: string }) => ({ code: e.code, message: e.message }),
        ),
    )
    expect(error).toEqual({ code: 4900, message: 'The Airlock widget did not connect: Invalid App Configuration.' })
  })

  test('a page that claims an allowed origin is refused by frame-ancestors', async ({ page }) => {
    await page.goto(`${evil}npm.html`)
    const src = `${stack.origins.widget}/?projectId=demo&origin=${encodeURIComponent(stack.origins.dapp)}`
    await page.evaluate((url) => {
      const frame = document.createElement('iframe')
      frame.src = url
      frame.id = 'forged'
      document.body.append(frame)
      return new Promise((resolve) => frame.addEventListener('load', resolve))
    }, src)
    const forged = await (await page.$('#forged'))!.contentFrame()
    expect(forged!.url()).toMatch(/^chrome-error:/)
  })
})
