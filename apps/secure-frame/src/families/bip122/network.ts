import { bitcoin, bitcoinRegtest, bitcoinSignet, bitcoinTestnet, bitcoinTestnet4 } from '@airlock/chains'
import type { FrameChainId } from '@airlock/protocol'

/** A Bitcoin network as CAIP-2 names it: `bip122:` and the first 32 hex characters of its genesis block's hash. */
export type BitcoinNetworkId = `bip122:${string}`

/**
 * What the embedded wallet needs of a Bitcoin network: its BIP-44 coin type (0 for Bitcoin, 1 for
 * every test network, regtest included: SLIP-44 and BIP-84's own test vectors) and its bech32
 * prefix (the same as @airlock/chains/bip122's bitcoinjs params, which the test compares; kept here
 * so that deriving an address does not load bitcoinjs).
 */
export interface BitcoinNetwork {
  id: BitcoinNetworkId
  name: string
  coinType: 0 | 1
  hrp: 'bc' | 'tb' | 'bcrt'
}

export const BITCOIN_NETWORKS: readonly BitcoinNetwork[] = [
  { network: bitcoin, coinType: 0, hrp: 'bc' } as const,
  { network: bitcoinTestnet, coinType: 1, hrp: 'tb' } as const,
  { network: bitcoinTestnet4, coinType: 1, hrp: 'tb' } as const,
  { network: bitcoinSignet, coinType: 1, hrp: 'tb' } as const,
  { network: bitcoinRegtest, coinType: 1, hrp: 'bcrt' } as const,
].map(({ network, coinType, hrp }) => ({ id: network.caipNetworkId as BitcoinNetworkId, name: network.name, coinType, hrp }))

/** Bitcoin itself: the network an account's `address` names. */
export const BITCOIN_MAINNET = BITCOIN_NETWORKS[0]!

export const BitcoinNetworkMessage = {
  noNetwork: (method: string) => `${method} needs a Bitcoin network as chainId (bip122:<genesis hash>) that this wallet serves`,
} as const

/** The network a request is for, by its CAIP-2 id; anything else (another family's chain, an unknown network) is undefined. */
export function bitcoinNetworkOf(chainId: FrameChainId | undefined): BitcoinNetwork | undefined {
  return BITCOIN_NETWORKS.find((network) => network.id === chainId)
}
