import { createReferenceWallet, type ReferenceWallet } from '@airlock/devnet/wc-wallet'
import type { FrameLocator, Page } from '@playwright/test'
import { verifyMessage } from 'viem'
import { chainClient, expect, openDemo, stack, test } from './fixtures'

const rpcUrls = { 31337: stack.urls.rpc['31337']!, 31338: stack.urls.rpc['31338']! }

/** The phone in the user's hand: a WalletConnect wallet with this worker's devnet account. */
const walletTest = test.extend<{ phone: ReferenceWallet }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here.
  phone: async ({}, use, testInfo) => {
    // Accounts 4 and 5: the browser-wallet tests sign with 2 and 3, a named account is 7, the treasury 9.
    const accountIndex = 4 + testInfo.parallelIndex
    const wallet = await createReferenceWallet({ relayUrl: stack.urls.relay, projectId: 'demo', rpcUrls, accountIndex, mode: 'approve' })
    await use(wallet)
    await wallet.stop()
  },
})

/** Opens the modal on the plain WalletConnect entry and reads the URI the QR code carries. */
async function showQr(page: Page, widget: FrameLocator): Promise<string> {
  await page.getByTestId('connect-button').click()
  await widget.getByTestId('wallet-item-walletConnect').click()
  const qr = widget.getByTestId('wc-qr')
  await expect(qr).toHaveAttribute('data-uri', /^wc:[0-9a-f]{64}@2\?/)
  return (await qr.getAttribute('data-uri'))!
}

walletTest(
  'pairs by QR, signs, sends, switches chain, survives a reload and sees the wallet disconnect',
  async ({ page, widget, phone }) => {
    await openDemo(page)
    const uri = await showQr(page, widget)
    await phone.pair(uri)
    await expect(page.getByTestId('account-status')).toHaveText('connected')
    await expect(page.getByTestId('account-address')).toHaveText(phone.address)

    await page.getByTestId('connect-button').click()
    await expect(widget.getByTestId('account-view')).toBeVisible()
    await expect(widget.getByTestId('account-address')).toContainText(phone.address.slice(0, 6))
    await widget.getByTestId('close-button').click()

    // personal_sign through the dapp's provider, answered by the phone, checked by viem.
    await page.getByTestId('sign-button').click()
    await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    const message = (await page.getByTestId('signature').getAttribute('data-message'))!
    expect(await verifyMessage({ address: phone.address, message, signature })).toBe(true)

    // eth_sendTransaction signed by the phone and mined on anvil.
    await page.getByTestId('send-button').click()
    await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
    const hash = (await page.getByTestId('tx-hash').textContent()) as `0x${string}`
    const receipt = await chainClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(phone.address.toLowerCase())

    // Switching to the second devnet chain reaches the dapp as chainChanged.
    await page.evaluate(() => {
      const events: unknown[] = []
      ;(window as unknown as { chainEvents: unknown[] }).chainEvents = events
      window.airlock!.getProvider('eip155').on('chainChanged', (chainId: unknown) => events.push(chainId))
    })
    await page.evaluate(() => window.airlock!.switchNetwork('eip155:31338'))
    await expect(page.getByTestId('account-chain')).toHaveText('eip155:31338')
    expect(await page.evaluate(() => (window as unknown as { chainEvents: unknown[] }).chainEvents)).toContain('0x7a6a')
    // And the phone switching back on its side reaches the dapp the same way.
    await phone.switchChain(31337)
    await expect(page.getByTestId('account-chain')).toHaveText('eip155:31337')
    expect(await page.evaluate(() => (window as unknown as { chainEvents: unknown[] }).chainEvents)).toEqual(['0x7a6a', '0x7a69'])

    // A reload restores the session without asking the phone.
    await page.reload()
    await page.waitForFunction(() => window.airlock?.getState().ready === true)
    await expect(page.getByTestId('account-status')).toHaveText('connected')
    await expect(page.getByTestId('account-address')).toHaveText(phone.address)
    expect(await phone.pendingProposals()).toHaveLength(0)

    // The phone ends the session: the dapp and the modal are disconnected.
    await phone.disconnect()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    await page.getByTestId('connect-button').click()
    await expect(widget.getByTestId('connect-view')).toBeVisible()
  },
)

walletTest('a declined connection shows the error, and retry pairs again', async ({ page, widget, phone }) => {
  phone.setMode('reject', 'proposals')
  await openDemo(page)
  const first = await showQr(page, widget)
  await phone.pair(first)
  await expect(widget.getByTestId('connecting-error')).toContainText('Connection declined')

  phone.setMode('approve', 'proposals')
  await widget.getByTestId('retry-button').click()
  const qr = widget.getByTestId('wc-qr')
  await expect(qr).toHaveAttribute('data-uri', /^wc:/)
  const second = (await qr.getAttribute('data-uri'))!
  expect(second).not.toBe(first)
  await phone.pair(second)
  await expect(page.getByTestId('account-status')).toHaveText('connected')
})

walletTest('a request the phone rejects returns 4001 to the dapp', async ({ page, widget, phone }) => {
  await openDemo(page)
  await phone.pair(await showQr(page, widget))
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  phone.setMode('reject', 'requests')
  await page.getByTestId('sign-button').click()
  await expect(page.getByTestId('error')).toHaveText(/^4001: /)
})

walletTest('a pairing about to expire is replaced by a new URI', async ({ page, widget }) => {
  await page.clock.install()
  await openDemo(page)
  const first = await showQr(page, widget)
  // SPEC: 4 minutes of validity; under 10 s left counts as expired.
  await page.clock.fastForward('03:51')
  const qr = widget.getByTestId('wc-qr')
  await expect(qr).not.toHaveAttribute('data-uri', first)
  await expect(qr).toHaveAttribute('data-uri', /^wc:/)
})

walletTest('a disconnect from the dapp ends the session on the phone too', async ({ page, widget, phone }) => {
  await openDemo(page)
  await phone.pair(await showQr(page, widget))
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect.poll(() => phone.sessions().length).toBe(1)
  await page.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  await expect.poll(() => phone.sessions().length).toBe(0)
  // Nothing comes back on reload.
  await page.reload()
  await page.waitForFunction(() => window.airlock?.getState().ready === true)
  await page.waitForTimeout(500)
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
})
