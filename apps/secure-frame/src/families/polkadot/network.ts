import { networks, POLKADOT_DEFAULT_NETWORKS, ss58PrefixOf } from '@airlock/chains'
import type { FrameChainId } from '@airlock/protocol'

/** A Polkadot network as CAIP-2 names it: `polkadot:` and the first 32 hex characters of its genesis hash. */
export type PolkadotNetworkId = `polkadot:${string}`

/** What the embedded wallet needs of a Polkadot network: its name, token and SS58 prefix. */
export interface PolkadotNetwork {
  id: PolkadotNetworkId
  name: string
  symbol: string
  decimals: number
  ss58Prefix: number
}

/** The Polkadot networks Airlock knows (@airlock/chains): the only ones the frame signs for. */
export const POLKADOT_NETWORKS: readonly PolkadotNetwork[] = networks
  .filter((network) => network.chainNamespace === 'polkadot')
  .map((network) => ({
    id: network.caipNetworkId as PolkadotNetworkId,
    name: network.name,
    symbol: network.nativeCurrency.symbol,
    decimals: network.nativeCurrency.decimals,
    ss58Prefix: ss58PrefixOf(network.caipNetworkId),
  }))

/** Polkadot Asset Hub, where DOT balances live since the 2025 migration: the network an account's `address` names. */
export const POLKADOT_MAIN = POLKADOT_NETWORKS.find((network) => network.id === POLKADOT_DEFAULT_NETWORKS.polkadot.caipNetworkId)!

export const PolkadotNetworkMessage = {
  noNetwork: (method: string) => `${method} needs a Polkadot network as chainId (polkadot:<genesis hash>) that this wallet serves`,
} as const

/** The network a request is for, by its CAIP-2 id; anything else (another family's chain, an unknown network) is undefined. */
export function polkadotNetworkOf(chainId: FrameChainId | undefined): PolkadotNetwork | undefined {
  return POLKADOT_NETWORKS.find((network) => network.id === chainId)
}
