import { solana, solanaDevnet, solanaTestnet } from '@airlock/chains'

/**
 * The networks SPEC section 9 names: the frame's EVM networks, its three Solana clusters, and the
 * swap networks beyond them. A deployment configures an upstream for each network it serves
 * (AIRLOCK_RPC_UPSTREAMS); the RPC proxy refuses the others.
 */
const FRAME_EVM = [
  1, 5, 11155111, 10, 420, 42161, 421613, 137, 80001, 42220, 1313161554, 1313161555, 56, 97, 43114, 43113, 324, 280, 100, 8453, 84531,
  84532, 7777777, 999,
]
const SWAP_EVM = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]

export const SPEC_NETWORKS: readonly string[] = [
  ...new Set([...FRAME_EVM, ...SWAP_EVM].map((id) => `eip155:${id}`)),
  ...[solana, solanaDevnet, solanaTestnet].map((network) => network.caipNetworkId),
]

/** The SPEC section 9 networks `upstreams` leaves out, for the start-up log. */
export const networksWithoutUpstream = (upstreams: Record<string, string>): string[] =>
  SPEC_NETWORKS.filter((network) => !(network in upstreams))
