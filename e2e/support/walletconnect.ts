import type { FrameLocator, Page } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import { createReferenceWallet, type ReferenceWallet, type ReferenceWalletOptions } from '@airlock/devnet/wc-wallet'
import { expect, fund, stack, test } from '../fixtures'
import { createForeignWallet, type ForeignWallet } from './foreignWallet'

/**
 * The reference wallet as a test's phone, with `families`' nodes: the devnet's eip155 chain 31337,
 * accounts 4 and 5 as the other WalletConnect tests (a worker runs one test at a time), answering at
 * once; each request it is asked is pushed to `requests` as "<chain> <method>".
 */
export function startPhone(
  families: Pick<ReferenceWalletOptions, 'bitcoinEsploraUrls' | 'polkadotRpcUrls'>,
  parallelIndex: number,
  requests: string[],
): Promise<ReferenceWallet> {
  return createReferenceWallet({
    relayUrl: stack.urls.relay,
    projectId: 'airlock-reference-wallet',
    rpcUrls: { 31337: stack.urls.rpc['31337']!, 31338: stack.urls.rpc['31338']! },
    ...families,
    accountIndex: 4 + parallelIndex,
    mode: 'approve',
    log: (line) => {
      const request = /reference wallet: request \d+ (\S+) on (\S+)/.exec(line)
      if (request) requests.push(`${request[2]} ${request[1]}`)
    },
  })
}

/** Opens the modal on the plain WalletConnect entry and reads the URI the QR code carries. */
export async function showQr(page: Page, widget: FrameLocator): Promise<string> {
  await page.getByTestId('connect-button').click()
  await widget.getByTestId('wallet-item-walletConnect').click()
  const qr = widget.getByTestId('wc-qr')
  // A worker's first QR loads the WalletConnect chunk and opens the relay socket: with other
  // suites sharing the 2 cores it took over 5 s for 3 of 6 workers here (0.6-3.2 s when idle).
  await expect(qr).toHaveAttribute('data-uri', /^wc:[0-9a-f]{64}@2\?/, { timeout: 15_000 })
  return (await qr.getAttribute('data-uri'))!
}

/** A wallet that is not ours: its own WalletKit, project id and key (funded on the devnet chain). */
export const foreignTest = test.extend<{ foreign: ForeignWallet }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here.
  foreign: async ({}, use) => {
    const wallet = await createForeignWallet({
      relayUrl: stack.urls.relay,
      projectId: 'foreign-wallet-project',
      privateKey: generatePrivateKey(),
      rpcUrls: { 31337: stack.urls.rpc['31337']!, 31338: stack.urls.rpc['31338']! },
    })
    await fund(wallet.address)
    await use(wallet)
    await wallet.stop()
  },
})
