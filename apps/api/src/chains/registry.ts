import { createPublicClient, http, type PublicClient } from 'viem'
import { createSolanaClusters, type SolanaClusters } from './solana/rpc'

/**
 * Chain access for the data API: one viem client per configured eip155 upstream, and the Solana
 * clusters' clients beside them (chains/solana/rpc.ts). A chain that is not configured is "not
 * supported": callers answer with empty results and make no request.
 */
export interface ChainRegistry {
  /** CAIP-2 ids of the EVM chains with an upstream, e.g. `eip155:31337`. */
  supported(): string[]
  client(caipNetworkId: string): PublicClient | undefined
  /** The Solana clusters with an upstream; absent means none. */
  solana?: SolanaClusters
}

export function createChainRegistry(upstreams: Record<string, string>, options: { timeoutMs?: number } = {}): ChainRegistry {
  const clients = new Map<string, PublicClient>()
  for (const [caipNetworkId, url] of Object.entries(upstreams)) {
    const [namespace, reference] = caipNetworkId.split(':')
    if (namespace !== 'eip155' || !reference) continue
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
    solana: createSolanaClusters(upstreams, options),
  }
}
