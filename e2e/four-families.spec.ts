import type { Page } from '@playwright/test'
import { bitcoinDevnetAccounts } from '@airlock/devnet/bitcoin/accounts'
import { polkadotDevnetAccounts } from '@airlock/devnet/polkadot'
import { expect, openDemo, stack, test } from './fixtures'
import { REGTEST } from './support/bitcoin'
import { DEVNET_WALLET_ROW, POLKADOT_DEVNET } from './support/polkadot'
import { SOLANA } from './support/solana'

/**
 * Issue 26: one wallet offering all four families (the devnet wallet: EIP-6963, the Wallet Standard
 * for Solana and Bitcoin, and its Polkadot extension) is one row, and one pick connects every
 * family. Switching the active family keeps each family's account and network (the anchors' most
 * reported multi-chain bug: a switch that resets the others), and the dapp disconnects the families
 * one at a time, each leaving the others as they were. The test waits as a dapp waits: on
 * getState() and on each family's provider.
 */

test.use({ families: ['eip155', 'solana', 'bip122', 'polkadot'] })

type Family = 'eip155' | 'solana' | 'bip122' | 'polkadot'
const FAMILIES: Family[] = ['eip155', 'solana', 'bip122', 'polkadot']
const NETWORKS: Record<Family, string> = { eip155: 'eip155:31337', solana: SOLANA, bip122: REGTEST, polkadot: POLKADOT_DEVNET }
const ACCOUNTS_METHOD: Record<Family, string> = {
  eip155: 'eth_accounts',
  solana: 'solana_getAccounts',
  bip122: 'getAddresses',
  polkadot: 'polkadot_accounts',
}

/** getState().connections as the dapp reads them: family -> CAIP-10 account. */
const connections = (page: Page) =>
  page.evaluate(() => Object.fromEntries((window.airlock!.getState().connections ?? []).map((c) => [c.namespace, c.caipAddress] as const)))

/**
 * The families' providers asked for their accounts, each answer as JSON (or the error's code, or
 * 'no answer' after 5 s). Bitcoin's `getAddresses` is sats-connect's connect, which asks the user
 * when the family is not connected: it is asked only of a connected family.
 */
const providerAccounts = (page: Page, families: Family[]) =>
  page.evaluate(
    async (methods) =>
      Object.fromEntries(
        await Promise.all(
          methods.map(async ([namespace, method]) => [
            namespace,
            await Promise.race([
              window
                .airlock!.getProvider(namespace as never)
                .request({ method } as never)
                .then((answer: unknown) => JSON.stringify(answer))
                .catch((error: { code?: number }) => `error ${error.code}`),
              new Promise((resolve) => setTimeout(() => resolve('no answer'), 5000)),
            ]),
          ]),
        ),
      ) as Record<string, string>,
    FAMILIES.filter((family) => family !== 'bip122' || families.includes(family)).map((family) => [family, ACCOUNTS_METHOD[family]]),
  )

const eip155ChainId = (page: Page) =>
  page.evaluate(() => window.airlock!.getProvider('eip155').request({ method: 'eth_chainId' }) as Promise<string>)

test('one wallet of four families: one pick connects them all, a switch keeps each one, and they disconnect one at a time', async ({
  page,
  widget,
  account,
  solanaAccount,
}) => {
  test.setTimeout(120_000)
  const expected: Record<Family, string> = {
    eip155: `eip155:31337:${account.address}`,
    solana: `${SOLANA}:${solanaAccount!.address}`,
    bip122: `${REGTEST}:${bitcoinDevnetAccounts[0]!.address}`,
    polkadot: `${POLKADOT_DEVNET}:${polkadotDevnetAccounts[0]!.address}`,
  }
  const address = (family: Family) => expected[family].split(':').at(-1)!
  /** The connected families hold their accounts, in the state and in their providers; the others have none. */
  const expectConnected = async (families: Family[]) => {
    await expect.poll(() => connections(page), { timeout: 15_000 }).toEqual(Object.fromEntries(families.map((f) => [f, expected[f]])))
    const answers = await providerAccounts(page, families)
    for (const family of FAMILIES) {
      if (families.includes(family)) expect(answers[family], family).toContain(address(family))
      else if (family !== 'bip122') expect(answers[family], family).toMatch(/^\[\]$|^error 4100$/)
    }
  }

  await openDemo(
    page,
    `${stack.urls.demoNpm}?networks=${['eip155:31337', 'eip155:31338', ...FAMILIES.slice(1).map((f) => NETWORKS[f])].join(',')}`,
  )
  await page.getByTestId('connect-button').click()
  // One row for the wallet, once every family of it is in the page (its extension comes after the load).
  const row = widget.getByTestId(DEVNET_WALLET_ROW)
  for (const family of FAMILIES) await expect(row).toHaveAttribute('data-namespaces', new RegExp(`\\b${family}\\b`))
  await expect(widget.getByText('Devnet Wallet', { exact: true })).toHaveCount(1)
  await row.click()
  await expectConnected(FAMILIES)

  // The EVM side moves to the second chain; then the active family goes round the others and back.
  await page.evaluate(() => window.airlock!.switchNetwork('eip155:31338'))
  await expect.poll(() => eip155ChainId(page)).toBe('0x7a6a')
  expected.eip155 = `eip155:31338:${account.address}`
  for (const family of ['solana', 'polkadot', 'bip122'] as const) {
    await page.evaluate((network) => window.airlock!.switchNetwork(network), NETWORKS[family])
    await expect.poll(() => page.evaluate(() => window.airlock!.getState().activeNamespace)).toBe(family)
    expect(await page.evaluate(() => window.airlock!.getState().caipNetworkId)).toBe(NETWORKS[family])
    // Every family kept its account, and the EVM side its chain.
    await expectConnected(FAMILIES)
    expect(await eip155ChainId(page)).toBe('0x7a6a')
  }
  await page.evaluate(() => window.airlock!.switchNetwork('eip155:31338'))
  await expect.poll(() => page.evaluate(() => window.airlock!.getState().caipNetworkId)).toBe('eip155:31338')
  await expectConnected(FAMILIES)

  // One family at a time: the others stay connected, their accounts and the EVM chain unchanged.
  const left = [...FAMILIES]
  for (const family of ['solana', 'bip122', 'polkadot'] as const) {
    await page.evaluate((namespace) => window.airlock!.disconnect({ namespace }), family)
    left.splice(left.indexOf(family), 1)
    await expectConnected(left)
    expect(await page.evaluate(() => window.airlock!.getState().status)).toBe('connected')
    expect(await eip155ChainId(page)).toBe('0x7a6a')
  }
  await page.evaluate(() => window.airlock!.disconnect({ namespace: 'eip155' }))
  await expectConnected([])
  await expect.poll(() => page.evaluate(() => window.airlock!.getState().status)).toBe('disconnected')
})
