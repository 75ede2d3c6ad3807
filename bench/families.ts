import type { Browser, Page } from '@playwright/test'
import { devnetWalletScriptPath, type DevnetWalletFamily } from '@airlock/devnet'
import { readFileSync } from 'node:fs'
import type { StackInfo } from '../e2e/global-setup'
import { compressedSizes } from './size'

/**
 * What a chain family costs a dapp: the widget's scripts a page downloads, by URL, so that a dapp
 * without Solana networks can be compared with one that has them.
 */

const SDK_SCRIPT = /\/sdk(-extra)?(@[^/]+)?\.js$/
/** The Solana adapter's own chunk (chains/solana/index.ts), by the name the build gives it. */
export const SOLANA_ADAPTER_CHUNK = /\/solana-[\w-]+\.js$/

/** The widget's scripts a page has downloaded (not the SDK's), in order, with their bodies. */
export function recordWidgetScripts(page: Page, widgetUrl: string): Map<string, Promise<Buffer>> {
  const scripts = new Map<string, Promise<Buffer>>()
  page.on('response', (response) => {
    const request = response.request()
    if (request.url().startsWith(widgetUrl) && request.resourceType() === 'script' && !SDK_SCRIPT.test(request.url()))
      scripts.set(request.url(), response.body())
  })
  return scripts
}

export async function gzipOf(scripts: Iterable<Promise<Buffer>>): Promise<number> {
  return compressedSizes(Buffer.concat(await Promise.all(scripts))).gzip
}

/** The devnet browser wallet of the given families, as an extension of the top page. */
export async function installDevnetWallet(page: Page, urls: StackInfo['urls'], families: DevnetWalletFamily[]): Promise<void> {
  const config = { chains: { 31337: urls.rpc[31337], 31338: urls.rpc[31338] }, defaultChainId: 31337, families, solanaRpc: urls.solanaRpc }
  const wallet = readFileSync(devnetWalletScriptPath, 'utf8')
  await page.addInitScript(`if (window.top === window) { window.__AIRLOCK_DEVNET_WALLET__ = ${JSON.stringify(config)};\n${wallet}\n}`)
}

/** The demo page as an eip155-only dapp: its one-line script asks for the devnet EVM chains only. */
export async function serveEvmOnlyDemo(page: Page, demoUrl: string): Promise<void> {
  await page.route(new URL('/', demoUrl).href, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(/data-networks="([^"]*)"/, (_, ids: string) => {
      const evm = ids.split(',').filter((id) => id.startsWith('eip155:'))
      return `data-networks="${evm.join(',')}"`
    })
    await route.fulfill({ response, body: html })
  })
}

/**
 * The demo as it is (eip155 and Solana networks) with the devnet wallet of both families: the
 * widget JS before the Connect view paints, then what one pick that connects both families and
 * the Solana Account view download beyond `evmScripts` (everything an eip155-only dapp loaded).
 */
export async function measureSolanaPage(
  browser: Browser,
  urls: StackInfo['urls'],
  evmScripts: ReadonlySet<string>,
): Promise<{ firstPaintGzip: number; solanaFiles: string[]; solanaGzip: number }> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const scripts = recordWidgetScripts(page, urls.widget)
    await installDevnetWallet(page, urls, ['eip155', 'solana'])
    await page.goto(urls.demo)
    await page.waitForFunction(() => window.airlock?.getState().ready === true)
    const widget = page.frameLocator('iframe[data-airlock]')
    await page.evaluate(() => window.airlock!.open())
    await widget.getByTestId('connect-view').waitFor({ state: 'visible' })
    const firstPaintGzip = await gzipOf(scripts.values())

    await widget.getByTestId('wallet-item-dev.airlock.devnetwallet').click()
    await page.waitForFunction(() => window.airlock!.getState().connections?.some((c) => c.namespace === 'solana'))
    await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'solana' }))
    await widget.getByTestId('token-row-SOL').waitFor({ state: 'visible', timeout: 15_000 })
    const solanaFiles = [...scripts.keys()].filter((url) => !evmScripts.has(url))
    return {
      firstPaintGzip,
      solanaFiles: solanaFiles.map((url) => new URL(url).pathname.split('/').pop()!),
      solanaGzip: await gzipOf(solanaFiles.map((url) => scripts.get(url)!)),
    }
  } finally {
    await context.close()
  }
}
