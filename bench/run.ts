import { chromium, type Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { chromiumArgs, chromiumPath } from '../e2e/chromium'
import { startStackProcess } from '../e2e/global-setup'
import { DEVNET_CONTRACTS, devnetAccounts } from '@airlock/devnet'
import { measureApiLatency } from './api-latency'
import { embeddedWalletPage, measureConfirmation } from './confirmation'
import { HOST_SDK_GZIP_BUDGET, hostSdkExtraSize, hostSdkSize } from './size'
import {
  BIP122_CHUNK,
  POLKADOT_CHUNK,
  builtChunks,
  gzipOf,
  installDevnetWallet,
  measureSolanaPage,
  openToConnectPainted,
  recordWidgetScripts,
  evmOnlyDemoUrl,
  SOLANA_ADAPTER_CHUNK,
} from './families'
import { median, percentile } from './stats'
import { measureConnectToSignedIn } from './siwx'
import { fundUsdc, measureSwapClickToMined } from './smart-swap'
import { measureQr } from './walletconnect'
import { clearSearch, loadWholeRegistry, measureSearch, SEARCH_QUERIES, summarizeSearches, type SearchTiming } from './wallet-search'

/**
 * `npm run bench`: what a user of a dapp pays for Airlock, measured in Debian's Chromium against
 * the real origins, served by the stack in its own Node process (as `npm start` runs it), so that
 * neither the browser's driver nor the load generator shares its event loop. Budgets fail the run;
 * results go to bench/results.json.
 */
const OPEN_RUNS = 30
const RTT_RUNS = 500
const API_CLIENTS = 20
/** 1000 requests a call: its p99 is the 10th slowest. */
const API_REQUESTS_PER_CLIENT = 50
const API_WARMUP_PER_CLIENT = 5
/** SPEC section 9: a balance is cached 30 s; the cached row must fit in that after the cache is filled. */
const BALANCE_CACHE_MS = 30_000
const SEARCH_RUNS = 3 * SEARCH_QUERIES.length
const QR_RUNS = 11
const CONFIRMATION_RUNS = 15
const SIGN_IN_RUNS = 11
const SWAP_RUNS = 5

interface Row {
  metric: string
  value: number
  unit: string
  budget?: number
  note?: string
}

const stack = await startStackProcess('bench')
const { urls } = stack.info
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
const rows: Row[] = []
const chromiumVersion = browser.version()
// The machine is shared: what else ran (1-minute load average) says how far to trust the times.
const loadBefore = loadavg()[0]!
try {
  const sdk = hostSdkSize()
  rows.push({ metric: 'host SDK sdk.js (gzip)', value: sdk.gzip, unit: 'B', budget: HOST_SDK_GZIP_BUDGET })
  rows.push({ metric: 'host SDK sdk.js (brotli)', value: sdk.brotli, unit: 'B' })
  rows.push({
    metric: 'host SDK extra part (gzip)',
    value: hostSdkExtraSize().gzip,
    unit: 'B',
    note: 'loaded by sdk.js only in pages that need it: a Wallet Standard app, a Solana wallet picked, a refused origin',
  })

  // The demo as an eip155-only dapp, as it was before Solana: what this page downloads is what
  // an EVM dapp pays; measureSolanaPage compares the demo with its Solana network.
  const page = await browser.newPage()
  const widgetScripts = recordWidgetScripts(page, urls.widget)
  await installDevnetWallet(page, urls, ['eip155'])
  const outsideRequests: string[] = []
  page.on('request', (request) => {
    if (!/^https?:\/\/([a-z]+\.)?localhost:|^http:\/\/127\.0\.0\.1:|^data:/.test(request.url())) outsideRequests.push(request.url())
  })
  await page.goto(evmOnlyDemoUrl(urls))
  await page.waitForFunction(() => window.airlock?.getState().ready === true)
  const widget = page.frameLocator('iframe[data-airlock]')
  const firstPaint = await openToConnectPainted(page, urls.widget, widgetScripts)
  rows.push({
    metric: 'widget JS before Connect paints, eip155-only dapp (gzip)',
    value: await gzipOf(widgetScripts, firstPaint),
    unit: 'B',
    note: `${firstPaint.length} file(s) asked for before the view painted`,
  })
  rows.push({ metric: 'requests outside our origins before a click', value: outsideRequests.length, unit: '', budget: 0 })

  const openTimes: number[] = []
  for (let run = 0; run < OPEN_RUNS; run++) {
    await page.evaluate(() => window.airlock!.close())
    await page.waitForFunction(() => window.airlock!.getState().open === false)
    openTimes.push(await measureOpen(page))
  }
  rows.push({ metric: 'open() to Connect view painted, median', value: median(openTimes), unit: 'ms', budget: 50 })
  rows.push({ metric: 'open() to Connect view painted, p95', value: percentile(openTimes, 95), unit: 'ms' })

  const widgetOrigin = new URL(urls.widget).origin
  const widgetFrame = page.frames().find((frame) => frame.url().startsWith(widgetOrigin))!

  // WalletConnect: a click on its entry to the QR code painted, through the devnet relay. The first
  // loads the WalletConnect code and opens the relay socket; the next ones only make a pairing.
  const qrTimes: number[] = []
  for (let run = 0; run < QR_RUNS; run++) {
    await widget.getByTestId('connect-view').waitFor()
    qrTimes.push(await measureQr(widgetFrame))
    await widget.getByTestId('back-button').click()
  }
  rows.push({
    metric: 'WalletConnect entry click to QR painted, first',
    value: qrTimes[0]!,
    unit: 'ms',
    note: 'loads ~140 kB gzip of WalletConnect code, opens the relay socket',
  })
  rows.push({
    metric: 'WalletConnect entry click to QR painted, later, median',
    value: median(qrTimes.slice(1)),
    unit: 'ms',
    note: `${QR_RUNS - 1} new pairings`,
  })

  // AllWallets search over the explorer's full registry, through the real API.
  await widget.getByTestId('all-wallets-button').click()
  await widget.getByTestId('all-wallets-grid').waitFor({ state: 'visible' })
  const registry = await loadWholeRegistry(widgetFrame)
  const searches: SearchTiming[] = []
  for (let run = 0; run < SEARCH_RUNS; run++) {
    await clearSearch(widgetFrame)
    searches.push(await measureSearch(widgetFrame, SEARCH_QUERIES[run % SEARCH_QUERIES.length]!))
  }
  await clearSearch(widgetFrame)
  await widget.getByTestId('back-button').click()
  const search = summarizeSearches(searches)
  const searchNote = `${SEARCH_RUNS} searches over ${registry} wallets, ${Math.min(...searches.map((s) => s.results))}-${Math.max(...searches.map((s) => s.results))} results`
  // Budgeted: a keystroke to the frame showing the wallets of the whole registry (loaded by
  // scrolling) whose name matches. The server's answer follows the 300 ms debounce and replaces
  // them; it is reported, and must list as many wallets.
  rows.push({
    metric: 'AllWallets search: keystroke to results painted, median',
    value: search.keystrokeToLocalPainted.median,
    unit: 'ms',
    budget: 16,
    note: `${searchNote}; matched among the loaded wallets`,
  })
  rows.push({ metric: 'AllWallets search: keystroke to results painted, p95', value: search.keystrokeToLocalPainted.p95, unit: 'ms' })
  rows.push({
    metric: "AllWallets search: server's answer differs from the instant one",
    value: search.localMismatches.length,
    unit: 'searches',
    budget: 0,
    ...(search.localMismatches.length ? { note: search.localMismatches.join(', ') } : {}),
  })
  rows.push({
    metric: "AllWallets search: keystroke to server's results painted, median",
    value: search.keystrokeToPainted.median,
    unit: 'ms',
    note: `300 ms debounce and the request over loopback (median ${search.request.median.toFixed(1)} ms) included`,
  })
  rows.push({
    metric: "AllWallets search: server's answer arrived to painted, median",
    value: search.arrivedToPainted.median,
    unit: 'ms',
    note: 'parse, render, next frame',
  })

  await widget.getByTestId('wallet-item-dev.airlock.devnetwallet').click()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  const rtt = await page.evaluate(async (runs) => {
    const provider = window.airlock!.getProvider('eip155')
    const times: number[] = []
    for (let i = 0; i < runs + 20; i++) {
      const start = performance.now()
      await provider.request({ method: 'eth_chainId' })
      if (i >= 20) times.push(performance.now() - start)
    }
    return times
  }, RTT_RUNS)
  rows.push({
    metric: 'read-only request round trip (eth_chainId), median',
    value: median(rtt),
    unit: 'ms',
    budget: 2,
    note: 'dapp -> widget -> dapp',
  })
  rows.push({ metric: 'read-only request round trip (eth_chainId), p95', value: percentile(rtt, 95), unit: 'ms' })
  const walletRtt = await page.evaluate(async (runs) => {
    const provider = window.airlock!.getProvider('eip155')
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      const start = performance.now()
      await provider.request({ method: 'eth_blockNumber' })
      times.push(performance.now() - start)
    }
    return times
  }, 100)
  rows.push({
    metric: 'wallet read (eth_blockNumber), median',
    value: median(walletRtt),
    unit: 'ms',
    note: 'dapp -> widget -> host -> wallet -> anvil and back',
  })

  // Chain families: everything the eip155-only dapp downloaded (Connect, WalletConnect, All
  // Wallets, a connection, the Account view) against the same demo with its Solana network.
  await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
  await widget.getByTestId('token-row-ETH').waitFor({ state: 'visible', timeout: 15_000 })
  const evmScripts = new Set(widgetScripts.bodies.keys())
  rows.push({
    metric: 'Solana adapter chunks downloaded by an eip155-only dapp',
    value: [...evmScripts].filter((url) => SOLANA_ADAPTER_CHUNK.test(url)).length,
    unit: '',
    budget: 0,
    note: 'after Connect, WalletConnect, All Wallets, a connection and the Account view',
  })
  for (const [family, pattern] of [
    ['bip122', BIP122_CHUNK],
    ['polkadot', POLKADOT_CHUNK],
  ] as const) {
    rows.push({
      metric: `${family} chunks downloaded by an eip155-only dapp`,
      value: [...evmScripts].filter((url) => pattern.test(url)).length,
      unit: '',
      budget: 0,
      note: 'after Connect, WalletConnect, All Wallets, a connection and the Account view',
    })
  }
  for (const app of ['widget', 'secure-frame'] as const) {
    const chunks = builtChunks(app, BIP122_CHUNK)
    rows.push({
      metric: `bip122 chunks of the ${app === 'widget' ? 'widget' : 'secure frame'}, loaded with a Bitcoin connection (gzip)`,
      value: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
      unit: 'B',
      note: chunks.map((chunk) => `${chunk.file} ${chunk.gzip} B`).join(', '),
    })
  }
  const polkadotChunks = builtChunks('widget', POLKADOT_CHUNK)
  rows.push({
    metric: 'polkadot chunks of the widget, loaded with a Polkadot connection or request (gzip)',
    value: polkadotChunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
    unit: 'B',
    note: `${polkadotChunks.map((chunk) => `${chunk.file} ${chunk.gzip} B`).join(', ')}; transfers are built by the API (@polkadot/api stays out)`,
  })
  const solanaPage = await measureSolanaPage(browser, urls, evmScripts)
  rows.push({
    metric: 'widget JS before Connect paints, dapp with Solana networks (gzip)',
    value: solanaPage.firstPaintGzip,
    unit: 'B',
    note: `${solanaPage.firstPaintFiles} file(s); the demo as served: eip155 and Solana networks, the wallet of both families in the page`,
  })
  rows.push({
    metric: 'Solana code: JS loaded for a Solana connection and its Account view beyond the eip155 dapp (gzip)',
    value: solanaPage.solanaGzip,
    unit: 'B',
    note: solanaPage.solanaFiles.join(', '),
  })

  // The embedded wallet: a dapp's personal_sign to its confirmation's Approve button painted.
  const embedded = await embeddedWalletPage(browser, urls)
  const confirmationTimes: number[] = []
  for (let run = 0; run < CONFIRMATION_RUNS; run++) confirmationTimes.push(await measureConfirmation(embedded))
  const transactionTimes: number[] = []
  for (let run = 0; run < CONFIRMATION_RUNS; run++) transactionTimes.push(await measureConfirmation(embedded, 'transaction'))
  await embedded.context().close()
  rows.push({
    metric: 'embedded-wallet request to confirmation visible, median',
    value: median(confirmationTimes),
    unit: 'ms',
    // Before issue 12 the widget drew its own confirmation view; the secure frame draws it now.
    note: `secure frame's prompt; ${CONFIRMATION_RUNS} personal_sign requests, each rejected; first ${confirmationTimes[0]!.toFixed(1)} ms; widget view before issue 12: 33.3 ms`,
  })
  const simulated = `${CONFIRMATION_RUNS} eth_sendTransaction requests (filled by the widget, simulated by the node through the RPC proxy), each rejected; first ${transactionTimes[0]!.toFixed(1)} ms`
  rows.push({
    metric: 'embedded-wallet transaction to confirmation with its simulation visible, median',
    value: median(transactionTimes),
    unit: 'ms',
    note: simulated,
  })
  rows.push({
    metric: 'embedded-wallet transaction to confirmation with its simulation visible, p95',
    value: percentile(transactionTimes, 95),
    unit: 'ms',
    note: simulated,
  })

  // The modal's USDC -> DAI swap by an email user: the smart account's one batch against the EOA's two steps.
  const swapTimes: Record<'smartAccount' | 'eoa', number[]> = { smartAccount: [], eoa: [] }
  for (const account of ['smartAccount', 'eoa'] as const) {
    const swapper = await embeddedWalletPage(browser, urls, account === 'eoa' ? `${urls.demoNpm}?accounts=eoa` : urls.demo)
    await fundUsdc(swapper, urls, '100')
    for (let run = 0; run < SWAP_RUNS; run++) swapTimes[account].push(await measureSwapClickToMined(swapper, account))
    await swapper.context().close()
  }
  const swapNote = (account: 'smartAccount' | 'eoa') =>
    `${SWAP_RUNS} swaps of 1 USDC, each confirmation approved as it arms (500 ms after it shows); first ${swapTimes[account][0]!.toFixed(0)} ms${account === 'smartAccount' ? ' (with the upgrade: the EIP-7702 authorization before the operation)' : ''}`
  rows.push({
    metric: 'smart-account swap USDC -> DAI, click to mined (one batch, gas paid by the app), median',
    value: median(swapTimes.smartAccount),
    unit: 'ms',
    note: swapNote('smartAccount'),
  })
  rows.push({
    metric: 'EOA swap USDC -> DAI, click to mined (approval, then swap), median',
    value: median(swapTimes.eoa),
    unit: 'ms',
    note: swapNote('eoa'),
  })

  const signIns = await measureConnectToSignedIn(browser, urls, SIGN_IN_RUNS)
  const signInNote = `${SIGN_IN_RUNS} sign-ins with the devnet browser wallet (eip155), each after a disconnect: connection, the API's nonce, the signature, the API's check and token; first ${signIns[0]!.toFixed(1)} ms`
  rows.push({
    metric: 'connect click to signed in (SIWX session at the dapp), median',
    value: median(signIns),
    unit: 'ms',
    note: signInNote,
  })
  rows.push({
    metric: 'connect click to signed in (SIWX session at the dapp), p95',
    value: percentile(signIns, 95),
    unit: 'ms',
    note: signInNote,
  })

  // The API over loopback, as many modals would call it at once, in its own process.
  const api = `http://127.0.0.1:${new URL(urls.api).port}`
  const user = devnetAccounts[5]!.address
  const chain = 'eip155:31337'
  const native = `${chain}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
  const balance = `${api}/v1/account/${user}/balance?projectId=demo&currency=usd&chainId=${chain}`
  const calls: { name: string; url: string; budgetP99?: number; cached?: true }[] = [
    // The warm-up's first requests fill the cache; every measured one is answered from it.
    { name: 'API balance (cached)', url: balance, cached: true, budgetP99: 100 },
    {
      name: 'API swap quote ETH -> USDC',
      url: `${api}/v1/convert/quotes?projectId=demo&amount=${10n ** 18n}&userAddress=${chain}:${user}&from=${native}&to=${chain}:${DEVNET_CONTRACTS.usdc}&gasPrice=1`,
      budgetP99: 250,
    },
    { name: 'API balance (forceUpdate, chain read)', url: `${balance}&forceUpdate=true` },
  ]
  for (const { name, url, budgetP99, cached } of calls) {
    const started = performance.now()
    const result = await measureApiLatency(name, url, {
      clients: API_CLIENTS,
      requestsPerClient: API_REQUESTS_PER_CLIENT,
      warmupPerClient: API_WARMUP_PER_CLIENT,
    })
    if (cached && performance.now() - started >= BALANCE_CACHE_MS)
      throw new Error(`${name}: the run outlasted the ${BALANCE_CACHE_MS / 1000} s balance cache, so some answers were chain reads`)
    const note = `${result.clients} concurrent clients, ${result.requests} requests after ${API_WARMUP_PER_CLIENT * API_CLIENTS} unmeasured, ${Math.round((result.requests / result.elapsedMs) * 1000)} req/s; the server in its own process, its per-client rate limit off (20 users, one address)`
    rows.push({ metric: `${name}, p50`, value: result.p50, unit: 'ms', note })
    rows.push({ metric: `${name}, p99`, value: result.p99, unit: 'ms', ...(budgetP99 !== undefined ? { budget: budgetP99 } : {}), note })
  }
} finally {
  await browser.close()
  await stack.stop()
}

async function measureOpen(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const airlock = window.airlock!
        const start = performance.now()
        const unsubscribe = airlock.subscribeEvents((event) => {
          if (event.data.event === 'MODAL_OPEN') {
            unsubscribe()
            resolve(performance.now() - start)
          }
        })
        void airlock.open()
      }),
  )
}

const failures = rows.filter((row) => row.budget !== undefined && !(row.value <= row.budget))
console.log('')
console.table(
  rows.map((row) => ({
    metric: row.metric,
    value: `${Number.isInteger(row.value) ? row.value : row.value.toFixed(3)} ${row.unit}`.trim(),
    budget: row.budget === undefined ? '' : `<= ${row.budget} ${row.unit}`.trim(),
    ok: row.budget === undefined ? '' : row.value <= row.budget ? 'yes' : 'NO',
    note: row.note ?? '',
  })),
)
const out = fileURLToPath(new URL('./results.json', import.meta.url))
mkdirSync(fileURLToPath(new URL('.', import.meta.url)), { recursive: true })
const load = { cpus: cpus().length, before: loadBefore, after: loadavg()[0]! }
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), chromium: chromiumVersion, load, rows }, null, 2))
console.log(`load average ${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after, on ${load.cpus} cores`)
console.log(`written ${out}`)
if (failures.length) {
  console.error(`over budget: ${failures.map((row) => row.metric).join(', ')}`)
  process.exit(1)
}
process.exit(0)
