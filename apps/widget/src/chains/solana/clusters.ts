import { solana, solanaDevnet, solanaLocalnet, solanaTestnet } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { NetworkContext, WalletSend } from '../types'

/**
 * The Solana clusters the widget knows: their CAIP-2 ids (the genesis hash's first 32 characters)
 * and the names Wallet Standard wallets use for them (`solana:mainnet`, ...). The local devnet of
 * packages/devnet is `solana:localnet`.
 */
const CLUSTERS: readonly (readonly [caipNetworkId: string, standardChain: string])[] = [
  [solana.caipNetworkId, 'solana:mainnet'],
  [solanaDevnet.caipNetworkId, 'solana:devnet'],
  [solanaTestnet.caipNetworkId, 'solana:testnet'],
  [solanaLocalnet.caipNetworkId, 'solana:localnet'],
]
const standardChains = new Map(CLUSTERS)
const caipNetworkIds = new Map(CLUSTERS.map(([id, name]) => [name, id]))

export const isSolanaCluster = (caipNetworkId: string): boolean => standardChains.has(caipNetworkId)

/** The Wallet Standard chain of a cluster (`solana:devnet`); undefined for any other network. */
export const standardChainOf = (caipNetworkId: string): string | undefined => standardChains.get(caipNetworkId)

/** The CAIP-2 id of a chain a wallet lists, by its Wallet Standard name or its CAIP-2 id; undefined when unknown. */
export const clusterOf = (chain: string): string | undefined => caipNetworkIds.get(chain) ?? (standardChains.has(chain) ? chain : undefined)

/**
 * Solana wallets do not switch clusters on request: a transaction names no cluster, and the
 * connection simply uses the one chosen. Any other network is refused (SPEC section 8).
 */
export async function switchSolanaNetwork(_send: WalletSend, caipNetworkId: string, _networks: NetworkContext): Promise<void> {
  if (!isSolanaCluster(caipNetworkId)) throw new ProviderRpcError(RpcErrorCode.SwitchChainError, 'Chain is not supported')
}
