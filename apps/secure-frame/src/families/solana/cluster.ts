import type { FrameChainId } from '@airlock/protocol'

/** A Solana cluster as CAIP-2 names it: `solana:` and the first 32 characters of its genesis hash. */
export type SolanaCluster = `solana:${string}`

export const SolanaClusterMessage = {
  noCluster: (method: string) => `${method} needs the Solana cluster as chainId (solana:<genesis hash>)`,
} as const

const GENESIS_HASH = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * The cluster a Solana request is for. The widget names it as the frame's chain ids name a cluster:
 * the CAIP-2 id (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, what the API's RPC proxy and
 * @airlock/chains key on) or its bare reference; a whole genesis hash is cut to the CAIP-2
 * reference. Anything else (an eip155 chain id) is not a cluster: undefined.
 */
export function solanaClusterOf(chainId: FrameChainId | undefined): SolanaCluster | undefined {
  if (typeof chainId !== 'string') return undefined
  const reference = chainId.startsWith('solana:') ? chainId.slice('solana:'.length) : chainId
  return GENESIS_HASH.test(reference) ? `solana:${reference.slice(0, 32)}` : undefined
}
