import { DEVNET_CONTRACTS } from '@airlock/devnet'
import { devnetSandbox } from '../../../api/src/config'
import { relayOptions } from '../../../api/src/capabilities/relay/options'
import { createApiApp } from '../../../api/src/origins/api/app'
import type { Database } from '../../../api/src/platform/db/database'
import { openDatabase } from '../../../api/src/platform/db/open'
import { createMemoryProjectRegistry } from '../../../api/src/platform/projects/registry'
import { startTestDevnet, type TestDevnet } from '../../../api/src/testing/devnet'
import { createChainProxy, type ChainProxy } from '../chain/proxy'
import { createSmartAccounts, type SmartAccounts } from '../families/eip155/smart-account/state'
import { API, ORIGIN } from './frameDevice'

const WIDGET = 'http://widget.localhost:4401'
const { eip7702Delegator, entryPoint } = DEVNET_CONTRACTS
/** The devnet's first chain as the frame's one smart-account network. */
export const RELAY_NETWORK = { chainId: 31337, delegator: eip7702Delegator, entryPoint }

export interface RelayApi {
  devnet: TestDevnet
  db: Database
  /** The frame's fetch, as the browser sends it from the secure origin (the project guard lets it reach the RPC proxy and the relay). */
  fromFrame: typeof fetch
  /** Every JSON-RPC request the frame sent the relay, in order. */
  relayed: { method: string; params: unknown[] }[]
  /** The frame's way to the chains through the API's RPC proxy. */
  chain: ChainProxy
  smartAccounts: SmartAccounts
  stop(): Promise<void>
}

/**
 * The real data API on a devnet (`ports`), as the secure frame reaches it: its RPC proxy and its
 * relay (bundler, paymaster, the devnet sandbox's policies for the demo project, PGlite).
 */
export async function startRelayApi(ports: [number, number]): Promise<RelayApi> {
  const [devnet, db] = await Promise.all([startTestDevnet(ports), openDatabase()])
  const upstreams = Object.fromEntries(devnet.devnet.chains.map((chain) => [chain.caipNetworkId, chain.rpcUrl]))
  const projects = createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics: false } }])
  const api = createApiApp({
    origins: { widget: WIDGET, secure: ORIGIN, api: API },
    projects,
    rpcUpstreams: upstreams,
    rateLimit: false,
    data: { ...devnet.deps, db, projects, apiOrigin: API, now: Date.now },
    relay: await relayOptions(db, devnetSandbox(Object.keys(upstreams)).relay),
  })
  // The relay's JSON-RPC requests, in order: what left the frame, and when.
  const relayed: { method: string; params: unknown[] }[] = []
  const fromFrame: typeof fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.pathname.startsWith('/v1/relay/') && typeof init?.body === 'string')
      relayed.push(JSON.parse(init.body) as (typeof relayed)[number])
    return api.request(`${url.pathname}${url.search}`, { ...init, headers: { ...(init?.headers as object), origin: ORIGIN } })
  }
  const chain = createChainProxy({ apiUrl: API, fetch: fromFrame })
  return {
    devnet,
    db,
    fromFrame,
    relayed,
    chain,
    smartAccounts: createSmartAccounts({ networks: [RELAY_NETWORK], apiUrl: API, chain, fetch: fromFrame }),
    stop: () => Promise.all([db.close(), devnet.stop()]).then(() => undefined),
  }
}
