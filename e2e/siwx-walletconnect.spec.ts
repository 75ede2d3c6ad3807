import type { Page } from '@playwright/test'
import type { SiwxDappSession } from '@airlock/protocol'
import { createReferenceWallet, type ReferenceWallet } from '@airlock/devnet/wc-wallet'
import { verifyMessage } from 'viem'
import { expect, stack, test } from './fixtures'
import { apiFromNode } from './support/walletFeatures'
import { showQr } from './support/walletconnect'

/**
 * Issue 24 with WalletConnect: a phone that supports one-click auth (wc_sessionAuthenticate) signs
 * the sign-in as it pairs, and the dapp is signed in with no second request to it; a phone without
 * it answers the fallback proposal and is asked to sign once after the connection.
 */

const rpcUrls = { 31337: stack.urls.rpc['31337']!, 31338: stack.urls.rpc['31338']! }

/** The phone, and every signature it was asked for (one-click auths and personal_sign requests). */
const phoneTest = test.extend<{ oneClick: boolean; phone: ReferenceWallet; signatures: string[] }>({
  oneClick: [true, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here.
  signatures: async ({}, use) => use([]),
  phone: async ({ oneClick, signatures }, use, testInfo) => {
    // Accounts 4 and 5, as the other WalletConnect tests (a worker runs one test at a time).
    const wallet = await createReferenceWallet({
      relayUrl: stack.urls.relay,
      projectId: 'airlock-reference-wallet',
      rpcUrls,
      accountIndex: 4 + testInfo.parallelIndex,
      mode: 'approve',
      oneClickAuth: oneClick,
      log: (line) => {
        const signature = /reference wallet: (authenticate \d+|request \d+ (personal_sign|eth_signTypedData_v4))/.exec(line)
        if (signature) signatures.push(signature[1]!)
      },
    })
    await use(wallet)
    await wallet.stop()
  },
})

async function openSiwxDemo(page: Page): Promise<void> {
  // eip155 networks only: one-click auth is asked for eip155 alone.
  await page.goto(`${stack.urls.demoNpm}?siwx=on&networks=eip155:31337,eip155:31338`)
  await page.waitForFunction(() => window.airlock?.getState().ready === true)
}

async function dappSession(page: Page): Promise<SiwxDappSession> {
  const handle = await page.waitForFunction(() => window.airlock!.getSession()?.token && window.airlock!.getSession(), undefined, {
    timeout: 20_000,
  })
  return (await handle.jsonValue()) as SiwxDappSession
}

/** The dapp's backend asks the API about the token. */
async function verifyToken(token: string): Promise<number> {
  const response = await fetch(`${apiFromNode()}/v1/siwx/verify?projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  })
  return response.status
}

phoneTest.describe('sign in with a WalletConnect wallet', () => {
  phoneTest(
    'one-click auth: the wallet signs the sign-in as it pairs, and is asked for no other signature',
    async ({ page, widget, phone, signatures }) => {
      await openSiwxDemo(page)
      await phone.pair(await showQr(page, widget))
      const session = await dappSession(page)

      expect(session.data).toMatchObject({ accountAddress: phone.address, chainId: 'eip155:31337' })
      const [auth] = phone.authentications()
      expect(auth).toBeDefined()
      // The session's message is the very text the phone signed (WalletConnect's ReCap included).
      expect(session.message).toBe(auth!.message)
      expect(session.message).toContain('Resources:\n- urn:recap:')
      expect(await verifyMessage({ address: phone.address, message: session.message, signature: auth!.signature })).toBe(true)
      expect(await verifyToken(session.token)).toBe(200)
      await expect(page.getByTestId('account-chain')).toHaveText('eip155:31337')

      // Exactly one signature reached the phone, and none follows the pairing.
      await page.waitForTimeout(1000)
      expect(signatures).toEqual([`authenticate ${auth!.id}`])
      expect(phone.pendingRequests()).toHaveLength(0)
      expect(await page.evaluate(() => window.airlock!.getState().open)).toBe(false)

      // The session WalletConnect made from the CACAO is a working one: the dapp's personal_sign reaches the phone.
      await page.getByTestId('sign-button').click()
      await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
      expect(signatures).toHaveLength(2)
    },
  )

  phoneTest.describe('a wallet without one-click auth', () => {
    phoneTest.use({ oneClick: false })
    phoneTest('connects through the fallback proposal, then signs the sign-in once', async ({ page, widget, phone, signatures }) => {
      await openSiwxDemo(page)
      await phone.pair(await showQr(page, widget))
      const session = await dappSession(page)

      expect(session.data).toMatchObject({ accountAddress: phone.address })
      expect(phone.authentications()).toEqual([])
      expect(signatures).toHaveLength(1)
      expect(signatures[0]).toMatch(/^request \d+ personal_sign$/)
      expect(session.message).not.toContain('urn:recap:')
      expect(await verifyToken(session.token)).toBe(200)
      await page.waitForTimeout(1000)
      expect(signatures).toHaveLength(1)
    })
  })
})
