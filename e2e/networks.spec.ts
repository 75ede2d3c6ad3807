import { devnetAccounts } from '@airlock/devnet'
import type { Page } from '@playwright/test'
import { privateKeyToAccount } from 'viem/accounts'
import { connectWallet, expect, openDemo, stack, test } from './fixtures'
import { SOLANA } from './support/solana'
import { apiFromNode, registerName } from './support/walletFeatures'

/** The dapp page's provider events, recorded from the moment this is called. */
async function recordChainChanges(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __chainChanges: string[] }
    w.__chainChanges = []
    window.airlock!.getProvider('eip155').on('chainChanged', (chainId) => w.__chainChanges.push(chainId as string))
  })
  return () => page.evaluate(() => (window as unknown as { __chainChanges: string[] }).__chainChanges)
}

const walletChainId = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __devnetWallet: { request(a: { method: string }): Promise<string> } }).__devnetWallet.request({
      method: 'eth_chainId',
    }),
  )

test.describe('networks across origins', () => {
  test('switching 31337 to 31338 from the Networks view switches the wallet and tells the dapp', async ({ page, widget }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    const chainChanges = await recordChainChanges(page)

    await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
    await expect(widget.getByTestId('account-network')).toHaveText('Airlock Devnet')
    await widget.getByTestId('account-network').click()
    await expect(widget.getByTestId('networks-view')).toBeVisible()
    await expect(widget.getByTestId('network-item-eip155:31337')).toHaveAttribute('data-active', 'true')
    // The icons come from the api's asset images.
    await expect(widget.getByTestId('network-item-eip155:31338').locator('img')).toHaveJSProperty('complete', true)
    expect(
      await widget
        .getByTestId('network-item-eip155:31338')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0)

    await widget.getByTestId('network-item-eip155:31338').click()
    await expect(widget.getByTestId('account-view')).toBeVisible()
    await expect(widget.getByTestId('account-network')).toHaveText('Airlock Devnet 2')
    await expect(page.getByTestId('account-chain')).toHaveText('eip155:31338')
    expect(await chainChanges()).toEqual(['0x7a6a'])
    expect(await walletChainId(page)).toBe('0x7a6a')

    // open({ view: 'Networks' }) opens it directly; the active network is marked.
    await page.evaluate(() => window.airlock!.close())
    await page.evaluate(() => window.airlock!.open({ view: 'Networks' }))
    await expect(widget.getByTestId('network-item-eip155:31338')).toHaveAttribute('data-active', 'true')
  })

  test('a wallet on a chain the dapp did not request gets the UnsupportedChain view, and can switch back', async ({ page, widget }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    await expect(widget.getByTestId('unsupported-chain-view')).toHaveCount(0)

    // The wallet adds and moves to a chain the demo does not request (MetaMask switches on add).
    await page.evaluate(
      (rpcUrl) =>
        (window as unknown as { __devnetWallet: { request(a: unknown): Promise<unknown> } }).__devnetWallet.request({
          method: 'wallet_addEthereumChain',
          params: [{ chainId: '0x1092', chainName: 'Elsewhere', rpcUrls: [rpcUrl] }],
        }),
      stack.urls.rpc['31338']!,
    )
    await expect(page.getByTestId('account-chain')).toHaveText('eip155:4242')
    await expect(widget.getByTestId('unsupported-chain-view')).toBeVisible()
    await expect(widget.getByRole('heading')).toHaveText('Switch Network')

    await widget.getByTestId('network-item-eip155:31337').click()
    await expect(widget.getByTestId('account-view')).toBeVisible()
    await expect(page.getByTestId('account-chain')).toHaveText('eip155:31337')
    expect(await walletChainId(page)).toBe('0x7a69')
  })

  test("the SDK's removeNetwork moves the wallet off a removed network and keeps the last one", async ({ page, widget }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    await page.evaluate(() => window.airlock!.switchNetwork('eip155:31338'))
    await expect(page.getByTestId('account-chain')).toHaveText('eip155:31338')

    await page.evaluate(() => window.airlock!.removeNetwork('eip155:31338'))
    await expect(page.getByTestId('account-chain')).toHaveText('eip155:31337')
    const refusal = await page.evaluate(() =>
      window.airlock!.removeNetwork('eip155:31337').then(
        () => 'removed',
        (e: Error) => e.message,
      ),
    )
    expect(refusal).toMatch(/last eip155 network/)

    await page.evaluate(() => window.airlock!.addNetwork('eip155:31338'))
    await page.evaluate(() => window.airlock!.open({ view: 'Networks' }))
    await expect(widget.getByRole('listitem')).toHaveText(['Airlock DevnetActive', 'Airlock Devnet 2', 'Airlock Solana Devnet'])
  })

  test('the Networks view groups the networks by family; a family without a wallet asks to connect one, the other stays', async ({
    page,
    widget,
    account,
  }) => {
    await openDemo(page)
    await connectWallet(page, widget)
    await page.evaluate(() => window.airlock!.open({ view: 'Networks' }))
    await expect(widget.getByTestId('network-family-eip155').getByRole('heading')).toHaveText('Ethereum and EVM')
    await expect(widget.getByTestId('network-family-solana').getByRole('listitem')).toHaveText(['Airlock Solana Devnet'])

    // This browser wallet has no Solana side: the modal asks for a Solana wallet.
    await widget.getByTestId(`network-item-${SOLANA}`).click()
    await expect(widget.getByTestId('connect-view')).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.airlock!.getState().activeNamespace)).toBe('solana')
    await expect(page.getByTestId('account-connections')).toHaveText(`eip155:31337:${account.address}`)
    // Back on an EVM network, the EVM wallet is there as it was.
    await page.evaluate(() => window.airlock!.switchNetwork('eip155:31337'))
    await expect(page.getByTestId('account-status')).toHaveText('connected')
    await expect(page.getByTestId('account-address')).toHaveText(account.address)
  })
})

// Its own account: a registered name stays for the rest of the run, and the other specs expect
// their accounts to show the short address.
const NAMED = devnetAccounts[7]!
const named = test.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here.
  account: async ({}, use) => {
    await use(NAMED)
  },
})

named('a name registered through the api is shown in the Account view, with its avatar', async ({ page, widget, account }) => {
  const signer = privateKeyToAccount(account.privateKey)
  const name = `e2e-${Date.now().toString(36)}.airlock.id`
  const avatar = `${stack.urls.api}/public/getAssetImage/airlock-devnet?projectId=demo`
  await registerName(signer, name, { avatar })
  // The primary name is the oldest one: an earlier run on the same database may have left one.
  const identity = (await (await fetch(`${apiFromNode()}/v1/identity/${signer.address}?projectId=demo`)).json()) as {
    name: string
    avatar: string | null
  }

  await openDemo(page)
  await connectWallet(page, widget)
  await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
  await expect(widget.getByTestId('account-address')).toHaveText(identity.name)
  if (identity.avatar === avatar) {
    const image = widget.getByTestId('account-avatar')
    await expect(image).toHaveAttribute('data-kind', 'image')
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  }
  // No block explorer for the devnet.
  await expect(widget.getByTestId('account-explorer')).toHaveCount(0)
})
