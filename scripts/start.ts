import { BENCH_PORTS, E2E_PORTS, START_PORTS, startStack } from './stack'

/**
 * `npm start` (built apps) and `npm run dev` (Vite with HMR): one Ctrl-C stops everything.
 * `--e2e` runs the test stack and `--bench` the bench's (on their own ports, without request
 * logs); each prints one machine-readable line once it is up.
 */
const dev = process.argv.includes('--dev')
const e2e = process.argv.includes('--e2e')
const bench = process.argv.includes('--bench')
const started = Date.now()
const stack = await startStack({
  ports: e2e ? E2E_PORTS : bench ? BENCH_PORTS : START_PORTS,
  dev,
  requestLog: !e2e && !bench,
  log: (line) => console.log(`  ${line}`),
  // The bench's 20 API clients are 20 users, though all on 127.0.0.1.
  ...(bench ? { rateLimit: false as const } : {}),
})
if (e2e || bench) console.log(`AIRLOCK_STACK ${JSON.stringify({ urls: stack.urls, origins: stack.config.origins })}`)

console.log(`
Airlock is running (${dev ? 'dev, with HMR' : 'built'}), ready in ${((Date.now() - started) / 1000).toFixed(1)} s

  demo dapp (one-line script)  ${stack.urls.demo}
  demo dapp (npm package)      ${stack.urls.demoNpm}
  widget                       ${stack.urls.widget}
  secure frame                 ${stack.urls.secure}
  api                          ${stack.urls.api}
  devnet chain 31337           ${stack.urls.rpc[31337]}
  devnet chain 31338           ${stack.urls.rpc[31338]}
  Solana devnet                ${stack.urls.solanaRpc} (WebSocket ${stack.urls.solanaWs})
  Bitcoin devnet (esplora)     ${stack.urls.bitcoinEsplora}
  Polkadot devnet (chopsticks) ${stack.urls.polkadotRpc}
  WalletConnect relay          ${stack.urls.relay}
  reference wallet (WC)        ${stack.urls.walletPage}
  mail inbox (login codes)     ${stack.urls.mailInbox}
  social login stand-in (OIDC) ${stack.urls.oidc}
  Farcaster stand-in (QR URLs) ${stack.urls.farcaster}

No browser wallet? Click "Load devnet wallet" on the demo page. For WalletConnect, paste the
wc: URI into the reference wallet page and approve there. Ctrl-C stops everything.
`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  console.log('\nstopping…')
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
