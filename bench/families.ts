import type { Browser, Page, Request } from '@playwright/test'
import { devnetWalletScriptPath, type DevnetWalletFamily } from '@airlock/devnet'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { StackInfo } from '../e2e/global-setup'
import { compressedSizes } from './size'

/**
 * What a chain family costs a dapp: the widget's scripts a page downloads, by URL, so that a dapp
 * without Solana networks can be compared with one that has them.
 */

const SDK_SCRIPT = /\/sdk(-extra)?(@[^/]+)?\.js$/
/** The Solana adapter's own chunk (chains/solana/index.ts), by the name the build gives it. */
export const SOLANA_ADAPTER_CHUNK = /\/solana-[\w-]+\.js$/
/** The Bitcoin family's chunks (chains/bip122/ in the widget, families/bip122/ in the frame, with bitcoinjs). */
export const BIP122_CHUNK = /\/bip122-[\w-]+\.js$/
/** The Polkadot family's chunks in the widget (chains/polkadot/: its adapter and its dapp provider). */
export const POLKADOT_CHUNK = /\/polkadot-[\w-]+\.js$/

/** gzip of each of an app's built chunks named as `pattern` says (e.g. the bip122 family's), by file. */
export function builtChunks(app: 'widget' | 'secure-frame', pattern: RegExp): { file: string; gzip: number }[] {
  const assets = fileURLToPath(new URL(`../apps/${app}/dist/assets/`, import.meta.url))
  return readdirSync(assets)
    .filter((file) => pattern.test(`/${file}`))
    .map((file) => ({ file, gzip: compressedSizes(readFileSync(join(assets, file))).gzip }))
}

/**
 * The widget's scripts a page has asked for (not the SDK's), by URL, with their bodies: counted
 * when asked, so that a file requested before a paint counts even if its bytes arrive after.
 * `requests` keeps each one's request, whose timing says when the browser asked for it.
 */
export interface WidgetScripts {
  bodies: Map<string, Promise<Buffer>>
  requests: Map<string, Request>
}

export function recordWidgetScripts(page: Page, widgetUrl: string): WidgetScripts {
  const scripts: WidgetScripts = { bodies: new Map(), requests: new Map() }
  page.on('request', (request) => {
    if (!request.url().startsWith(widgetUrl) || request.resourceType() !== 'script' || SDK_SCRIPT.test(request.url())) return
    const body = request.response().then((response) => (response ? response.body() : Buffer.alloc(0)))
    scripts.bodies.set(
      request.url(),
      body.catch(() => Buffer.alloc(0)),
    )
    scripts.requests.set(request.url(), request)
  })
  return scripts
}

/** gzip of the files one after the other, in URL order (the same files give the same bytes). */
export async function gzipOf(scripts: WidgetScripts, urls: Iterable<string> = scripts.bodies.keys()): Promise<number> {
  const sorted = [...urls].sort()
  return compressedSizes(Buffer.concat(await Promise.all(sorted.map((url) => scripts.bodies.get(url)!)))).gzip
}

/**
 * Opens the modal and answers the widget's scripts the browser asked for before the Connect view
 * painted: each request's start against the animation frame that first finds the view laid out
 * (the one that paints it), both read on the browser's clock. What the view starts once painted (the secure frame's client, preloaded when
 * the page is idle) is not counted, however late the driver notices the view.
 */
export async function openToConnectPainted(page: Page, widgetUrl: string, scripts: WidgetScripts): Promise<string[]> {
  const frame = page.frames().find((f) => f.url().startsWith(widgetUrl))
  if (!frame) throw new Error('no widget frame in the page')
  await frame.evaluate(WATCH_CONNECT_PAINT)
  await page.evaluate(() => window.airlock!.open())
  const deadline = Date.now() + 15_000
  let painted: number | undefined
  while ((painted = await frame.evaluate(() => (window as unknown as { __benchPainted?: number }).__benchPainted)) === undefined) {
    if (Date.now() > deadline) throw new Error('the Connect view did not paint in 15 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  // Their timing is complete with their response; one that has none in 5 s is not part of the paint.
  const responses = Promise.all([...scripts.requests.values()].map((request) => request.response().catch(() => null)))
  await Promise.race([responses, new Promise((resolve) => setTimeout(resolve, 5_000))])
  return [...scripts.requests]
    .filter(([, request]) => {
      const { startTime } = request.timing()
      return startTime > 0 && startTime <= painted
    })
    .map(([url]) => url)
}

// A script, not a function: tsx names the arrow functions of a function it compiles (`__name`).
const WATCH_CONNECT_PAINT = `(() => {
  window.__benchPainted = undefined
  const check = () => {
    const rect = document.querySelector('[data-testid="connect-view"]')?.getBoundingClientRect()
    if (!rect || rect.width === 0 || rect.height === 0) return requestAnimationFrame(check)
    // The frame that draws it: its animation callbacks run before its paint.
    window.__benchPainted = performance.timeOrigin + performance.now()
  }
  requestAnimationFrame(check)
})()`

/** The devnet browser wallet of the given families, as an extension of the top page. */
export async function installDevnetWallet(page: Page, urls: StackInfo['urls'], families: DevnetWalletFamily[]): Promise<void> {
  const config = { chains: { 31337: urls.rpc[31337], 31338: urls.rpc[31338] }, defaultChainId: 31337, families, solanaRpc: urls.solanaRpc }
  const wallet = readFileSync(devnetWalletScriptPath, 'utf8')
  await page.addInitScript(`if (window.top === window) { window.__AIRLOCK_DEVNET_WALLET__ = ${JSON.stringify(config)};\n${wallet}\n}`)
}

/** The demo (its npm page) as an eip155-only dapp: it asks for the devnet EVM chains only. */
export const evmOnlyDemoUrl = (urls: StackInfo['urls']) => `${urls.demoNpm}?networks=eip155:31337,eip155:31338`

/**
 * The demo (its npm page, as the eip155-only one) as it is (eip155 and Solana networks) with the devnet wallet of both families: the
 * widget JS before the Connect view paints, then what one pick that connects both families and
 * the Solana Account view download beyond `evmScripts` (everything an eip155-only dapp loaded).
 */
export async function measureSolanaPage(
  browser: Browser,
  urls: StackInfo['urls'],
  evmScripts: ReadonlySet<string>,
): Promise<{ firstPaintGzip: number; firstPaintFiles: number; solanaFiles: string[]; solanaGzip: number }> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const scripts = recordWidgetScripts(page, urls.widget)
    await installDevnetWallet(page, urls, ['eip155', 'solana'])
    await page.goto(urls.demoNpm)
    await page.waitForFunction(() => window.airlock?.getState().ready === true)
    const widget = page.frameLocator('iframe[data-airlock]')
    const firstPaint = await openToConnectPainted(page, urls.widget, scripts)

    await widget.getByTestId('wallet-item-dev.airlock.devnetwallet').click()
    await page.waitForFunction(() => window.airlock!.getState().connections?.some((c) => c.namespace === 'solana'))
    await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'solana' }))
    await widget.getByTestId('token-row-SOL').waitFor({ state: 'visible', timeout: 15_000 })
    const solanaFiles = [...scripts.bodies.keys()].filter((url) => !evmScripts.has(url))
    return {
      firstPaintGzip: await gzipOf(scripts, firstPaint),
      firstPaintFiles: firstPaint.length,
      solanaFiles: solanaFiles.map((url) => new URL(url).pathname.split('/').pop()!),
      solanaGzip: await gzipOf(scripts, solanaFiles),
    }
  } finally {
    await context.close()
  }
}
