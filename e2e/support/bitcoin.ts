import type { FrameLocator, Page } from '@playwright/test'
import { scriptToBitcoinAddress } from '@airlock/chains/bip122'
import { randomBytes } from 'node:crypto'
import { expect, stack } from '../fixtures'
import { accountSettled } from './walletFeatures'

/** The Bitcoin devnet's network (regtest), as the e2e specs of Bitcoin share it. */
export const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

/** A native segwit address no key of the devnet holds. */
export const freshBitcoinAddress = () => scriptToBitcoinAddress(Uint8Array.of(0x00, 0x14, ...randomBytes(20)), REGTEST)!

/** A read of the devnet's esplora, as a block explorer answers it. */
export const esplora = async <T>(path: string): Promise<T> => (await (await fetch(`${stack.urls.bitcoinEsplora}/${path}`)).json()) as T

/** What an address received on the devnet, confirmed or in the mempool, in sats. */
export async function received(address: string): Promise<number> {
  const { chain_stats: chain, mempool_stats: mempool } = await esplora<Record<string, { funded_txo_sum: number }>>(`address/${address}`)
  return chain!.funded_txo_sum + mempool!.funded_txo_sum
}

/** The dapp's view of its Bitcoin connection: getState().connections' bip122 address, or nothing. */
export function bitcoinConnection(page: Page): Promise<string | undefined> {
  return page.evaluate(
    (network) =>
      window
        .airlock!.getState()
        .connections?.find((connection) => connection.namespace === 'bip122')
        ?.caipAddress.slice(network.length + 1),
    REGTEST,
  )
}

/** From the Bitcoin Account view's Send button to the filled form, sent. */
export async function submitBtc(page: Page, widget: FrameLocator, to: string, amount: string): Promise<void> {
  await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'bip122' }))
  await accountSettled(widget)
  await widget.getByTestId('account-feature-send').click()
  await expect(widget.getByTestId('wallet-send-view')).toBeVisible()
  await widget.getByTestId('send-amount-input').fill(amount)
  await widget.getByTestId('send-receiver-input').fill(to)
  await expect(widget.getByTestId('send-button')).toHaveText('Send')
  await widget.getByTestId('send-button').click()
}
