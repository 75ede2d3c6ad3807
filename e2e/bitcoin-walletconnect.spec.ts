import type { Page } from '@playwright/test'
import type { ReferenceWallet } from '@airlock/devnet/wc-wallet'
import { Verifier } from 'bip322-js'
import { expect, stack, test } from './fixtures'
import { freshBitcoinAddress, received, REGTEST, submitBtc } from './support/bitcoin'
import { backendChecks, dappSessionOn } from './support/siwx'
import { showQr, startPhone } from './support/walletconnect'

/**
 * Bitcoin over WalletConnect (issue 25): a dapp of eip155 and the Bitcoin devnet pairs with the
 * reference wallet, which approves its bip122 namespace beside eip155 (the devnet's second Bitcoin
 * payment account). The Bitcoin account signs in (BIP-322 over WalletConnect's signMessage, verified
 * by the API), sends BTC (signPsbt, the widget broadcasts), and a wallet without Bitcoin connects
 * eip155 alone.
 */

/** The phone, serving the Bitcoin devnet unless a test says otherwise, and the methods it was asked for. */
const phoneTest = test.extend<{ phone: ReferenceWallet; phoneBitcoin: boolean; phoneRequests: string[] }>({
  phoneBitcoin: [true, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here.
  phoneRequests: async ({}, use) => use([]),
  phone: async ({ phoneBitcoin, phoneRequests }, use, testInfo) => {
    const wallet = await startPhone(
      phoneBitcoin ? { bitcoinEsploraUrls: { [REGTEST]: stack.urls.bitcoinEsplora } } : {},
      testInfo.parallelIndex,
      phoneRequests,
    )
    await use(wallet)
    await wallet.stop()
  },
})

async function openDemo(page: Page, siwx: boolean): Promise<void> {
  await page.goto(`${stack.urls.demoNpm}?${siwx ? 'siwx=on&' : ''}networks=eip155:31337,${REGTEST}`)
  await page.waitForFunction(() => window.airlock?.getState().ready === true)
}

/** The dapp's view of its connections: `getState().connections`' CAIP-10 accounts, once it has `count` of them. */
async function dappConnections(page: Page, count: number): Promise<string[]> {
  const handle = await page.waitForFunction(
    (n) => {
      const accounts = window.airlock!.getState().connections?.map((connection) => connection.caipAddress) ?? []
      return accounts.length >= n && accounts
    },
    count,
    { timeout: 20_000 },
  )
  return (await handle.jsonValue()) as string[]
}

phoneTest.describe('Bitcoin through WalletConnect with the reference wallet', () => {
  phoneTest(
    'one session approves bip122 beside eip155; the Bitcoin account signs in with BIP-322 over WalletConnect, and the API accepts it',
    async ({ page, widget, phone, phoneRequests }) => {
      await openDemo(page, true)
      await phone.pair(await showQr(page, widget))
      const connections = await dappConnections(page, 2)
      expect(connections.sort()).toEqual([`eip155:31337:${phone.address}`, `${REGTEST}:${phone.bitcoinAddress}`].sort())
      expect(phone.sessions()).toHaveLength(1)
      expect(phone.sessions()[0]!.accounts).toContain(`${REGTEST}:${phone.bitcoinAddress}`)

      // eip155 is the active namespace: its account signs in first (personal_sign on the phone).
      const evm = await dappSessionOn(page, 'eip155:31337')
      expect(evm.data).toMatchObject({ accountAddress: phone.address })

      // The dapp turns to Bitcoin: its account is asked to sign in, through WalletConnect's bip122 signMessage.
      await page.evaluate((id) => window.airlock!.switchNetwork(id), REGTEST)
      const session = await dappSessionOn(page, REGTEST)
      expect(session.data).toMatchObject({ accountAddress: phone.bitcoinAddress, chainId: REGTEST })
      expect(session.message).toContain('wants you to sign in with your Bitcoin account:')
      expect(phoneRequests).toContain(`${REGTEST} signMessage`)
      // The signature is a BIP-322 one of the very message, by the phone's payment address...
      expect(Verifier.verifySignature(phone.bitcoinAddress, session.message, session.signature)).toBe(true)
      // ...and the API, which checked it before it signed the token, stands by it.
      expect(await backendChecks(session.token)).toMatchObject({
        sub: `${REGTEST}:${phone.bitcoinAddress}`,
        status: 200,
        body: { valid: true },
      })
      expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
        status: 'connected',
        caipNetworkId: REGTEST,
        address: phone.bitcoinAddress,
      })

      // A reload restores both accounts from the WalletConnect session, on Bitcoin, with its sign-in, asking the phone nothing.
      const asked = [...phoneRequests]
      await page.reload()
      await page.waitForFunction(() => window.airlock?.getState().status === 'connected', undefined, { timeout: 15_000 })
      expect((await dappConnections(page, 2)).sort()).toEqual(connections)
      expect((await dappSessionOn(page, REGTEST)).token).toBe(session.token)
      await page.waitForTimeout(500)
      expect(phoneRequests).toEqual(asked)
    },
  )

  phoneTest(
    'a no on the phone to the Bitcoin sign-in: the dapp hears of it and has no Bitcoin session; the retry signs in',
    async ({ page, widget, phone, phoneRequests }) => {
      await openDemo(page, true)
      await page.evaluate(() => {
        const errors: unknown[] = []
        ;(window as unknown as { siwxErrors: unknown[] }).siwxErrors = errors
        window.airlock!.subscribeEvents(({ data }) => {
          if (data.event === 'SIWX_AUTH_ERROR') errors.push(data.properties)
        })
      })
      await phone.pair(await showQr(page, widget))
      await dappSessionOn(page, 'eip155:31337')

      phone.setMode('reject', 'requests')
      await page.evaluate((id) => window.airlock!.switchNetwork(id), REGTEST)
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { siwxErrors: unknown[] }).siwxErrors))
        .toEqual([{ message: 'Signature declined' }])
      expect(phoneRequests).toContain(`${REGTEST} signMessage`)
      expect(await page.evaluate(() => window.airlock!.getSession())).toBeUndefined()
      // The Bitcoin account stays connected: only its sign-in was refused.
      expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
        status: 'connected',
        caipNetworkId: REGTEST,
        address: phone.bitcoinAddress,
      })

      phone.setMode('approve', 'requests')
      await widget.getByTestId('siwx-retry').click()
      const session = await dappSessionOn(page, REGTEST)
      expect(session.data).toMatchObject({ accountAddress: phone.bitcoinAddress })
      expect((await backendChecks(session.token)).status).toBe(200)
    },
  )

  phoneTest(
    'BTC sent from the Account view: the phone signs the PSBT, the widget broadcasts, the amount lands',
    async ({ page, widget, phone, phoneRequests }) => {
      await openDemo(page, false)
      await phone.pair(await showQr(page, widget))
      await dappConnections(page, 2)
      const to = freshBitcoinAddress()
      await submitBtc(page, widget, to, '0.001')
      await expect.poll(() => received(to), { timeout: 15_000 }).toBe(100_000)
      expect(phoneRequests).toContain(`${REGTEST} signPsbt`)
      expect(phoneRequests).not.toContain(`${REGTEST} sendTransfer`)
    },
  )

  phoneTest.describe('a wallet without Bitcoin', () => {
    phoneTest.use({ phoneBitcoin: false })
    phoneTest(
      'approves eip155 alone: the dapp has the eip155 account and no Bitcoin one',
      async ({ page, widget, phone, phoneRequests }) => {
        await openDemo(page, false)
        await phone.pair(await showQr(page, widget))
        expect(await dappConnections(page, 1)).toEqual([`eip155:31337:${phone.address}`])
        expect(phone.sessions()[0]!.chains).toEqual(['eip155:31337'])
        // Settled: no Bitcoin connection comes later, and the dapp's active account is the eip155 one.
        await page.waitForTimeout(500)
        expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
          status: 'connected',
          caipNetworkId: 'eip155:31337',
          address: phone.address,
          connections: [expect.objectContaining({ caipAddress: `eip155:31337:${phone.address}` })],
        })
        // The dapp turning to Bitcoin finds no account there (nothing is asked of the phone); its eip155 one stays.
        await page.evaluate((id) => window.airlock!.switchNetwork(id), REGTEST)
        expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
          status: 'disconnected',
          caipNetworkId: REGTEST,
          connections: [expect.objectContaining({ caipAddress: `eip155:31337:${phone.address}` })],
        })
        expect(phoneRequests.filter((request) => request.startsWith('bip122:'))).toEqual([])
      },
    )
  })
})
