import { randomBytes } from 'node:crypto'
import { createApiApp } from '../origins/api/app'
import { startApiServer } from '../origins/api/server'
import { DEFAULT_ANALYTICS_LIMITS, startAnalyticsRetention } from '../capabilities/analytics'
import { startSharedCachePurge } from '../capabilities/balance/cache'
import { createChainRegistry } from '../chains/registry'
import { startRateBucketPurge } from '../platform/http/bucket-store'
import { DEFAULT_HOST, type StackConfig, type StackOrigins } from '../config'
import type { Database } from '../platform/db/database'
import { runExclusively } from '../platform/db/singleton'
import { startIndexer, type Indexer } from '../capabilities/history'
import { startPolkadotIndexer, type PolkadotIndexer } from '../chains/polkadot/indexer'
import { metricsMiddleware, type Metrics } from '../platform/http/metrics'
import { startSessionPurge } from '../capabilities/onramp'
import type { ProjectRegistry } from '../platform/projects/registry'
import { decodeSecret } from '../platform/security/tokens'
import { siwxSigner } from '../capabilities/siwx'
import { relayOptions } from '../capabilities/relay'
import { DATA_DIR, loadWalletRegistry } from '../capabilities/explorer'
import { indexerLag } from './indexer-lag'
import { serviceOf, type Service } from './service'

/**
 * The data API and RPC proxy (SPEC section 7) with what runs beside it: the history indexers and
 * the housekeeping of analytics and on-ramp sessions. Several of these may run on one Postgres.
 */
export type ApiServiceConfig = Pick<
  StackConfig,
  | 'rpcUpstreams'
  | 'extraWallets'
  | 'dex'
  | 'onramp'
  | 'rateLimit'
  | 'rpcLimits'
  | 'trustedProxies'
  | 'analytics'
  | 'requestLog'
  | 'host'
  | 'apiSecret'
  | 'relay'
> & { origins: Pick<StackOrigins, 'api' | 'widget' | 'secure'>; port: number }

export async function startApiService(
  config: ApiServiceConfig,
  shared: { db: Database; projects: ProjectRegistry; metrics?: Metrics },
): Promise<Service> {
  const { db, projects, metrics } = shared
  const { origins } = config
  const chains = createChainRegistry(config.rpcUpstreams)
  // One indexer among every process on the database; another takes over when its process dies.
  let current: { evm: Indexer; polkadot: PolkadotIndexer } | undefined
  // The Polkadot transfer index runs beside it, under the same lease.
  const indexer = runExclusively(db, 'history indexer', () => {
    const evm = startIndexer({
      db,
      chains,
      tokens: Object.fromEntries(Object.entries(config.dex ?? {}).map(([chain, dex]) => [chain, dex.tokens])),
    })
    const polkadot = startPolkadotIndexer({ db, networks: chains.family('polkadot') })
    current = { evm, polkadot }
    return { stop: () => Promise.all([evm.stop(), polkadot.stop()]).then(() => undefined) }
  })
  const analytics = { ...DEFAULT_ANALYTICS_LIMITS, ...config.analytics }
  const housekeeping = [
    startAnalyticsRetention(db, analytics, Date.now),
    ...(config.onramp ? [startSessionPurge(db, Date.now)] : []),
    // A database other processes share holds the rate limits' buckets and the caches: full buckets and expired values go.
    ...(db.shared ? [startRateBucketPurge(db, Date.now), startSharedCachePurge(db, Date.now)] : []),
  ]
  metrics?.gauge('airlock_indexer_running', 'Whether the history indexer runs in this process (one process at a time does).', () => [
    { labels: {}, value: indexer.holding() ? 1 : 0 },
  ])
  metrics?.gauge('airlock_indexer_lag_blocks', "Blocks between a chain's head and what the history indexer stored.", () =>
    indexer.holding() && current ? indexerLag(current.evm.status(), current.polkadot.status()) : [],
  )
  const stopBackground = () => Promise.all([indexer.stop(), ...housekeeping.map((task) => task.stop())]).then(() => undefined)
  if (!config.apiSecret && db.shared) {
    console.warn('[api] no apiSecret configured: sign-in tokens verify neither at another instance nor after a restart')
  }
  // The configured paymaster policies replace the stored ones of their projects.
  const relay = config.relay ? await relayOptions(db, config.relay) : undefined
  const app = createApiApp({
    origins,
    projects,
    rpcUpstreams: config.rpcUpstreams,
    data: { db, chains, projects, apiOrigin: origins.api, now: Date.now },
    ...(config.extraWallets ? { walletRegistry: loadWalletRegistry(DATA_DIR, config.extraWallets) } : {}),
    ...(config.dex ? { dex: config.dex } : {}),
    ...(config.onramp ? { onramp: config.onramp } : {}),
    ...(config.rateLimit !== undefined ? { rateLimit: config.rateLimit } : {}),
    ...(config.rpcLimits ? { rpcLimits: config.rpcLimits } : {}),
    ...(config.trustedProxies ? { trustedProxies: config.trustedProxies } : {}),
    analytics,
    ...(relay ? { relay } : {}),
    siwx: siwxSigner(config.apiSecret ? decodeSecret(config.apiSecret)! : randomBytes(32)),
    ...(config.requestLog ? { log: (entry) => console.log(JSON.stringify(entry)) } : {}),
    ...(metrics ? { measure: metricsMiddleware(metrics, 'api') } : {}),
  })
  return serviceOf(() => startApiServer(app, config.host ?? DEFAULT_HOST, config.port), stopBackground)
}
