import type { FrameLocator, Page } from '@playwright/test'
import { dappAccount, DEVNET_WALLET_RDNS, expect, openDemo, stack, test } from './fixtures'

/** Explorer ids of apps/api/data/wallets.json. */
const METAMASK = 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'
const TRUST = '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0'
const RAINBOW = '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369'
const ARCULUS = '0e4915107da5b3408b38e248f7a710f4529d54cd30e9d12ff0eb886d45c18e92'
/**
 * The demo asks for eip155:31337, 31338 and the Solana devnet: every wallet of the registry with an
 * EVM or a Solana chain, 69 of the file's and the devnet wallet the devnet adds (apps/api config).
 */
const LISTED_WALLETS = 70

const tileIds = (widget: FrameLocator) =>
  widget
    .getByTestId('all-wallets-grid')
    .locator('[data-testid^="wallet-item-"]')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.testid!.slice('wallet-item-'.length)))

async function openAllWallets(page: Page, widget: FrameLocator) {
  await page.getByTestId('connect-button').click()
  await widget.getByTestId('all-wallets-button').click()
  await expect(widget.getByTestId('all-wallets-view')).toBeVisible()
}

test.describe('All Wallets, from the explorer across origins', () => {
  test('pages on scroll, searches on the server, and the icons load from the API', async ({ page, widget }) => {
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    // The Connect view: the page wallet, WalletConnect, featured and recommended, and the count.
    await expect(widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`)).toBeVisible()
    await expect(widget.getByTestId('wallet-item-walletConnect')).toBeVisible()
    await expect(widget.getByTestId(`wallet-item-${METAMASK}`)).toBeVisible()
    await expect(widget.getByTestId('all-wallets-count')).toHaveText('70')

    await widget.getByTestId('all-wallets-button').click()
    const grid = widget.getByTestId('all-wallets-grid')
    // The page wallet first, then page 1 of the explorer.
    await expect(grid).toHaveAttribute('data-count', String(1 + 40))
    expect((await tileIds(widget)).slice(0, 2)).toEqual([DEVNET_WALLET_RDNS, METAMASK])
    const icon = grid.getByTestId(`wallet-item-${METAMASK}`).locator('img')
    await expect(icon).toHaveAttribute('src', new RegExp(`^${stack.origins.api}/getWalletImage/metamask\\?projectId=demo`))
    expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

    // Scrolling near the end loads page 2; the grid is virtualized, so the last wallet shows at the bottom.
    await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    // The explorer's entry of the devnet wallet is the page wallet, listed first.
    await expect(grid).toHaveAttribute('data-count', String(LISTED_WALLETS))
    await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    await expect(grid.getByTestId(`wallet-item-${ARCULUS}`)).toBeVisible()
    expect((await tileIds(widget)).length).toBeLessThan(LISTED_WALLETS)

    await widget.getByTestId('all-wallets-search').fill('rain')
    await expect(grid).toHaveAttribute('data-results-for', 'rain')
    // At once from the two pages loaded, then the server's answer: the same wallet.
    expect(await tileIds(widget)).toEqual([RAINBOW])
    await expect(grid).toHaveAttribute('data-source', 'server')
    expect(await tileIds(widget)).toEqual([RAINBOW])
    await expect(grid.getByTestId(`wallet-item-${RAINBOW}`)).toContainText('Rainbow')

    await widget.getByTestId('all-wallets-search').fill('')
    await expect(grid).toHaveAttribute('data-results-for', '')
    await expect(grid.getByTestId(`wallet-item-${METAMASK}`)).toBeVisible()
  })

  test('includeWalletIds and excludeWalletIds are respected in the Connect view and All Wallets', async ({ page, widget }) => {
    await openDemo(page)
    await page.evaluate(
      ({ widgetUrl, include, exclude }) => {
        window.airlock!.destroy()
        window.airlock = window.Airlock!.createAirlock({
          projectId: 'demo',
          widgetUrl,
          networks: ['eip155:31337', 'eip155:31338'],
          includeWalletIds: include,
          excludeWalletIds: exclude,
        })
      },
      { widgetUrl: stack.origins.widget, include: [RAINBOW, METAMASK, TRUST], exclude: [TRUST] },
    )
    await page.waitForFunction(() => window.airlock?.getState().ready === true)
    await page.evaluate(() => window.airlock!.open())

    // Featured by default: the top of the included list; Trust is excluded.
    await expect(widget.getByTestId('all-wallets-count')).toHaveText('2')
    const connectItems = await widget
      .getByTestId('connect-view')
      .locator('[data-testid^="wallet-item-"]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.testid!.slice('wallet-item-'.length)))
    expect(connectItems).toEqual([DEVNET_WALLET_RDNS, 'walletConnect', RAINBOW, METAMASK])

    await widget.getByTestId('all-wallets-button').click()
    const grid = widget.getByTestId('all-wallets-grid')
    await expect(grid).toHaveAttribute('data-count', '3')
    expect(await tileIds(widget)).toEqual([DEVNET_WALLET_RDNS, RAINBOW, METAMASK])

    await widget.getByTestId('all-wallets-search').fill('trust')
    await expect(grid).toHaveAttribute('data-results-for', 'trust')
    await expect(grid).toHaveAttribute('data-source', 'server')
    await expect(widget.getByTestId('all-wallets-empty')).toBeVisible()
    expect(await tileIds(widget)).toEqual([])
  })

  test('a wallet picked in All Wallets: installed ones connect in the page, others go to WalletConnect', async ({ page, widget }) => {
    await openDemo(page)
    await openAllWallets(page, widget)
    await widget.getByTestId(`wallet-item-${RAINBOW}`).click()
    await expect(widget.getByRole('heading')).toHaveText('Rainbow')
    await expect.poll(() => page.evaluate(() => window.airlock!.getState().view)).toBe('ConnectingWalletConnect')
    await widget.getByTestId('back-button').click()
    await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
    await dappAccount(page)
  })
})
