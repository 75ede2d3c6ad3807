import type { FrameLocator, Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { dappAccount, DEVNET_WALLET_RDNS, expect, fund, openDemo, setWalletMode, stack, test } from './fixtures'
import { approveInFrame } from './support/confirm'
import {
  expectOneTruth,
  fireRequest,
  readView,
  resetView,
  settled,
  waitForAccount,
  watchAsDapp,
  watchEveryLoad,
  VIEW_CONFIG_KEY,
  type DappNamespace,
  type Moment,
} from './support/dappView'
import { emailLogin, freshEmail } from './support/emailLogin'
import { foreignTest, showQr } from './support/walletconnect'

/**
 * Issue 22, as a dapp sees it: for every connector, 20 fresh connections, each recorded from the
 * dapp's side (eth_accounts / solana_getAccounts polled every few ms, every provider event, every
 * getState() change) and with wallet requests sent at each moment of the flow. The account appears
 * once and stays; the status goes disconnected -> connecting -> connected; a request sent before the
 * click is refused 4100, one sent later is served, never refused 4100 once an account was shown.
 * Between cycles the dapp disconnects and sees the account go, once.
 */

// Every test here is a page of its own with its own wallet: spread them over the workers (the file
// is minutes of connections; in one worker it would be the whole suite's tail).
test.describe.configure({ mode: 'parallel' })

const CYCLES = 20
const ALL_MOMENTS: Exclude<Moment, 'before'>[] = ['connecting', 'event', 'accounts']
/** The second devnet account: where the dapp's 0-value transactions go. */
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

interface Flow {
  namespaces: DappNamespace[]
  signOn?: DappNamespace[]
  /** The accounts the dapp expects (a returning user's); absent, it signs with the one it is shown. */
  expected?: Partial<Record<DappNamespace, string>>
  /** The moments of cycle `i` at which requests go out (besides `before`). */
  moments?: (i: number) => Exclude<Moment, 'before'>[]
  /** What the user does to connect (the wallet's side included). */
  connect(i: number): Promise<void>
  /** What the user does once the dapp has the account (confirm the requests that need it). */
  afterConnect?(accounts: Partial<Record<DappNamespace, string>>, i: number): Promise<void>
}

async function runCycles(page: Page, flow: Flow): Promise<void> {
  const moments = flow.moments ?? (() => ALL_MOMENTS)
  await watchAsDapp(page, {
    namespaces: flow.namespaces,
    ...(flow.signOn ? { signOn: flow.signOn } : {}),
    moments: moments(0),
    ...(flow.expected ? { expected: flow.expected } : {}),
    receiver: RECEIVER,
  })
  for (let i = 0; i < CYCLES; i++) {
    await test.step(`connection ${i + 1} of ${CYCLES}`, async () => {
      await resetView(page, { moments: moments(i), ...(flow.expected ? { expected: flow.expected } : {}) })
      for (const namespace of flow.signOn ?? flow.namespaces) await fireRequest(page, 'before', namespace)
      await flow.connect(i)
      const accounts: Partial<Record<DappNamespace, string>> = {}
      for (const namespace of flow.namespaces) accounts[namespace] = await waitForAccount(page, namespace)
      await flow.afterConnect?.(accounts, i)
      await settled(page)
      expectOneTruth(await readView(page), { namespaces: flow.namespaces })
      await disconnectAsDapp(page, flow.namespaces)
    })
  }
}

/** The dapp disconnects; it sees `disconnect`, then no account, and the account does not come back. */
async function disconnectAsDapp(page: Page, namespaces: readonly DappNamespace[]): Promise<void> {
  const from = (await readView(page)).entries.length
  await page.evaluate(() => window.airlock!.disconnect())
  await expect
    .poll(async () => {
      const { entries } = await readView(page)
      const last = (namespace: DappNamespace) => entries.filter((e) => e.kind === 'accounts' && e.namespace === namespace).at(-1)?.value
      return namespaces.every((namespace) => last(namespace) === '[]') && entries.at(-1)?.status === 'disconnected'
    })
    .toBe(true)
  const after = (await readView(page)).entries.slice(from)
  for (const namespace of namespaces) {
    const events = after.filter((e) => e.kind === 'event' && e.namespace === namespace).map((e) => `${e.value} ${JSON.stringify(e.data)}`)
    expect(events[0], `${namespace}: disconnect`).toMatch(/^disconnect /)
    expect(events.slice(1), `${namespace}: the account goes once`).toEqual(['accountsChanged []'])
  }
}

async function pickWallet(page: Page, widget: FrameLocator, testId: string): Promise<void> {
  await page.evaluate(() => window.airlock!.open())
  await widget.getByTestId(testId).click()
}

test.describe('one truth for a connection, 20 fresh connections per connector', () => {
  // 20 connections each, on CI's 2 loaded cores.
  test.describe.configure({ timeout: 240_000 })

  test('ANNOUNCED: the EIP-6963 browser wallet', async ({ page, widget, account }) => {
    await openDemo(page)
    await runCycles(page, {
      namespaces: ['eip155'],
      expected: { eip155: account.address },
      connect: () => pickWallet(page, widget, `wallet-item-${DEVNET_WALLET_RDNS}`),
    })
  })

  test.describe('MULTI_CHAIN', () => {
    test.use({ families: ['eip155', 'solana'] })

    test('one wallet of both families: the eip155 and the Solana provider', async ({ page, widget, account, solanaAccount }) => {
      await openDemo(page)
      await runCycles(page, {
        namespaces: ['eip155', 'solana'],
        expected: { eip155: account.address, solana: solanaAccount!.address },
        connect: () => pickWallet(page, widget, `wallet-item-${DEVNET_WALLET_RDNS}`),
      })
    })
  })

  test.describe('INJECTED', () => {
    // A phone's in-app browser: window.ethereum, no EIP-6963 (the "Browser Wallet" shows on mobile only).
    test.use({
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
    })

    test('window.ethereum that announces nothing', async ({ page, widget, account }) => {
      await page.addInitScript(() => window.addEventListener('eip6963:announceProvider', (event) => event.stopImmediatePropagation()))
      await openDemo(page)
      await runCycles(page, {
        namespaces: ['eip155'],
        expected: { eip155: account.address },
        connect: () => pickWallet(page, widget, 'wallet-item-injected'),
      })
    })
  })

  test('EXTERNAL: a wallet the dapp passes, which answers every call 150-400 ms late', async ({ page, widget, account }) => {
    await openDemo(page)
    await page.evaluate((widgetUrl) => {
      type Wallet = {
        request(args: unknown): Promise<unknown>
        on(e: string, l: unknown): unknown
        removeListener(e: string, l: unknown): unknown
      }
      const inner = (window as unknown as { __devnetWallet: Wallet }).__devnetWallet
      const slow: Wallet = {
        request: async (args) => {
          await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 250))
          return inner.request(args)
        },
        on: (event, listener) => inner.on(event, listener),
        removeListener: (event, listener) => inner.removeListener(event, listener),
      }
      window.airlock!.destroy()
      window.airlock = window.Airlock!.createAirlock({
        projectId: 'demo',
        widgetUrl,
        networks: ['eip155:31337', 'eip155:31338'],
        wallets: [{ id: 'slow-wallet', name: 'Slow Wallet', provider: slow }],
      })
    }, stack.origins.widget)
    await page.waitForFunction(() => window.airlock?.getState().ready === true)
    await runCycles(page, {
      namespaces: ['eip155'],
      expected: { eip155: account.address },
      connect: () => pickWallet(page, widget, 'wallet-item-slow-wallet'),
    })
  })

  foreignTest(
    'WALLET_CONNECT: a WalletKit wallet of its own project, approving only the chains it knows',
    async ({ page, widget, foreign }) => {
      // WalletKit answers one request a second (its request queue): 66 s for the 20 connections when idle.
      test.setTimeout(420_000)
      await openDemo(page)
      await runCycles(page, {
        namespaces: ['eip155'],
        expected: { eip155: foreign.address },
        connect: async () => foreign.pair(await showQr(page, widget)),
      })
      expect(foreign.requests.filter((r) => r.answer !== 'ok')).toEqual([])
    },
  )

  test('AUTH: the embedded wallet, one email login per connection; each request confirmed in the secure frame', async ({
    page,
    widget,
  }) => {
    // 20 email logins, each a new wallet: 49 s when idle.
    test.setTimeout(360_000)
    await openDemo(page)
    await runCycles(page, {
      // Its Solana account joins too (the demo requests a Solana network); the requests go on eip155.
      namespaces: ['eip155', 'solana'],
      signOn: ['eip155'],
      // One request a connection, each moment in turn: each is a confirmation the user approves.
      moments: (i) => [ALL_MOMENTS[i % ALL_MOMENTS.length]!],
      connect: async (i) => void (await emailLogin(page, widget, freshEmail(`truth-${i}`))),
      // A new wallet: its 0-value transaction needs gas, sent before the user approves it.
      afterConnect: async ({ eip155 }) => {
        await fund(eip155 as `0x${string}`)
        await approveInFrame(page)
      },
    })
  })
})

test.describe('one truth after a reload: the silent reconnect', () => {
  test.describe.configure({ timeout: 180_000 })
  const RELOADS = 10

  /** Reloads `times` times, each recorded from the page's first script; requests go out while the widget reconnects. */
  async function reloadCycles(
    page: Page,
    {
      namespaces,
      signOn,
      expected,
      times = RELOADS,
      moments = () => ALL_MOMENTS,
      afterConnect,
    }: Omit<Flow, 'connect'> & { times?: number },
  ): Promise<void> {
    for (let i = 0; i < times; i++) {
      await test.step(`reload ${i + 1} of ${times}`, async () => {
        await page.evaluate(([key, config]) => sessionStorage.setItem(key, JSON.stringify(config)), [
          VIEW_CONFIG_KEY,
          { namespaces, ...(signOn ? { signOn } : {}), moments: moments(i), ...(expected ? { expected } : {}), receiver: RECEIVER },
        ] as const)
        await page.reload()
        const accounts: Partial<Record<DappNamespace, string>> = {}
        for (const namespace of namespaces) accounts[namespace] = await waitForAccount(page, namespace)
        await afterConnect?.(accounts, i)
        await settled(page)
        expectOneTruth(await readView(page), { namespaces, pendingStatus: 'reconnecting' })
      })
    }
  }

  test('the browser wallet, 10 reloads', async ({ page, widget, account }) => {
    await watchEveryLoad(page)
    await openDemo(page)
    await pickWallet(page, widget, `wallet-item-${DEVNET_WALLET_RDNS}`)
    await dappAccount(page)
    await reloadCycles(page, { namespaces: ['eip155'], expected: { eip155: account.address } })
  })

  foreignTest('a WalletConnect session restored from storage, 10 reloads', async ({ page, widget, foreign }) => {
    await watchEveryLoad(page)
    await openDemo(page)
    await foreign.pair(await showQr(page, widget))
    await dappAccount(page)
    await reloadCycles(page, { namespaces: ['eip155'], expected: { eip155: foreign.address } })
    expect(foreign.requests.filter((r) => r.answer !== 'ok')).toEqual([])
  })

  test('the embedded wallet, 5 reloads; each request confirmed in the secure frame', async ({ page, widget }) => {
    await watchEveryLoad(page)
    await openDemo(page)
    const address = await emailLogin(page, widget, freshEmail('truth-reload'))
    await reloadCycles(page, {
      namespaces: ['eip155', 'solana'],
      signOn: ['eip155'],
      expected: { eip155: address },
      times: 5,
      moments: (i) => [ALL_MOMENTS[i % ALL_MOMENTS.length]!],
      afterConnect: () => approveInFrame(page),
    })
  })
})

test.describe('one truth when the wallet moves', () => {
  const second = generatePrivateKey()
  test.use({ extraWalletKeys: [second] })

  test('an account switch, then a network switch, in the browser wallet: the dapp uses each the moment it hears of it', async ({
    page,
    widget,
    account,
  }) => {
    await openDemo(page)
    await pickWallet(page, widget, `wallet-item-${DEVNET_WALLET_RDNS}`)
    expect(await dappAccount(page)).toBe(account.address)
    await page.evaluate(() => {
      const airlock = window.airlock!
      const provider = airlock.getProvider('eip155')
      const seen: unknown[] = []
      ;(window as unknown as { seen: unknown[] }).seen = seen
      const answer = (label: string, request: Promise<unknown>) =>
        request.then(
          (result) => seen.push({ label, result }),
          (error: { code?: number }) => seen.push({ label, code: error.code }),
        )
      provider.on('accountsChanged', (accounts: unknown) => {
        const [address] = accounts as string[]
        seen.push({ label: 'accountsChanged', address, state: airlock.getState().address })
        void answer('sign', provider.request({ method: 'personal_sign', params: ['0x6869', address] }))
        void answer('accounts', provider.request({ method: 'eth_accounts' }))
      })
      provider.on('chainChanged', (chainId: unknown) => {
        seen.push({ label: 'chainChanged', chainId, state: airlock.getState().chainId })
        void answer('chainId', provider.request({ method: 'eth_chainId' }))
        void answer('sign on the new chain', provider.request({ method: 'personal_sign', params: ['0x6869', airlock.getState().address] }))
      })
    })
    const other = privateKeyToAccount(second).address
    // The user picks their other account in the extension, then the other devnet chain.
    await page.evaluate(() =>
      (window as unknown as { __devnetWallet: { devnet: { switchAccount(i: number): void } } }).__devnetWallet.devnet.switchAccount(1),
    )
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen.length)).toBe(3)
    await page.evaluate(() =>
      (window as unknown as { __devnetWallet: { request(a: unknown): Promise<unknown> } }).__devnetWallet.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a6a' }],
      }),
    )
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen.length)).toBe(6)
    const seen = await page.evaluate(() => (window as unknown as { seen: { label: string }[] }).seen)
    const byLabel = Object.fromEntries(seen.map((entry) => [entry.label, entry]))
    expect(byLabel.accountsChanged).toEqual({ label: 'accountsChanged', address: other, state: other })
    expect(byLabel.accounts).toEqual({ label: 'accounts', result: [other] })
    expect(byLabel.sign).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{130}$/) })
    expect(byLabel.chainChanged).toEqual({ label: 'chainChanged', chainId: '0x7a6a', state: 31338 })
    expect(byLabel.chainId).toEqual({ label: 'chainId', result: '0x7a6a' })
    expect(byLabel['sign on the new chain']).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{130}$/) })
  })
})

test.describe('a request waiting on a connect that ends without one', () => {
  const outcomeOf = (page: Page) =>
    page.evaluate(() => {
      const account = (window as unknown as { __devnetWallet: { devnet: { state(): { account: string } } } }).__devnetWallet.devnet.state()
        .account
      return new Promise<{ code?: number }>((resolve) => {
        const unsubscribe = window.airlock!.subscribeState((state) => {
          if (state.status !== 'connecting') return
          unsubscribe()
          window
            .airlock!.getProvider('eip155')
            .request({ method: 'personal_sign', params: ['0x6869', account] })
            .then(
              () => resolve({}),
              (error: { code?: number }) => resolve({ code: error.code }),
            )
        })
      })
    })

  for (const { mode, code, what } of [
    { mode: 'reject', code: 4001, what: 'the user declines in the wallet: 4001' },
    { mode: 'throw', code: 4100, what: 'the wallet fails: 4100, nothing connected' },
  ] as const) {
    test(what, async ({ page, widget }) => {
      await openDemo(page)
      await setWalletMode(page, mode)
      const outcome = outcomeOf(page)
      await pickWallet(page, widget, `wallet-item-${DEVNET_WALLET_RDNS}`)
      expect(await outcome).toEqual({ code })
    })
  }

  test('the user closes the modal while the wallet asks: 4001', async ({ page, widget }) => {
    await openDemo(page)
    await setWalletMode(page, 'hang')
    const outcome = outcomeOf(page)
    await pickWallet(page, widget, `wallet-item-${DEVNET_WALLET_RDNS}`)
    await expect.poll(() => page.evaluate(() => window.airlock!.getState().status)).toBe('connecting')
    await page.evaluate(() => window.airlock!.close())
    expect(await outcome).toEqual({ code: 4001 })
  })
})
