import type { FrameLocator, Page } from '@playwright/test'
import { wrapBytes } from '@airlock/chains/polkadot'
import { polkadotDevnetAccounts } from '@airlock/devnet/polkadot'
import { cryptoWaitReady, sr25519Verify } from '@polkadot/util-crypto'
import { expect, openDemo, stack, test } from './fixtures'
import { freeBalance, freshPolkadotAddress, pickPolkadotExtension, POLKADOT_DEVNET as DEVNET } from './support/polkadot'
import { backendChecks, dappSession } from './support/siwx'
import { accountSettled, expectActivityRows } from './support/walletFeatures'

/**
 * Polkadot through the modal with the devnet's browser extension (window.injectedWeb3, signing as
 * polkadot-js does): the account connected and handed to the dapp in the network's SS58 format, a
 * sign-in the API verifies (sr25519 over the <Bytes>-wrapped message), ROC sent from the Account
 * view to a fresh address and read back from chopsticks, the send listed in Activity, a rejection
 * keeping the form, and a transfer below the existential deposit explained before the wallet is asked.
 */

const ME = polkadotDevnetAccounts[0]!.address

test.use({ families: ['eip155', 'polkadot'] })
// One account for every test: its nonce moves one transfer at a time.
test.describe.configure({ mode: 'serial' })

async function openPolkadotDemo(page: Page, query = ''): Promise<void> {
  await openDemo(page, `${stack.urls.demoNpm}?networks=eip155:31337,${DEVNET}${query}`)
}

/** The dapp's view of its Polkadot connection, as it waits on getState(). */
async function expectPolkadotConnected(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => window.airlock!.getState().connections?.find((c) => c.namespace === 'polkadot')?.caipAddress), {
      timeout: 15_000,
    })
    .toBe(`${DEVNET}:${ME}`)
}

/** The user will say no to the extension's next prompt. */
function rejectNextInExtension(page: Page): Promise<void> {
  return page.evaluate(() =>
    (window as unknown as { __devnetPolkadotWallet: { devnet: { rejectNext(): void } } }).__devnetPolkadotWallet.devnet.rejectNext(),
  )
}

async function submitRoc(page: Page, widget: FrameLocator, to: string, amount: string): Promise<void> {
  await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'polkadot' }))
  await accountSettled(widget)
  await widget.getByTestId('account-feature-send').click()
  await expect(widget.getByTestId('wallet-send-view')).toBeVisible()
  await widget.getByTestId('send-amount-input').fill(amount)
  await widget.getByTestId('send-receiver-input').fill(to)
}

async function connect(page: Page, widget: FrameLocator): Promise<void> {
  await openPolkadotDemo(page)
  await page.getByTestId('connect-button').click()
  await pickPolkadotExtension(widget)
  await expectPolkadotConnected(page)
}

test.describe('Polkadot with the devnet browser extension', () => {
  test('connects, sends ROC to a fresh address (read back from the chain), and Activity lists it', async ({ page, widget }) => {
    await connect(page, widget)
    // The dapp's getProvider('polkadot'): its account, and a message the extension signs (<Bytes>-wrapped, sr25519).
    const { accounts, signature } = await page.evaluate(async (address) => {
      const polkadot = window.airlock!.getProvider('polkadot')
      const accounts = await polkadot.request({ method: 'polkadot_accounts' })
      const signed = (await polkadot.request({ method: 'polkadot_signMessage', params: { address, message: 'Hello from the dapp' } })) as {
        signature: string
      }
      return { accounts, signature: signed.signature }
    }, ME)
    expect(accounts).toEqual([{ address: ME }])
    await cryptoWaitReady()
    expect(sr25519Verify(wrapBytes(new TextEncoder().encode('Hello from the dapp')), signature, polkadotDevnetAccounts[0]!.publicKey)).toBe(
      true,
    )
    const to = freshPolkadotAddress()
    await submitRoc(page, widget, to, '2')
    await expect(widget.getByTestId('send-button')).toHaveText('Send')
    await widget.getByTestId('send-button').click()
    await expect(widget.getByTestId('toast')).toContainText('Transaction started', { timeout: 20_000 })
    await expect.poll(() => freeBalance(to), { timeout: 20_000 }).toBe(2n * 10n ** 12n)

    await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'polkadot' }))
    await accountSettled(widget)
    // The balance's parts, as the API read them from System.Account: nothing of this account is reserved.
    await expect(widget.getByTestId('token-row-ROC').getByTestId('token-breakdown')).toHaveText(/^[\d,.]+ transferable · 0\.000 reserved$/)
    await expectActivityRows(widget, ['-2.000 ROC'])
    const sent = widget.getByTestId('activity-row').filter({ hasText: '-2.000 ROC' }).first()
    await expect(sent).toHaveAttribute('data-direction', 'out')
    await expect(sent.getByTestId('activity-operation')).toHaveText('Sent')
  })

  test('a no in the extension is a rejection and keeps the form', async ({ page, widget }) => {
    await connect(page, widget)
    // Receive shows the account in the network's SS58 format, the QR code carrying the same address.
    await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'polkadot' }))
    await accountSettled(widget)
    await widget.getByTestId('account-feature-receive').click()
    await expect(widget.getByTestId('receive-address')).toHaveText(ME)
    await expect(widget.getByTestId('receive-view').getByRole('img')).toHaveAttribute('data-uri', ME)
    await widget.getByTestId('back-button').click()
    await rejectNextInExtension(page)
    const to = freshPolkadotAddress()
    await submitRoc(page, widget, to, '1')
    await widget.getByTestId('send-button').click()
    await expect(widget.getByTestId('toast')).toContainText('Transaction rejected in your wallet')
    await expect(widget.getByTestId('wallet-send-view')).toBeVisible()
    await expect(widget.getByTestId('send-receiver-input')).toHaveValue(to)
    expect(await freeBalance(to)).toBe(0n)
  })

  test('a transfer below the existential deposit to a new account is explained before the extension is asked', async ({ page, widget }) => {
    await connect(page, widget)
    // Were the extension asked, its queued no would read as a rejection.
    await rejectNextInExtension(page)
    const to = freshPolkadotAddress()
    await submitRoc(page, widget, to, '0.000000001')
    await widget.getByTestId('send-button').click()
    await expect(widget.getByTestId('toast')).toContainText(
      "The receiver's account does not exist yet: send at least the existential deposit, 0.000003333333 ROC",
    )
    await expect(widget.getByTestId('send-receiver-input')).toHaveValue(to)
    expect(await freeBalance(to)).toBe(0n)
    // The extension's queued no is still there, so it was never asked: the next real send meets it.
    await widget.getByTestId('send-amount-input').fill('1')
    await widget.getByTestId('send-button').click()
    await expect(widget.getByTestId('toast').filter({ hasText: 'Transaction rejected in your wallet' })).toBeVisible()
  })

  test('signs in: the API verifies the sr25519 signature and the dapp holds the session', async ({ page, widget }) => {
    // A dapp of Polkadot alone: the sign-in is the Polkadot account's.
    await openDemo(page, `${stack.urls.demoNpm}?networks=${DEVNET}&siwx=on`)
    await page.getByTestId('connect-button').click()
    await pickPolkadotExtension(widget)
    const session = await dappSession(page)
    expect(session.data).toMatchObject({ accountAddress: ME, chainId: DEVNET })
    expect(await backendChecks(session.token)).toEqual({
      sub: `${DEVNET}:${ME}`,
      status: 200,
      body: expect.objectContaining({ valid: true }),
    })
  })
})
