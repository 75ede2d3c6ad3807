import { POLKADOT_DEVNET_FUNDING, polkadotDevnetAccounts } from '@airlock/devnet/polkadot'
import { parseUnits } from 'viem'
import { expect, openDemo, stack, test } from './fixtures'
import { freeBalance, freshPolkadotAddress, pickPolkadotExtension, POLKADOT_DEVNET as DEVNET } from './support/polkadot'
import { accountSettled } from './support/walletFeatures'

/**
 * Send's Max on Polkadot: what a transferKeepAlive may move less its fee, sent with the devnet's
 * browser extension, lands in full and leaves the sender its existential deposit and little more.
 * An account of its own (the devnet's last; the other specs use 0 and 1): Max empties it.
 */

const INDEX = 9
const SENDER = polkadotDevnetAccounts[INDEX]!.address
/** The runtime's balances.existentialDeposit (statemine's), planck. */
const EXISTENTIAL_DEPOSIT = 3_333_333n
/** A transfer's fee on the devnet is about 0.0000057 ROC: what Max may leave beyond the deposit stays below one. */
const FEE_BOUND = 10_000_000n

test.use({ families: ['eip155', 'polkadot'] })

test('Max sends transferableKeepAlive less the fee: it lands and the sender keeps its existential deposit', async ({ page, widget }) => {
  await openDemo(page, `${stack.urls.demoNpm}?networks=eip155:31337,${DEVNET}`)
  await page.evaluate(
    (index) =>
      (
        window as unknown as { __devnetPolkadotWallet: { devnet: { switchAccount(i: number): void } } }
      ).__devnetPolkadotWallet.devnet.switchAccount(index),
    INDEX,
  )
  await page.getByTestId('connect-button').click()
  await pickPolkadotExtension(widget)
  await expect
    .poll(() => page.evaluate(() => window.airlock!.getState().connections?.find((c) => c.namespace === 'polkadot')?.caipAddress), {
      timeout: 15_000,
    })
    .toBe(`${DEVNET}:${SENDER}`)
  expect(await freeBalance(SENDER)).toBe(POLKADOT_DEVNET_FUNDING)

  await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'polkadot' }))
  await accountSettled(widget)
  await widget.getByTestId('account-feature-send').click()
  const to = freshPolkadotAddress()
  await widget.getByTestId('send-receiver-input').fill(to)
  await widget.getByTestId('send-max').click()
  await expect(widget.getByTestId('send-amount-input')).toHaveValue(/^\d+\.\d+$/)
  const max = parseUnits(await widget.getByTestId('send-amount-input').inputValue(), 12)
  expect(max).toBeLessThan(POLKADOT_DEVNET_FUNDING - EXISTENTIAL_DEPOSIT)
  expect(max).toBeGreaterThan(POLKADOT_DEVNET_FUNDING - EXISTENTIAL_DEPOSIT - FEE_BOUND)

  await expect(widget.getByTestId('send-button')).toHaveText('Send')
  await widget.getByTestId('send-button').click()
  await expect(widget.getByTestId('toast')).toContainText('Transaction started', { timeout: 20_000 })
  await expect.poll(() => freeBalance(to), { timeout: 20_000 }).toBe(max)
  const left = await freeBalance(SENDER)
  expect(left).toBeGreaterThanOrEqual(EXISTENTIAL_DEPOSIT)
  expect(left).toBeLessThan(EXISTENTIAL_DEPOSIT + FEE_BOUND)
})
