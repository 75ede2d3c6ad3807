import { DEFAULT_RPC_LIMITS, devConfig, secureOriginPublicKey, splitProxyList, startApiStack, type StackConfig } from '@airlock/api'
import {
  devnetWalletScriptPath,
  startDevnet,
  startMailSink,
  startRelay,
  type Devnet,
  type MailSink,
  type OidcStandIn,
  type OidcStandInClient,
  type Relay,
  type ReferenceWallet,
} from '@airlock/devnet'
import { startBitcoinDevnet, type BitcoinDevnet } from '@airlock/devnet/bitcoin'
import { startPolkadotDevnet, type PolkadotDevnet } from '@airlock/devnet/polkadot'
import { localhostFetch, standInCustodyOf, startFarcasterStandIn, type FarcasterStandIn } from '@airlock/devnet/farcaster'
import { startSolanaDevnet, type SolanaDevnet } from '@airlock/devnet/solana'
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApps } from './build'
import { startKeyServiceProcess } from './key-service'
import { devnetOidcClients, type StackPortsOption } from './stack-config'

export { BENCH_PORTS, devnetOidcClients, E2E_PORTS, START_PORTS, type StackPortsOption } from './stack-config'

export interface Stack {
  /** The api's config; `relayUrl` is the devnet relay the widget pairs through. */
  config: StackConfig
  devnet: Devnet
  relay: Relay
  /** The reference WalletConnect wallet behind the wallet page (devnet account 0, answers from the page). */
  wallet: ReferenceWallet
  /** The devnet mail sink: every mail the stack sends, readable with `messages()` / `waitFor()`. */
  mail: MailSink
  /** The social login stand-in; its issuers are `oidc.issuer('google')` etc. */
  oidc: OidcStandIn
  /** The OAuth clients registered on it, one per provider (see `devnetOidcClients`). */
  oidcClients: readonly OidcStandInClient[]
  /** The Farcaster stand-in: the relay the secure origin opens channels at, and the app page its QR URLs open. */
  farcaster: FarcasterStandIn
  /** The Solana devnet (litesvm): its cluster id, the USDC mint and the funded accounts. */
  solana: SolanaDevnet
  /** The Bitcoin devnet (regtest esplora): its network id and the funded BIP-84 and BIP-86 accounts. */
  bitcoin: BitcoinDevnet
  /** The Polkadot devnet (chopsticks): its network id and the funded sr25519 accounts. */
  polkadot: PolkadotDevnet
  urls: {
    demo: string
    demoNpm: string
    widget: string
    secure: string
    api: string
    rpc: Record<number, string>
    /** ws:// url of the WalletConnect relay. */
    relay: string
    /** The reference wallet page: paste a wc: URI, approve or reject. */
    walletPage: string
    /** smtp:// url of the mail sink (no TLS, no auth needed). */
    mailSmtp: string
    /** The mail sink's inbox page (JSON at `/messages?to=`), on 127.0.0.1 so Node can fetch it too. */
    mailInbox: string
    /** Base of the social login stand-in's issuers (`${oidc}/google`, `${oidc}/github`, …). */
    oidc: string
    /** The Farcaster stand-in (relay under `/v1/`, the app page at `/~/siwf?channelToken=…`, accounts at `/`). */
    farcaster: string
    /** The key service (its own process, database and secret). */
    keyService: string
    /** The Solana devnet's JSON-RPC (http://127.0.0.1:4411 under `npm start`). */
    solanaRpc: string
    /** The Solana devnet's WebSocket API (signatureSubscribe, slotSubscribe), on the next port. */
    solanaWs: string
    /** The Bitcoin devnet's esplora REST API (http://127.0.0.1:4413 under `npm start`), the api's bip122 upstream. */
    bitcoinEsplora: string
    /** The Polkadot devnet's JSON-RPC (http://127.0.0.1:4414 under `npm start`; ws:// on the same port), the api's polkadot upstream. */
    polkadotRpc: string
  }
  stop(): Promise<void>
}

/**
 * Everything `npm start`, the e2e suite and the bench run against: two devnet chains, the
 * Solana devnet, the Bitcoin devnet and the Polkadot devnet, the api, the widget, secure-frame and demo origins, built (or served by Vite in
 * dev mode), a local WalletConnect relay and the reference WalletConnect wallet with its page, the
 * mail sink, and the social login (OIDC) and Sign In With Farcaster stand-ins.
 */
export async function startStack(options: {
  /** Print one JSON line per API request. */
  requestLog?: boolean
  ports: StackPortsOption
  dev?: boolean
  build?: boolean
  log?: (line: string) => void
  /** No per-client rate limits: the bench plays many users from one loopback address. */
  rateLimit?: false
}): Promise<Stack> {
  const { ports, dev = false, log } = options
  // WalletKit takes seconds to import: load it while the apps build.
  const walletModule = import('@airlock/devnet/wc-wallet')
  walletModule.catch(() => undefined) // awaited below; this only keeps an early failure elsewhere from also reporting it unhandled
  // oidc-provider takes about a second to import: load it while the apps build too.
  const oidcModule = import('@airlock/devnet/oidc')
  oidcModule.catch(() => undefined)
  const config = devConfig(ports)
  const demoDistDir = fileURLToPath(new URL(`../apps/demo/dist/${ports.dapp}`, import.meta.url))
  // The two custody secrets, one per service (a KMS each in production): random per start, like the
  // in-memory stores they protect; AIRLOCK_SECURE_SECRET / AIRLOCK_KEY_SERVICE_SECRET keep them.
  const secureSecret = process.env.AIRLOCK_SECURE_SECRET ?? randomBytes(32).toString('base64url')
  const dataDir = process.env.AIRLOCK_DATA_DIR ? resolve(process.env.AIRLOCK_DATA_DIR) : undefined
  const keyServiceEnv = {
    AIRLOCK_ENV: 'development',
    KEY_SERVICE_PORT: String(ports.keys),
    KEY_SERVICE_SECURE_ORIGIN: config.origins.secure,
    KEY_SERVICE_SECRET: process.env.AIRLOCK_KEY_SERVICE_SECRET ?? randomBytes(32).toString('base64url'),
    KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY: secureOriginPublicKey(secureSecret),
    KEY_SERVICE_SMTP_URL: `smtp://127.0.0.1:${ports.mailSmtp}`,
    // All devnet browsers share 127.0.0.1, as for the secure origin below.
    KEY_SERVICE_RATE_LIMIT: '2000/100',
    KEY_SERVICE_TRUSTED_PROXIES: process.env.AIRLOCK_TRUSTED_PROXIES ?? '',
    ...(process.env.KEY_SERVICE_DATABASE_URL ? { KEY_SERVICE_DATABASE_URL: process.env.KEY_SERVICE_DATABASE_URL } : {}),
    ...(dataDir ? { KEY_SERVICE_DATA_DIR: `${dataDir}-key-service` } : {}),
  }
  // Its own process takes a while to load on a busy machine: it starts while the apps build.
  const keyServiceStart = startKeyServiceProcess(keyServiceEnv, log ?? ((line) => console.log(line)))
  keyServiceStart.catch(() => undefined) // awaited below with the other servers
  // chopsticks takes 4-12 s to be ready (its own process): it starts while the apps build too.
  const polkadotStart = startPolkadotDevnet({ port: ports.polkadot })
  polkadotStart.catch(() => undefined) // awaited below with the other servers
  let devnet: Devnet
  try {
    if (options.build !== false) await buildApps({ widgetUrl: config.origins.widget, demoOutDir: demoDistDir, dev, log })
    devnet = await startDevnet({ ports: [ports.anvil[31337]!, ports.anvil[31338]!] })
  } catch (error) {
    await Promise.allSettled([keyServiceStart.then((service) => service.stop()), polkadotStart.then((polkadot) => polkadot.stop())])
    throw error
  }
  let relay: Relay | undefined
  let wallet: ReferenceWallet | undefined
  let walletPage: Awaited<ReturnType<Awaited<typeof walletModule>['startReferenceWalletPage']>> | undefined
  const upstreamsOf = (prefix: string) =>
    Object.fromEntries(Object.entries(config.rpcUpstreams).filter(([chainId]) => chainId.startsWith(prefix)))
  const startWalletConnect = async () => {
    relay = await startRelay({
      port: ports.relay,
      ...(options.requestLog ? { log: (line: string) => console.log(line) } : {}),
    })
    const { createReferenceWallet, startReferenceWalletPage } = await walletModule
    wallet = await createReferenceWallet({
      relayUrl: relay.url,
      // A wallet's project id is its own, never a dapp's.
      projectId: 'airlock-reference-wallet',
      rpcUrls: Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
      // The Solana, Bitcoin and Polkadot devnets below listen on their fixed ports: what the api proxies is what the wallet sends to.
      solanaRpcUrls: upstreamsOf('solana:'),
      bitcoinEsploraUrls: upstreamsOf('bip122:'),
      polkadotRpcUrls: upstreamsOf('polkadot:'),
      mode: 'manual',
      log: log ?? ((line) => console.log(line)),
    })
    walletPage = await startReferenceWalletPage({ port: ports.walletPage, wallet, relayUrl: relay.url })
  }
  const stopWalletConnect = async () => {
    await walletPage?.stop()
    await wallet?.stop()
    await relay?.stop()
  }
  const oidcClients = devnetOidcClients(config.origins.secure)
  // The stand-in's issuers, known before it listens (its ports are fixed): the api discovers them at the first login.
  const oidcBase = `http://oidc.localhost:${ports.oidc}`
  // The Farcaster stand-in's base, as the QR URLs and the relay calls name it.
  const farcasterBase = `http://farcaster.localhost:${ports.farcaster}`
  const [api, walletConnect, mail, oidc, farcaster, keyService, solana, bitcoin, polkadot] = await Promise.allSettled([
    startApiStack({
      ...config,
      ...(options.rateLimit === false ? { rateLimit: false } : {}),
      secureSecret,
      demoDistDir,
      demoExtraFiles: { '/devnet-wallet.js': devnetWalletScriptPath },
      dev,
      requestLog: options.requestLog ?? false,
      // Every browser of the devnet (parallel e2e workers, their frames polling social claims) comes
      // from 127.0.0.1: the secure origin's per-address limit would make them starve one another.
      secureRateLimit: { capacity: 2000, refillPerSecond: 100 },
      // Likewise for code mails: the e2e suite alone sends about 20 (the default's whole burst).
      secureMailRateLimit: { capacity: 500, refillPerSecond: 1 },
      // And for the RPC quota: one loopback client is every user of the devnet, so it may spend all of it.
      rpcLimits: { ...DEFAULT_RPC_LIMITS, clientQuotaShare: 1 },
      trustedProxies: splitProxyList(process.env.AIRLOCK_TRUSTED_PROXIES),
      // The mail sink below listens on this port; nodemailer connects only when a code is sent.
      smtpUrl: `smtp://127.0.0.1:${ports.mailSmtp}`,
      social: Object.fromEntries(
        oidcClients.map((client) => [
          client.provider,
          { issuer: `${oidcBase}/${client.provider}`, clientId: client.clientId, clientSecret: client.clientSecret! },
        ]),
      ),
      // Node cannot resolve oidc.localhost: the server reaches the stand-in on 127.0.0.1.
      socialFetch: (url, init) => oidcModule.then(({ localhostFetch }) => localhostFetch(url, init)),
      // Sign In With Farcaster against the stand-in below: its relay, and its IdRegistry read for custodyOf.
      farcaster: { relayUrl: farcasterBase, custodyOf: standInCustodyOf(farcasterBase), fetch: localhostFetch },
      ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
      ...(dataDir ? { dataDir } : {}),
    }),
    startWalletConnect(),
    startMailSink({
      smtpPort: ports.mailSmtp,
      httpPort: ports.mailHttp,
      ...(options.requestLog ? { log: (line: string) => console.log(line) } : {}),
    }),
    oidcModule.then(({ startOidcStandIn }) =>
      startOidcStandIn({
        port: ports.oidc,
        issuerBase: oidcBase,
        clients: oidcClients,
        ...(options.requestLog ? { log: (line: string) => console.log(line) } : {}),
      }),
    ),
    startFarcasterStandIn({
      port: ports.farcaster,
      url: farcasterBase,
      ...(options.requestLog ? { log: (line: string) => console.log(line) } : {}),
    }),
    keyServiceStart,
    // Its log carries internal errors only (a bug, never a client's bad input): always shown.
    startSolanaDevnet({ port: ports.solana, log: log ?? ((line) => console.log(line)) }),
    // On its fixed port, the api's bip122 upstream (devConfig); its log too is internal errors and refused broadcasts.
    startBitcoinDevnet({ port: ports.bitcoin, log: log ?? ((line) => console.log(line)) }),
    // On its fixed port, the api's polkadot upstream (devConfig).
    polkadotStart,
  ])
  if (
    api.status === 'rejected' ||
    walletConnect.status === 'rejected' ||
    mail.status === 'rejected' ||
    oidc.status === 'rejected' ||
    farcaster.status === 'rejected' ||
    keyService.status === 'rejected' ||
    solana.status === 'rejected' ||
    bitcoin.status === 'rejected' ||
    polkadot.status === 'rejected'
  ) {
    await Promise.allSettled([
      api.status === 'fulfilled' && api.value.close(),
      mail.status === 'fulfilled' && mail.value.stop(),
      oidc.status === 'fulfilled' && oidc.value.stop(),
      farcaster.status === 'fulfilled' && farcaster.value.stop(),
      keyService.status === 'fulfilled' && keyService.value.stop(),
      solana.status === 'fulfilled' && solana.value.stop(),
      bitcoin.status === 'fulfilled' && bitcoin.value.stop(),
      polkadot.status === 'fulfilled' && polkadot.value.stop(),
      stopWalletConnect(),
      devnet.stop(),
    ])
    throw [api, walletConnect, mail, oidc, farcaster, keyService, solana, bitcoin, polkadot].find(
      (result): result is PromiseRejectedResult => result.status === 'rejected',
    )!.reason
  }
  const servers = api.value
  let stopped: Promise<void> | undefined
  return {
    config,
    devnet,
    relay: relay!,
    wallet: wallet!,
    mail: mail.value,
    oidc: oidc.value,
    oidcClients,
    farcaster: farcaster.value,
    solana: solana.value,
    bitcoin: bitcoin.value,
    polkadot: polkadot.value,
    urls: {
      demo: `${config.origins.dapp}/`,
      demoNpm: `${config.origins.dapp}/npm.html`,
      widget: config.origins.widget,
      secure: config.origins.secure,
      api: config.origins.api,
      rpc: Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
      relay: config.relayUrl!,
      walletPage: `http://wallet.localhost:${ports.walletPage}`,
      mailSmtp: mail.value.smtpUrl,
      mailInbox: `${mail.value.httpUrl}/`,
      oidc: oidc.value.url,
      farcaster: farcaster.value.url,
      keyService: config.keyServiceOrigin,
      solanaRpc: solana.value.url,
      solanaWs: solana.value.wsUrl,
      bitcoinEsplora: bitcoin.value.url,
      polkadotRpc: polkadot.value.url,
    },
    stop() {
      stopped ??= Promise.allSettled([
        servers.close(),
        devnet.stop(),
        stopWalletConnect(),
        mail.value.stop(),
        oidc.value.stop(),
        farcaster.value.stop(),
        keyService.value.stop(),
        solana.value.stop(),
        bitcoin.value.stop(),
        polkadot.value.stop(),
      ]).then(() => undefined)
      return stopped
    },
  }
}
