import { wrapBytes } from '@airlock/chains/polkadot'
import { polkadotDevnetAccounts } from '@airlock/devnet/polkadot'
import type { ReferenceWallet } from '@airlock/devnet/wc-wallet'
import { cryptoWaitReady, sr25519Verify } from '@polkadot/util-crypto'
import { expect, stack, test } from './fixtures'
import { freeBalance, freshPolkadotAddress, POLKADOT_DEVNET as DEVNET } from './support/polkadot'
import { backendChecks, dappSessionOn } from './support/siwx'
import { accountSettled } from './support/walletFeatures'
import { showQr, startPhone } from './support/walletconnect'

/**
 * Polkadot over WalletConnect (issue 26): a dapp of eip155 and the Polkadot devnet pairs with the
 * reference wallet, which approves its polkadot namespace beside eip155 (the Polkadot devnet's
 * account 1, signing as polkadot-js does). The Polkadot account signs in (polkadot_signMessage,
 * sr25519 over the <Bytes>-wrapped message, verified by the API) and sends ROC from the Account
 * view (polkadot_signTransaction of the payload the API built; the API submits).
 */

const PHONE = polkadotDevnetAccounts[1]!

const phoneTest = test.extend<{ phone: ReferenceWallet; phoneRequests: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here.
  phoneRequests: async ({}, use) => use([]),
  phone: async ({ phoneRequests }, use, testInfo) => {
    const wallet = await startPhone({ polkadotRpcUrls: { [DEVNET]: stack.urls.polkadotRpc } }, testInfo.parallelIndex, phoneRequests)
    await use(wallet)
    await wallet.stop()
  },
})

phoneTest.describe('Polkadot through WalletConnect with the reference wallet', () => {
  phoneTest(
    'one session approves polkadot beside eip155; the Polkadot account signs in and sends ROC from the phone',
    async ({ page, widget, phone, phoneRequests }) => {
      await page.goto(`${stack.urls.demoNpm}?siwx=on&networks=eip155:31337,${DEVNET}`)
      await page.waitForFunction(() => window.airlock?.getState().ready === true)
      await phone.pair(await showQr(page, widget))
      const connections = await page.waitForFunction(
        () => {
          const accounts = window.airlock!.getState().connections?.map((connection) => connection.caipAddress) ?? []
          return accounts.length >= 2 && accounts
        },
        undefined,
        { timeout: 20_000 },
      )
      expect(((await connections.jsonValue()) as string[]).sort()).toEqual(
        [`eip155:31337:${phone.address}`, `${DEVNET}:${PHONE.address}`].sort(),
      )
      await dappSessionOn(page, 'eip155:31337')

      // The dapp turns to Polkadot: its account signs in through polkadot_signMessage.
      await page.evaluate((id) => window.airlock!.switchNetwork(id), DEVNET)
      const session = await dappSessionOn(page, DEVNET)
      expect(session.data).toMatchObject({ accountAddress: PHONE.address, chainId: DEVNET })
      expect(phoneRequests).toContain(`${DEVNET} polkadot_signMessage`)
      await cryptoWaitReady()
      expect(sr25519Verify(wrapBytes(new TextEncoder().encode(session.message)), session.signature, PHONE.publicKey)).toBe(true)
      expect(await backendChecks(session.token)).toMatchObject({ sub: `${DEVNET}:${PHONE.address}`, status: 200, body: { valid: true } })

      // ROC from the Account view: the phone signs the payload the API built; the API submits it.
      const to = freshPolkadotAddress()
      await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'polkadot' }))
      await accountSettled(widget)
      await widget.getByTestId('account-feature-send').click()
      await widget.getByTestId('send-amount-input').fill('1.5')
      await widget.getByTestId('send-receiver-input').fill(to)
      await expect(widget.getByTestId('send-button')).toHaveText('Send')
      await widget.getByTestId('send-button').click()
      await expect.poll(() => freeBalance(to), { timeout: 20_000 }).toBe(1_500_000_000_000n)
      expect(phoneRequests).toContain(`${DEVNET} polkadot_signTransaction`)
    },
  )
})
