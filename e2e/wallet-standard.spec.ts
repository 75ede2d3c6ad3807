import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { EXTRA_SCRIPT } from '../apps/host-sdk/script-file'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { bitcoinDevnetAccounts } from '@airlock/devnet/bitcoin/accounts'
import { Verifier } from 'bip322-js'
import { DEVNET_WALLET_RDNS, expect, openDemo, stack, test } from './fixtures'

/**
 * A Solana dapp's wallet list, as @wallet-standard/app's getWallets() builds it (what
 * @solana/wallet-adapter reads): a register-wallet listener handing its API to each wallet, then
 * app-ready. The one-line demo page has no such app of its own.
 */
const APP = `(() => {
  const wallets = (window.__standardWallets = [])
  const api = Object.freeze({ register: (...added) => (wallets.push(...added), () => {}) })
  window.addEventListener('wallet-standard:register-wallet', ({ detail }) => detail(api))
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  window.airlockWallet = (family = 'solana:') =>
    wallets.find((wallet) => wallet.name === 'Airlock' && wallet.chains.every((chain) => chain.startsWith(family)))
})()`

type StandardWallet = {
  name: string
  chains: string[]
  accounts: unknown[]
  // any: the Wallet Standard's features, called as a dapp's wallet adapter calls them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  features: Record<string, Record<string, (...args: any[]) => Promise<any>>>
}
type AppWindow = Window & { __standardWallets?: StandardWallet[]; airlockWallet?: (family?: string) => StandardWallet }
const EXTRA = /\/sdk-extra@[^/]+\.js$/

const airlockListed = () => (window as AppWindow).__standardWallets?.some((wallet) => wallet.name === 'Airlock')
const walletNames = () => (window as AppWindow).__standardWallets?.map((wallet) => wallet.name)

test('a Solana dapp whose app starts first finds "Airlock" in its wallet list, with the Solana features', async ({ page }) => {
  await page.addInitScript(APP)
  await openDemo(page)
  await page.waitForFunction(airlockListed)
  const features = await page.evaluate(() => Object.keys((window as AppWindow).airlockWallet!('solana:').features))
  expect(features).toEqual(expect.arrayContaining(['standard:connect', 'standard:events', 'solana:signAndSendTransaction']))
})

test('a page without an app loads nothing extra; an app that starts later finds "Airlock"', async ({ page }) => {
  const loaded: string[] = []
  page.on('request', (request) => void (EXTRA.test(request.url()) && loaded.push(request.url())))
  await openDemo(page)
  await page.waitForLoadState('networkidle')
  expect(loaded).toEqual([])
  await page.evaluate(APP)
  await page.waitForFunction(airlockListed)
  expect(loaded).toHaveLength(1)
})

test('altered bytes of the extra script do not run', async ({ page }) => {
  const console: string[] = []
  page.on('console', (message) => console.push(message.text()))
  // The stack serves the build in this checkout: the same bytes, one more at the end.
  const built = readFileSync(fileURLToPath(new URL(`../apps/host-sdk/dist/${EXTRA_SCRIPT}`, import.meta.url)), 'utf8')
  await page.route(EXTRA, (route) =>
    route.fulfill({ body: `${built};`, contentType: 'text/javascript', headers: { 'Access-Control-Allow-Origin': '*' } }),
  )
  await page.addInitScript(APP)
  await openDemo(page)
  await expect.poll(() => console.some((text) => /integrity/.test(text))).toBe(true)
  expect(await page.evaluate(walletNames)).toEqual([])
})

test('a page script that calls the handoff first, with its own wallet, gets nothing registered', async ({ page }) => {
  await page.addInitScript(`new MutationObserver(() => {
    for (const script of document.querySelectorAll('script[src*="sdk-extra@"]'))
      script.airlockExtra?.({ createAirlockWallets: () => [{ name: 'Forged', chains: [], features: {} }] })
  }).observe(document, { childList: true, subtree: true })`)
  await page.addInitScript(APP)
  await openDemo(page)
  await page.waitForFunction(airlockListed)
  // Airlock's own wallets: the Solana one and the Bitcoin one.
  expect(await page.evaluate(walletNames)).toEqual(['Airlock', 'Airlock'])
})

test.describe('a Solana dapp signing through "Airlock"', () => {
  test.use({ families: ['eip155', 'solana'] })

  test('standard:connect opens the modal, the user picks a wallet, and solana:signMessage signs with its key', async ({
    page,
    widget,
    solanaAccount,
  }) => {
    await page.addInitScript(APP)
    await openDemo(page)
    await page.waitForFunction(airlockListed)
    const connecting = page.evaluate(async () => {
      const { accounts } = await (window as AppWindow).airlockWallet!().features['standard:connect']!.connect!()
      return accounts.map((account: { address: string }) => account.address)
    })
    await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
    expect(await connecting).toEqual([solanaAccount!.address])

    const text = `A Solana dapp signs in at ${new Date().toISOString()}`
    const signature = await page.evaluate(async (text) => {
      const airlock = (window as AppWindow).airlockWallet!()
      const message = new TextEncoder().encode(text)
      const [output] = await airlock.features['solana:signMessage']!.signMessage!({ account: airlock.accounts[0], message })
      return Array.from(output.signature as Uint8Array)
    }, text)
    expect(ed25519.verify(new Uint8Array(signature), new TextEncoder().encode(text), base58.decode(solanaAccount!.address))).toBe(true)
  })
})

test.describe('a Bitcoin dapp signing through "Airlock"', () => {
  test.use({ families: ['eip155', 'bip122'] })
  const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

  test('bitcoin:connect opens the modal, the user picks a wallet, and bitcoin:signMessage signs BIP-322 with its payment key', async ({
    page,
    widget,
  }) => {
    const payment = bitcoinDevnetAccounts[0]!.address
    await page.addInitScript(APP)
    await openDemo(page, `${stack.urls.demoNpm}?networks=eip155:31337,${REGTEST}`)
    await page.waitForFunction(() => (window as AppWindow).airlockWallet?.('bitcoin:'))
    const connecting = page.evaluate(async () => {
      const wallet = (window as AppWindow).airlockWallet!('bitcoin:')
      const { accounts } = await wallet.features['bitcoin:connect']!.connect!({ purposes: ['payment'] })
      return accounts.map((account: { address: string; chains: string[]; publicKey: Uint8Array }) => ({
        address: account.address,
        chains: account.chains,
        publicKey: account.publicKey.length,
      }))
    })
    await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
    expect(await connecting).toEqual([{ address: payment, chains: ['bitcoin:regtest'], publicKey: 33 }])

    const text = `A Bitcoin dapp signs in at ${new Date().toISOString()}`
    const signature = await page.evaluate(async (text) => {
      const wallet = (window as AppWindow).airlockWallet!('bitcoin:')
      const [output] = await wallet.features['bitcoin:signMessage']!.signMessage!({
        account: wallet.accounts[0],
        message: new TextEncoder().encode(text),
      })
      return btoa(String.fromCharCode(...(output.signature as Uint8Array)))
    }, text)
    expect(Verifier.verifySignature(payment, text, signature)).toBe(true)

    // getProvider('bip122') itself: sats-connect's names, and only the connection's addresses.
    const stranger = await page.evaluate(
      (address) =>
        window
          .airlock!.getProvider('bip122')
          .request({ method: 'signMessage', params: { address, message: 'not mine' } })
          .catch((error: { code: number }) => error.code),
      bitcoinDevnetAccounts[5]!.address,
    )
    expect(stranger).toBe(4100)
  })
})
