import { test as base, expect, type FrameLocator, type Page } from '@playwright/test'
import { devnetAccounts, devnetWalletScriptPath, type DevnetWalletFamily } from '@airlock/devnet'
import { newSolanaKey, solanaDevnetSigner, transferSol, transferUsdc } from '@airlock/devnet/solana/client'
import { readFileSync } from 'node:fs'
import { createPublicClient, defineChain, http, parseEther, toHex, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { StackInfo } from './global-setup'

export const stack: StackInfo = JSON.parse(process.env.AIRLOCK_STACK ?? 'null') ?? fail()
function fail(): never {
  throw new Error('AIRLOCK_STACK is not set: run the e2e suite through playwright.config.ts')
}

export const DEVNET_WALLET_RDNS = 'dev.airlock.devnetwallet'
const walletScript = readFileSync(devnetWalletScriptPath, 'utf8')

export const devnet = defineChain({
  id: 31337,
  name: 'Airlock Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [stack.urls.rpc['31337']!] } },
})
export const chainClient = createPublicClient({ chain: devnet, transport: http(), pollingInterval: 50 })

/** Gives `address` 10 ETH on the devnet chain (anvil's cheat code). */
export async function fund(address: Address): Promise<void> {
  await chainClient.request({ method: 'anvil_setBalance' as never, params: [address, toHex(parseEther('10'))] as never })
}

/**
 * Each parallel worker signs with its own devnet account, so that two tests never race for a
 * nonce or a balance.
 */
export const test = base.extend<{
  account: (typeof devnetAccounts)[number]
  /** The families the browser wallet offers (an option: `test.use({ families: [...] })`). */
  families: DevnetWalletFamily[]
  /** More keys the browser wallet holds after the worker's own (an option), for a switch of account in the wallet. */
  extraWalletKeys: `0x${string}`[]
  /** The browser wallet's Solana key when it offers Solana: a new one per test, funded. */
  solanaAccount: SolanaTestAccount | undefined
  widget: FrameLocator
}>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here.
  account: async ({}, use, testInfo) => {
    await use(devnetAccounts[2 + testInfo.parallelIndex]!)
  },
  families: [['eip155'], { option: true }],
  extraWalletKeys: [[], { option: true }],
  solanaAccount: async ({ families }, use, testInfo) => {
    await use(families.includes('solana') ? await freshSolanaAccount(2 + testInfo.parallelIndex) : undefined)
  },
  page: async ({ page, account, families, extraWalletKeys, solanaAccount }, use) => {
    const config = {
      chains: { 31337: stack.urls.rpc['31337'], 31338: stack.urls.rpc['31338'] },
      accounts: [account.privateKey, ...extraWalletKeys],
      defaultChainId: 31337,
      families,
      solanaRpc: stack.urls.solanaRpc,
      ...(solanaAccount && { solanaSecretKey: solanaAccount.secretKey }),
    }
    // The wallet is an extension of the top page only, as a real one would be.
    await page.addInitScript(
      `if (window.top === window) { window.__AIRLOCK_DEVNET_WALLET__ = ${JSON.stringify(config)};\n${walletScript}\n}`,
    )
    await use(page)
  },
  widget: async ({ page }, use) => {
    await use(page.frameLocator('iframe[data-airlock]'))
  },
})
export { expect }

/**
 * For a test that leaves what an account keeps for good (a name): its browser wallet signs with a
 * new key holding 10 ETH, so that no other test's account, and no test that ran before, decides
 * what it sees.
 */
export const freshAccountTest = test.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here.
  account: async ({}, use) => {
    const privateKey = generatePrivateKey()
    const { address } = privateKeyToAccount(privateKey)
    await fund(address)
    await use({ address, privateKey })
  },
})

export type SolanaTestAccount = Awaited<ReturnType<typeof newSolanaKey>>
export const SOLANA_USDC_FUNDING = 100_000_000n
export const SOLANA_FUNDING_LAMPORTS = 5_000_000_000n
export const solanaEndpoints = { url: stack.urls.solanaRpc, wsUrl: stack.urls.solanaWs }

/** A new Solana key holding 5 SOL and 100 USDC, sent by the worker's own devnet account. */
export async function freshSolanaAccount(funder: number): Promise<SolanaTestAccount> {
  const key = await newSolanaKey()
  const from = await solanaDevnetSigner(funder)
  await transferSol(solanaEndpoints, from, key.address, SOLANA_FUNDING_LAMPORTS)
  await transferUsdc(solanaEndpoints, from, key.address, SOLANA_USDC_FUNDING)
  return key
}

export async function openDemo(page: Page, url = stack.urls.demo): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => window.airlock?.getState().ready === true)
}

/**
 * Waits as a dapp waits for a connection: until its provider's `eth_accounts` (`solana_getAccounts`)
 * names an account, which it may use at once (issue 22); answers that account.
 */
export async function dappAccount(page: Page, namespace: 'eip155' | 'solana' = 'eip155', timeout = 15_000): Promise<string> {
  const accounts = () =>
    page.evaluate(async (ns) => {
      const answer = (await window.airlock!.getProvider(ns).request({
        method: ns === 'eip155' ? 'eth_accounts' : 'solana_getAccounts',
      })) as (string | { pubkey: string })[]
      return answer.map((entry) => (typeof entry === 'string' ? entry : entry.pubkey))
    }, namespace)
  await expect.poll(async () => (await accounts()).length, { timeout, intervals: [20, 50, 100] }).toBeGreaterThan(0)
  return (await accounts())[0]!
}

/** Connects the devnet wallet through the modal, as a user would, and waits as a dapp waits. */
export async function connectWallet(page: Page, widget: FrameLocator): Promise<void> {
  await page.getByTestId('connect-button').click()
  await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
  await dappAccount(page)
}

export function setWalletMode(page: Page, mode: 'approve' | 'reject' | 'throw' | 'hang'): Promise<void> {
  return page.evaluate(
    (m) => (window as unknown as { __devnetWallet: { devnet: { setMode(m: string): void } } }).__devnetWallet.devnet.setMode(m),
    mode,
  )
}

export function formatEth(wei: bigint, decimals = 3): string {
  const scale = 10n ** BigInt(18 - decimals)
  const rounded = (wei + scale / 2n) / scale
  const whole = rounded / 10n ** BigInt(decimals)
  const fraction = (rounded % 10n ** BigInt(decimals)).toString().padStart(decimals, '0')
  return `${whole.toLocaleString('en-US')}.${fraction}`
}
