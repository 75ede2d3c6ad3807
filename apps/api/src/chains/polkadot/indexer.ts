import { startFollower } from '../follower'
import type { Database } from '../../platform/db/database'
import { transfersAt, type PolkadotTransfer } from './block-transfers'
import { loadIndexProgress, resetIndex, saveBlocks, type IndexProgress } from './index-store'
import type { PolkadotNetworks } from './node'

/**
 * The Polkadot transfer index: one follower per network of the registry stores the
 * `balances.Transfer` events of each finalized block (`chain_getFinalizedHead`; chopsticks' instant
 * mode finalizes each block it builds), for history.ts' pages. A network is followed from its
 * finalized head the first time the index sees it (a real network's genesis is millions of blocks
 * away; older history is the page's scan), from block 0 when that head is small (a devnet).
 *
 * - Idempotent: a round's blocks and the progress are stored in one transaction, rows keyed by
 *   (chain, block, event).
 * - Finalized blocks do not change; a node reset to another chain (its finalized head below what was
 *   indexed, or the last block indexed has another hash) is indexed again from the start.
 * - A node that is down is retried with exponential backoff (chains/follower.ts).
 */

/** A network whose finalized head is below this is indexed from block 0. */
export const SMALL_CHAIN_BLOCKS = 10_000
/** Blocks read at once: two node calls each, two more with a transfer. */
const CONCURRENCY = 8

export interface PolkadotIndexerOptions {
  db: Database
  networks: PolkadotNetworks
  /** Pause between polls when caught up (default 1000 ms). */
  pollMs?: number
  /** Blocks stored per round (default 50). */
  maxBlocksPerRound?: number
  /** Longest pause between retries while a node is down (default 30 s). */
  maxBackoffMs?: number
  /** How long stop() waits for a round in flight (default 2000 ms). */
  stopTimeoutMs?: number
  log?: (message: string) => void
}

export interface PolkadotIndexerStatus {
  /** Last block stored, or null before the first. */
  lastBlock: number | null
  /** The node's finalized head at the last poll, or null before the first answer. */
  finalized: number | null
  up: boolean
}

export interface PolkadotIndexer {
  /** Stops following; resolves once rounds in flight are done (or after stopTimeoutMs). Idempotent. */
  stop(): Promise<void>
  /** Resolves once `chain` is indexed up to `block` (default: its finalized head now); rejects after `timeoutMs` (default 10 s) or when stopped. */
  waitFor(chain: string, block?: number, timeoutMs?: number): Promise<void>
  status(): Record<string, PolkadotIndexerStatus>
}

interface NetworkState {
  chain: string
  progress: IndexProgress | undefined
  finalized: number | undefined
}

async function finalizedHead(networks: PolkadotNetworks, chain: string) {
  const api = await networks.current(chain)!
  const hash = await api.rpc.chain.getFinalizedHead()
  return { api, finalized: Number((await api.rpc.chain.getHeader(hash)).number.toString()) }
}

export function startPolkadotIndexer(options: PolkadotIndexerOptions): PolkadotIndexer {
  const { db, networks } = options
  const pollMs = options.pollMs ?? 1000
  const maxBlocks = options.maxBlocksPerRound ?? 50
  const maxBackoffMs = options.maxBackoffMs ?? 30_000
  const log = options.log ?? ((message: string) => console.warn(`[polkadot indexer] ${message}`))
  const states = new Map<string, NetworkState>(
    networks.supported().map((chain) => [chain, { chain, progress: undefined, finalized: undefined }]),
  )

  /** Stores the next finalized blocks; true while more are finalized. */
  async function round(state: NetworkState, stop: AbortSignal): Promise<boolean> {
    const { api, finalized } = await finalizedHead(networks, state.chain)
    state.finalized = finalized
    state.progress ??= await loadIndexProgress(db, state.chain)
    const known = state.progress
    if (known?.lastHash !== undefined) {
      const reset = finalized < known.last || (await api.rpc.chain.getBlockHash(known.last)).toHex() !== known.lastHash
      if (reset) {
        log(`${state.chain}: the node no longer has the indexed block ${known.last}; indexing again`)
        await resetIndex(db, state.chain)
        state.progress = undefined
      }
    }
    if (!state.progress) {
      const first = finalized < SMALL_CHAIN_BLOCKS ? 0 : finalized
      state.progress = { first, last: first - 1, lastHash: undefined }
    }
    const from = state.progress.last + 1
    const to = Math.min(finalized, from + maxBlocks - 1)
    if (from > to) return false
    const transfers: PolkadotTransfer[] = []
    let lastHash = ''
    for (let block = from; block <= to; block += CONCURRENCY) {
      const numbers = Array.from({ length: Math.min(CONCURRENCY, to - block + 1) }, (_, i) => block + i)
      for (const read of await Promise.all(numbers.map((n) => transfersAt(api, n)))) {
        transfers.push(...read.transfers)
        lastHash = read.blockHash
      }
    }
    if (stop.aborted) return false
    const progress = { first: state.progress.first, last: to, lastHash }
    await saveBlocks(db, state.chain, progress, transfers)
    state.progress = progress
    return to < finalized
  }

  const follower = startFollower({
    states,
    round,
    indexed: (state) => (state.progress ? BigInt(state.progress.last) : undefined),
    head: async (chain) => BigInt((await finalizedHead(networks, chain)).finalized),
    name: 'The Polkadot indexer',
    pollMs,
    maxBackoffMs,
    ...(options.stopTimeoutMs !== undefined ? { stopTimeoutMs: options.stopTimeoutMs } : {}),
    log,
  })

  return {
    stop: () => follower.stop(),
    waitFor: (chain, block, timeoutMs) => follower.waitFor(chain, block === undefined ? undefined : BigInt(block), timeoutMs),
    status() {
      return Object.fromEntries(
        [...states.values()].map((s) => [
          s.chain,
          { lastBlock: s.progress?.lastHash ? s.progress.last : null, finalized: s.finalized ?? null, up: follower.isUp(s.chain) },
        ]),
      )
    },
  }
}
