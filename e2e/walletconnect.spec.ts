import { createReferenceWallet, type ReferenceWallet } from '@airlock/devnet/wc-wallet'
import { verifyMessage } from 'viem'
import { chainClient, dappAccount, expect, openDemo, stack, test } from './fixtures'
import { signSolanaMessage, SOLANA } from './support/solana'
import { foreignTest, showQr } from './support/walletconnect'

const rpcUrls = { 31337: stack.urls.rpc['31337']!, 31338: stack.urls.rpc['31338']! }

/**
 * The phone in the user's hand: a WalletConnect wallet with this worker's devnet account, serving
 * eip155 only unless a test gives it the Solana devnet (`phoneSolana`).
 */
const walletTest = test.extend<{ phone: ReferenceWallet; phoneSolana: boolean }>({
  phoneSolana: [false, { option: true }],
  phone: async ({ phoneSolana }, use, testInfo) => {
    // Accounts 4 and 5: the browser-wallet tests sign with 2 and 3, a named account is 7, the treasury 9.
    const accountIndex = 4 + testInfo.parallelIndex
    const wallet = await createReferenceWallet({
      relayUrl: stack.urls.relay,
      projectId: 'airlock-reference-wallet',
      rpcUrls,
      ...(phoneSolana && { solanaRpcUrls: { [SOLANA]: stack.urls.solanaRpc } }),
      accountIndex,
      mode: 'approve',
    })
    await use(wallet)
    await wallet.stop()
  },
})

walletTest(
  'pairs by QR, signs, sends, switches chain, survives a reload and sees the wallet disconnect',
  async ({ page, widget, phone }) => {
    await openDemo(page)
    const uri = await showQr(page, widget)
    await phone.pair(uri)
    expect(await dappAccount(page)).toBe(phone.address)
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
    await page.waitForFunction(() => window.airlock !== undefined)
    expect(await dappAccount(page)).toBe(phone.address)
    await expect(page.getByTestId('account-address')).toHaveText(phone.address)
    expect(await phone.pendingProposals()).toHaveLength(0)

    // The phone ends the session: the dapp and the modal are disconnected.
    await phone.disconnect()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    await page.getByTestId('connect-button').click()
    await expect(widget.getByTestId('connect-view')).toBeVisible()
  },
)

walletTest.describe('a phone serving eip155 and solana', () => {
  walletTest.use({ phoneSolana: true })
  walletTest(
    'one session holds both; a Solana message is signed through it, and the eip155 side still signs',
    async ({ page, widget, phone }) => {
      await openDemo(page)
      await phone.pair(await showQr(page, widget))
      await expect(page.getByTestId('account-connections')).toHaveText(`eip155:31337:${phone.address} ${SOLANA}:${phone.solanaAddress}`)
      expect(phone.sessions()).toHaveLength(1)
      expect(await signSolanaMessage(page, phone.solanaAddress, `Solana through WalletConnect at ${Date.now()}`)).toBe(true)

      await page.getByTestId('sign-button').click()
      await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
      // Disconnecting Solana alone keeps the session for eip155.
      await page.evaluate(() => window.airlock!.disconnect({ namespace: 'solana' }))
      await expect(page.getByTestId('account-connections')).toHaveText(`eip155:31337:${phone.address}`)
      expect(phone.sessions()).toHaveLength(1)
    },
  )
})

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
  expect(await dappAccount(page)).toBe(phone.address)
})

walletTest('a request the phone rejects returns 4001 to the dapp', async ({ page, widget, phone }) => {
  await openDemo(page)
  await phone.pair(await showQr(page, widget))
  await dappAccount(page)
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
  await dappAccount(page)
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

foreignTest(
  'a WalletKit wallet from elsewhere (own project id, devnet chains only) pairs by QR, and its first personal_sign and send succeed',
  async ({ page, widget, foreign }) => {
    await openDemo(page)
    await foreign.pair(await showQr(page, widget))
    expect(await dappAccount(page)).toBe(foreign.address)
    await expect(page.getByTestId('account-address')).toHaveText(foreign.address)
    // It approved what the dapp asked for that it knows: the two devnet chains, nothing more.
    expect(foreign.approvals).toEqual([
      {
        chains: ['eip155:31337', 'eip155:31338'],
        accounts: [`eip155:31337:${foreign.address}`, `eip155:31338:${foreign.address}`],
      },
    ])

    // At once, as a user would: the first request after the QR scan.
    await page.getByTestId('sign-button').click()
    await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    const message = (await page.getByTestId('signature').getAttribute('data-message'))!
    expect(await verifyMessage({ address: foreign.address, message, signature })).toBe(true)

    await page.getByTestId('send-button').click()
    await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
    const hash = (await page.getByTestId('tx-hash').textContent()) as `0x${string}`
    const receipt = await chainClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(foreign.address.toLowerCase())
    // Each went to the wallet once, on a chain and account its session approved.
    expect(foreign.requests.map(({ method, chainId, answer }) => ({ method, chainId, answer }))).toEqual([
      { method: 'personal_sign', chainId: 'eip155:31337', answer: 'ok' },
      { method: 'eth_sendTransaction', chainId: 'eip155:31337', answer: 'ok' },
    ])
  },
)
