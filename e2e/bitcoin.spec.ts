import type { FrameLocator, Page } from '@playwright/test'
import { bitcoinDevnetAccounts } from '@airlock/devnet/bitcoin/accounts'
import { DEVNET_WALLET_RDNS, expect, openDemo, stack, test } from './fixtures'
import { bitcoinConnection, freshBitcoinAddress, received, REGTEST, submitBtc } from './support/bitcoin'
import { backendChecks, dappSession } from './support/siwx'
import { SOLANA } from './support/solana'
import { accountSettled, apiFromNode, expectActivityRows } from './support/walletFeatures'

/**
 * Bitcoin through the modal with the devnet browser wallet in each of its shapes (a Wallet Standard
 * wallet with bitcoin:* features, under the devnet wallet's one name, and a sats-connect provider of
 * btc_providers): the payment account connected, BTC sent from the Account view to a fresh address,
 * its balance read back from the Bitcoin devnet's esplora and the send listed in Activity; a sign-in
 * (CAIP-122, BIP-322) with each shape that the API verifies; a wallet object offering Solana and
 * Bitcoin connecting both families with one pick.
 */

const PAYMENT = bitcoinDevnetAccounts[0]!.address

test.use({ families: ['eip155', 'bip122'] })
// One payment account for every test: its UTXOs are spent one send at a time.
test.describe.configure({ mode: 'serial' })

/** The payment account's history entry of its send to `to`, as the API answers the Activity view. */
async function historyEntry(to: string) {
  const url = new URL(`/v1/account/${PAYMENT}/history`, apiFromNode())
  url.search = new URLSearchParams({ projectId: 'demo', chainId: REGTEST }).toString()
  const { data } = (await (await fetch(url)).json()) as { data: { metadata: { sentTo: string } }[] }
  return data.find((entry) => entry.metadata.sentTo === to)
}

/** The demo as a dapp of eip155 and the Bitcoin devnet (the wallet only signs: the widget broadcasts through the API). */
async function openBitcoinDemo(page: Page): Promise<void> {
  await openDemo(page, `${stack.urls.demoNpm}?networks=eip155:31337,${REGTEST}`)
}

async function expectBitcoinConnected(page: Page): Promise<void> {
  await expect(page.getByTestId('account-connections')).toContainText(`${REGTEST}:${PAYMENT}`, { timeout: 15_000 })
}

/** The demo as a dapp of the Bitcoin devnet only, with sign-in on. */
async function openBitcoinSiwxDemo(page: Page): Promise<void> {
  await openDemo(page, `${stack.urls.demoNpm}?siwx=on&networks=${REGTEST}`)
}

/** Connects with `pick`, then: the session the API opened for the payment account, after it verified the BIP-322 signature. */
async function expectBitcoinSignIn(page: Page, pick: () => Promise<void>): Promise<void> {
  await openBitcoinSiwxDemo(page)
  await page.getByTestId('connect-button').click()
  await pick()
  const session = await dappSession(page)
  expect(session.data).toMatchObject({ accountAddress: PAYMENT, chainId: REGTEST, domain: new URL(stack.urls.demo).host })
  expect(session.message).toContain('wants you to sign in with your Bitcoin account:')
  expect(await backendChecks(session.token)).toEqual({
    sub: `${REGTEST}:${PAYMENT}`,
    status: 200,
    body: expect.objectContaining({ valid: true }),
  })
  await expect.poll(() => page.evaluate(() => window.airlock!.getState().open)).toBe(false)
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

/** The user picks the devnet's `index`th Bitcoin account in the wallet's menu. */
function switchBitcoinAccount(page: Page, index: number): Promise<void> {
  return page.evaluate(
    (i) =>
      (
        window as unknown as { __devnetBitcoinWallet: { devnet: { switchAccount(i: number): void } } }
      ).__devnetBitcoinWallet.devnet.switchAccount(i),
    index,
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

    // Activity (the API's history over the devnet's esplora) lists the send: what left, to whom.
    await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'bip122' }))
    await accountSettled(widget)
    await expectActivityRows(widget, ['-0.001 BTC'])
    const sent = widget.getByTestId('activity-row').filter({ hasText: '-0.001 BTC' }).first()
    await expect(sent).toHaveAttribute('data-direction', 'out')
    await expect(sent.getByTestId('activity-operation')).toHaveText('Sent')
    // The row is that send: the history it reads has it from the payment account to the fresh address.
    expect(await historyEntry(to)).toMatchObject({
      metadata: { operationType: 'send', sentFrom: PAYMENT, sentTo: to, chain: REGTEST },
      transfers: [{ direction: 'out', quantity: { numeric: '0.001' }, fungible_info: { symbol: 'BTC' } }],
    })
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

  // The wallet's events, as the host relays them (standard:events' change; sats-connect's accountChange through addListener).
  for (const [shape, pick] of [
    ['Wallet Standard', (widget: FrameLocator) => widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()],
    ['sats-connect', (widget: FrameLocator) => widget.getByText('Devnet Sats Wallet').click()],
  ] as const) {
    test(`the ${shape} shape: the user switches to another account in the wallet; the dapp's connection follows`, async ({
      page,
      widget,
    }) => {
      await openBitcoinDemo(page)
      await page.getByTestId('connect-button').click()
      await pick(widget)
      await expect.poll(() => bitcoinConnection(page), { timeout: 15_000 }).toBe(PAYMENT)
      await switchBitcoinAccount(page, 1)
      await expect.poll(() => bitcoinConnection(page)).toBe(bitcoinDevnetAccounts[1]!.address)
    })
  }
})

test.describe('Sign in with the devnet Bitcoin wallet', () => {
  test('the Wallet Standard shape signs the CAIP-122 message (BIP-322); the API verifies it and opens the session', async ({
    page,
    widget,
  }) => {
    await expectBitcoinSignIn(page, () => widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click())
  })

  test('the sats-connect shape signs the CAIP-122 message (BIP-322); the API verifies it and opens the session', async ({
    page,
    widget,
  }) => {
    await expectBitcoinSignIn(page, () => widget.getByText('Devnet Sats Wallet').click())
  })
})

test.describe('a wallet offering Solana and Bitcoin in one object', () => {
  test.use({ families: ['eip155', 'solana', 'bip122'] })

  test('one pick connects the Solana and the Bitcoin account beside eip155', async ({ page, widget, account, solanaAccount }) => {
    await openDemo(page, `${stack.urls.demoNpm}?networks=eip155:31337,${SOLANA},${REGTEST}`)
    await page.getByTestId('connect-button').click()
    await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
    const connections = page.getByTestId('account-connections')
    await expect(connections).toContainText(`${REGTEST}:${PAYMENT}`, { timeout: 15_000 })
    await expect(connections).toContainText(`${SOLANA}:${solanaAccount!.address}`)
    await expect(connections).toContainText(`eip155:31337:${account.address}`)
  })
})
