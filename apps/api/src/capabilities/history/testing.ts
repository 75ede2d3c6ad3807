import { DEVNET_CHAINS, DEVNET_TOKENS, startDevnet, type Devnet } from '@airlock/devnet'
import { Hono } from 'hono'
import { createPublicClient, createWalletClient, http, type Hex, type PublicClient, type TransactionReceipt } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ApiVariables } from '../../platform/projects/request'
import { createChainRegistry, type ChainRegistry } from '../../chains/registry'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import type { ApiDeps } from '../deps'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { startIndexer, type Indexer, type IndexerOptions } from './indexer'

/**
 * Test fixture (not a test): a real devnet (anvil, contracts deployed), in-memory PGlite with the
 * migrations, the chain registry and an indexer, plus helpers to send real transactions.
 */
export interface HistoryFixture {
  devnet: Devnet
  db: Database
  chains: ChainRegistry
  /** Replaceable (restart tests); indexed() and stop() use the current one. */
  indexer: Indexer
  deps: ApiDeps
  tokens: Record<string, typeof DEVNET_TOKENS>
  /** A fresh-value reading client (20 ms polling) for `chain`. */
  reader(chain?: string): PublicClient
  /** Sends a transaction from `privateKey` and waits for its receipt (which may be a revert). */
  send(privateKey: Hex, tx: { to: `0x${string}`; value?: bigint; data?: Hex; gas?: bigint }, chain?: string): Promise<TransactionReceipt>
  /** Waits until the indexer has stored the receipt's block. */
  indexed(receipt: Pick<TransactionReceipt, 'blockNumber'>, chain?: string): Promise<void>
  /** A Hono app with `routes` under /v1 and a middleware standing in for the project guard. */
  app(routes: Hono<{ Variables: ApiVariables }>): Hono<{ Variables: ApiVariables }>
  stop(): Promise<void>
}

export const CHAIN_A = `eip155:${DEVNET_CHAINS[0]!.chainId}`
export const CHAIN_B = `eip155:${DEVNET_CHAINS[1]!.chainId}`

export const TEST_PROJECT = { id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics: false } }

export async function startHistoryFixture(options: {
  ports: [number, number]
  apiOrigin?: string
  indexer?: Partial<IndexerOptions>
}): Promise<HistoryFixture> {
  const devnet = await startDevnet({ ports: options.ports })
  const db = await openDatabase()
  const upstreams = Object.fromEntries(devnet.chains.map((c) => [c.caipNetworkId, c.rpcUrl]))
  const chains = createChainRegistry(upstreams)
  const tokens = Object.fromEntries(devnet.chains.map((c) => [c.caipNetworkId, DEVNET_TOKENS]))
  const indexer = startIndexer({ db, chains, tokens, pollMs: 25, ...options.indexer })
  const readers = new Map<string, PublicClient>()
  const reader = (chain = CHAIN_A) => {
    let client = readers.get(chain)
    if (!client) {
      const c = devnet.chains.find((x) => x.caipNetworkId === chain)!
      client = createPublicClient({
        chain: {
          id: c.chainId,
          name: c.name,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [c.rpcUrl] } },
        },
        transport: http(c.rpcUrl),
        pollingInterval: 20,
      }) as PublicClient
      readers.set(chain, client)
    }
    return client
  }
  const deps: ApiDeps = {
    db,
    chains,
    projects: createMemoryProjectRegistry([TEST_PROJECT]),
    apiOrigin: options.apiOrigin ?? 'http://api.localhost:4403',
    now: () => Date.now(),
  }
  const fixture: HistoryFixture = {
    devnet,
    db,
    chains,
    indexer,
    deps,
    tokens,
    reader,
    async send(privateKey, tx, chain = CHAIN_A) {
      const client = reader(chain)
      const wallet = createWalletClient({
        account: privateKeyToAccount(privateKey),
        chain: client.chain,
        transport: http(upstreams[chain]),
      })
      const hash = await wallet.sendTransaction({ ...tx, chain: client.chain })
      return client.waitForTransactionReceipt({ hash })
    },
    indexed: (receipt, chain = CHAIN_A) => fixture.indexer.waitFor(chain, receipt.blockNumber),
    app(routes) {
      const app = new Hono<{ Variables: ApiVariables }>()
      app.use('/v1/*', async (c, next) => {
        c.set('project', TEST_PROJECT)
        c.set('sdk', { type: undefined, version: undefined })
        await next()
      })
      app.route('/v1', routes)
      return app
    },
    async stop() {
      await fixture.indexer.stop()
      await devnet.stop()
      await db.close()
    },
  }
  return fixture
}
