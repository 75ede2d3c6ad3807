import { createPublicClient, http, type PublicClient } from 'viem'
import { createEsploraNetworks } from './bip122/esplora'
import { createPolkadotNetworks } from './polkadot/node'
import { createSolanaClusters } from './solana/rpc'

/**
 * How each family other than eip155 reaches its networks, made by its own folder from the
 * upstreams of its namespace (one line per family). eip155's viem clients are the registry's own
 * (`supported`, `client`): most capabilities read them.
 */
const FAMILY_ACCESS = { solana: createSolanaClusters, bip122: createEsploraNetworks, polkadot: createPolkadotNetworks }

export type FamilyAccess = { [N in keyof typeof FAMILY_ACCESS]: ReturnType<(typeof FAMILY_ACCESS)[N]> }

/**
 * Chain access for the data API: one viem client per configured eip155 upstream, and each other
 * family's access beside them (`family('solana')`, `family('bip122')`). A chain that is not
 * configured is "not supported": callers answer with empty results and make no request.
 */
export interface ChainRegistry {
  /** CAIP-2 ids of the EVM chains with an upstream, e.g. `eip155:31337`. */
  supported(): string[]
  client(caipNetworkId: string): PublicClient | undefined
  /** A family's access to the networks of its namespace that have an upstream. */
  family<N extends keyof FamilyAccess>(namespace: N): FamilyAccess[N]
}

/** The upstreams (CAIP-2 -> URL) of one namespace. */
const upstreamsOf = (upstreams: Record<string, string>, namespace: string) =>
  Object.fromEntries(Object.entries(upstreams).filter(([caipNetworkId]) => caipNetworkId.startsWith(`${namespace}:`)))

export function createChainRegistry(upstreams: Record<string, string>, options: { timeoutMs?: number } = {}): ChainRegistry {
  const access = Object.fromEntries(
    Object.entries(FAMILY_ACCESS).map(([namespace, connect]) => [namespace, connect(upstreamsOf(upstreams, namespace), options)]),
  ) as FamilyAccess
  const clients = new Map<string, PublicClient>()
  for (const [caipNetworkId, url] of Object.entries(upstreamsOf(upstreams, 'eip155'))) {
    const reference = caipNetworkId.split(':')[1]
    if (!reference) continue
    clients.set(
      caipNetworkId,
      createPublicClient({
        chain: {
          id: Number(reference),
          name: caipNetworkId,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [url] } },
          contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } },
        },
        // Short polling: the devnet mines instantly; the 4 s default would make history lag.
        pollingInterval: 250,
        transport: http(url, { timeout: options.timeoutMs ?? 10_000, retryCount: 1 }),
      }) as PublicClient,
    )
  }
  return {
    supported: () => [...clients.keys()],
    client: (caipNetworkId) => clients.get(caipNetworkId),
    family: (namespace) => access[namespace],
  }
}
