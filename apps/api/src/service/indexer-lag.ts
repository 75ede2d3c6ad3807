import type { IndexerChainStatus } from '../capabilities/history'
import type { PolkadotIndexerStatus } from '../chains/polkadot/indexer'

/**
 * `airlock_indexer_lag_blocks` per chain: blocks between the node's head and the last one stored,
 * for the EVM history index and the Polkadot transfer index (to its finalized head, which is all it
 * indexes). A chain whose node has not answered yet has no figure.
 */
export function indexerLag(
  evm: Record<string, IndexerChainStatus>,
  polkadot: Record<string, PolkadotIndexerStatus>,
): { labels: { chain: string }; value: number }[] {
  return [
    ...Object.entries(evm).flatMap(([chain, status]) =>
      status.head === null ? [] : [{ labels: { chain }, value: Number(status.head - (status.lastBlock ?? -1n)) }],
    ),
    ...Object.entries(polkadot).flatMap(([chain, status]) =>
      status.finalized === null ? [] : [{ labels: { chain }, value: status.finalized - (status.lastBlock ?? -1) }],
    ),
  ]
}
