import { devnetAccounts } from '@airlock/devnet'
import type { FrameLocator, Page } from '@playwright/test'
import { createWalletClient, erc20Abi, formatUnits, http, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { chainClient, connectWallet, devnet, DEVNET_WALLET_RDNS, expect, formatEth, openDemo, stack, test } from './fixtures'
import { expectActivityRows } from './support/walletFeatures'
import { holdResponses, restingBox } from './support/layout'

/** The devnet's tokens (apps/api/README.md). */
const USDC: Address = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const DAI: Address = '0xE481149120FF09958c38Cb236202741a1ffa28a3'
/** The second devnet account: the counterparty of the transfers below (no worker signs with it). */
const OTHER = devnetAccounts[1]!

const balanceOf = (token: Address, owner: Address) =>
  chainClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** en-US with 3 decimals, as the token list shows balances. */
const format3 = (value: bigint, decimals: number) =>
  Number(formatUnits(value, decimals)).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })

const monthHeading = () => new Date().toLocaleString('en-US', { month: 'long', year: 'numeric' })

async function transferUsdc(privateKey: `0x${string}`, to: Address, amount: string): Promise<void> {
  const wallet = createWalletClient({ account: privateKeyToAccount(privateKey), chain: devnet, transport: http() })
  const hash = await wallet.writeContract({ address: USDC, abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] })
  await chainClient.waitForTransactionReceipt({ hash })
}

/** Connects the devnet wallet, then opens the Account view (the modal closes on connecting). */
async function openAccount(page: Page, widget: FrameLocator): Promise<void> {
  await openDemo(page)
  await connectWallet(page, widget)
  await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
  await expect(widget.getByTestId('account-view')).toBeVisible()
}

test.describe('Account view with the browser wallet', () => {
  test('shows the tokens with the devnet balances, en-US, and the feature buttons in the default order', async ({
    page,
    widget,
    account,
  }) => {
    await openAccount(page, widget)
    const [eth, usdc, dai] = await Promise.all([
      chainClient.getBalance({ address: account.address }),
      balanceOf(USDC, account.address),
      balanceOf(DAI, account.address),
    ])
    await expect(widget.getByTestId('token-row-ETH').getByTestId('token-amount')).toHaveText(formatEth(eth))
    await expect(widget.getByTestId('token-row-USDC').getByTestId('token-amount')).toHaveText(format3(usdc, 6))
    await expect(widget.getByTestId('token-row-DAI').getByTestId('token-amount')).toHaveText(format3(dai, 18))
    for (const symbol of ['ETH', 'USDC', 'DAI']) {
      await expect(widget.getByTestId(`token-row-${symbol}`).getByTestId('token-value')).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/)
    }
    await expect(widget.getByTestId(/^account-feature-/)).toHaveText(['Buy', 'Swap', 'Receive', 'Send'])
    await expect(widget.getByTestId(/^account-feature-/)).toHaveCount(4)
    const ids = await widget.getByTestId(/^account-feature-/).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')))
    expect(ids).toEqual(['account-feature-onramp', 'account-feature-swaps', 'account-feature-receive', 'account-feature-send'])
  })

  test('reorders and hides the feature buttons as the dapp options say', async ({ page, widget }) => {
    await openDemo(page)
    // An instance of the dapp's own, with walletFeaturesOrder and a switch off.
    await page.evaluate((widgetUrl) => {
      window.airlock!.destroy()
      window.airlock = window.Airlock!.createAirlock({
        projectId: 'demo',
        widgetUrl,
        networks: ['eip155:31337'],
        walletFeaturesOrder: ['send', 'receive', 'swaps', 'onramp'],
        features: { onramp: false },
      })
      void window.airlock.open()
    }, stack.origins.widget)
    await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
    await expect.poll(() => page.evaluate(() => window.airlock!.getState().status)).toBe('connected')
    await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
    await expect(widget.getByTestId('account-view')).toBeVisible()
    await expect(widget.getByTestId(/^account-feature-/)).toHaveText(['Send', 'Receive', 'Swap'])
  })

  test('Receive shows the address, its QR code, the network and copies the address', async ({ page, widget, account, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.origins.widget })
    await openAccount(page, widget)
    await widget.getByTestId('account-feature-receive').click()
    const view = widget.getByTestId('receive-view')
    await expect(view.getByTestId('receive-address')).toHaveText(account.address)
    await expect(view.getByRole('img', { name: /QR code/ })).toHaveAttribute('data-uri', account.address)
    await expect(view.getByTestId('receive-network')).toHaveText('Receive on Airlock Devnet')
    await expect(view.getByTestId('receive-network-item')).toHaveText(['Airlock Devnet', 'Airlock Devnet 2'])
    await view.getByTestId('receive-copy').click()
    await expect(widget.getByTestId('toast')).toContainText('Address copied')
  })

  test('Activity lists a transfer made on the chain, under the current month, with its direction and amount', async ({
    page,
    widget,
    account,
  }) => {
    await transferUsdc(account.privateKey, OTHER.address, '12.5')
    await transferUsdc(OTHER.privateKey, account.address, '2.25')
    await openAccount(page, widget)
    await expectActivityRows(widget, ['-12.500 USDC', '+2.250 USDC'])
    await expect(widget.getByTestId('activity-month').first()).toHaveText(monthHeading())
    const sent = widget.getByTestId('activity-row').filter({ hasText: '-12.500 USDC' }).first()
    await expect(sent).toHaveAttribute('data-direction', 'out')
    await expect(sent.getByTestId('activity-operation')).toHaveText('Sent')
    const received = widget.getByTestId('activity-row').filter({ hasText: '+2.250 USDC' }).first()
    await expect(received).toHaveAttribute('data-direction', 'in')
    await expect(received.getByTestId('activity-operation')).toHaveText('Received')
  })

  test('nothing moves under the pointer while the tokens and the name row load', async ({ page, widget }) => {
    // The token and identity answers wait for the test, so the view is measured before and after them.
    const release = await holdResponses(page, [`${stack.urls.api}/v1/account/*/balance*`, `${stack.urls.api}/v1/identity/*`])
    await openDemo(page)
    await connectWallet(page, widget)
    await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
    await expect(widget.getByTestId('tokens-loading')).toBeVisible()
    await expect(widget.getByTestId('account-name-row')).toBeEmpty()
    const targets = ['account-feature-send', 'account-network', 'account-activity'].map((id) => widget.getByTestId(id))
    const before = await Promise.all(targets.map((target) => restingBox(target)))
    release()
    await expect(widget.getByTestId('token-row-USDC')).toBeVisible()
    await expect(widget.getByTestId('account-name-row')).not.toBeEmpty()
    expect(await Promise.all(targets.map((target) => restingBox(target)))).toEqual(before)
  })

  test("'Token Balance Unavailable' when the balance call fails", async ({ page, widget }) => {
    await page.route(`${stack.urls.api}/v1/account/*/balance*`, (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ status: 502, error: 'down', reasons: [] }) }),
    )
    await openAccount(page, widget)
    await expect(widget.getByTestId('tokens-error')).toContainText('Token Balance Unavailable')
    await expect(widget.getByTestId('toast')).toContainText('Token Balance Unavailable')
  })

  test("'Failed to fetch transactions' when the history call fails", async ({ page, widget }) => {
    await page.route(`${stack.urls.api}/v1/account/*/history*`, (route) => route.fulfill({ status: 503, body: 'down' }))
    await openAccount(page, widget)
    await widget.getByTestId('account-activity').click()
    await expect(widget.getByTestId('activity-error')).toContainText('Failed to fetch transactions')
    await expect(widget.getByTestId('toast')).toContainText('Failed to fetch transactions')
  })
})
