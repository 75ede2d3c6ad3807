import { BaseError, erc20Abi, HttpRequestError, TimeoutError, toHex, type Address, type Hex, type PublicClient } from 'viem'
import type { ChainRegistry } from '../../chains/registry'
import type { Database } from '../../platform/db/database'
import { entriesOf } from './classify'
import { startFollower } from '../../chains/follower'
import { buildLegs, DEPOSIT_TOPIC, TRANSFER_TOPIC, WITHDRAWAL_TOPIC, type ChainLog, type ChainTx } from './legs'
import { USER_OPERATION_TOPIC, userOperationsOf } from './user-operations'
import { knownTokenAddresses, loadProgress, resetChain, saveRange, upsertTokens, type EntryRow, type LegRow, type TokenRow } from './store'

/** A token the indexer knows up front (e.g. `DEVNET_TOKENS` of @airlock/devnet). */
export interface IndexedToken {
  address: string
  symbol: string
  name: string
  decimals: number
  spam?: boolean
  /** Icon URL (or data: URI) shown as `fungible_info.icon.url`. */
  logoUri?: string
}

export interface IndexerOptions {
  db: Database
  chains: ChainRegistry
  /** Known tokens per CAIP-2 chain id. Tokens not listed are still indexed (metadata read from the contract). */
  tokens?: Record<string, readonly IndexedToken[]>
  /** The wrapped-native token (WETH9) per chain; default: the chain's listed token with symbol WETH. */
  wrappedNative?: Record<string, string>
  /** Chains to follow (default: every chain of the registry). */
  only?: readonly string[]
  /** Pause between polls when caught up (default 250 ms). */
  pollMs?: number
  /** Blocks fetched per round (default 50). */
  maxBlocksPerRound?: number
  /** Longest pause between retries while a node is down (default 5000 ms). */
  maxBackoffMs?: number
  /** How long stop() waits for a round in flight (default 2000 ms). */
  stopTimeoutMs?: number
  /** Where the indexer reports a node going down or coming back (default console.warn). */
  log?: (message: string) => void
}

export interface IndexerChainStatus {
  /** Last block stored, or null before the first. */
  lastBlock: bigint | null
  /** The node's head at the last poll, or null before the first answer. */
  head: bigint | null
  /** False while the node does not answer. */
  up: boolean
}

export interface Indexer {
  /** Stops polling; resolves once in-flight rounds are done (or after stopTimeoutMs). Idempotent. */
  stop(): Promise<void>
  /**
   * Resolves once `chain` is indexed up to `block` (default: the node's head now); rejects after
   * `timeoutMs` (default 10 s) or when the indexer stops.
   */
  waitFor(chain: string, block?: bigint, timeoutMs?: number): Promise<void>
  status(): Record<string, IndexerChainStatus>
}

class ChainResetError extends Error {}

interface ChainState {
  chain: string
  client: PublicClient
  last: { block: bigint; hash: string } | undefined
  head: bigint | undefined
  verified: boolean
}

/**
 * Follows every configured chain from block 0: `eth_blockNumber` (fresh, not viem's cached
 * getBlockNumber), each new block with its transactions, their receipts (status) and the Transfer /
 * Deposit / Withdrawal logs of the range (`eth_getLogs`), and stores legs and per-account entries.
 *
 * - Idempotent: a range and the chain's progress are stored in one transaction; rows have unique keys.
 * - Reorg-free chains only (the devnet): blocks are taken as final. A node that was reset (its head is
 *   below what was indexed, or the stored last block hash or a parent hash no longer matches) is
 *   reindexed from block 0 for that chain.
 * - A node that is down is retried with exponential backoff (chains/follower.ts).
 */
export function startIndexer(options: IndexerOptions): Indexer {
  const { db, chains } = options
  const pollMs = options.pollMs ?? 250
  const maxBlocks = BigInt(options.maxBlocksPerRound ?? 50)
  const maxBackoffMs = options.maxBackoffMs ?? 5000
  const log = options.log ?? ((message: string) => console.warn(`[indexer] ${message}`))

  const states = new Map<string, ChainState>()
  for (const chain of options.only ?? chains.supported()) {
    const client = chains.client(chain)
    if (!client) continue
    states.set(chain, { chain, client, last: undefined, head: undefined, verified: false })
  }

  const wrappedNativeOf = (chain: string): Address | undefined => {
    const configured = options.wrappedNative?.[chain] ?? options.tokens?.[chain]?.find((t) => t.symbol === 'WETH')?.address
    return configured ? (configured.toLowerCase() as Address) : undefined
  }

  async function reset(state: ChainState, reason: string) {
    log(`${state.chain}: ${reason}; reindexing from block 0`)
    await resetChain(db, state.chain)
    state.last = undefined
    state.verified = true
  }

  /** Stores the next blocks; true while the node is ahead. */
  async function round(state: ChainState, stop: AbortSignal): Promise<boolean> {
    if (!state.verified && !state.last) await resume(state)
    const head = BigInt(await state.client.request({ method: 'eth_blockNumber' }))
    state.head = head
    if (state.last && head < state.last.block) {
      await reset(state, `the node's head ${head} is below the indexed block ${state.last.block}`)
    } else if (state.last && !state.verified) {
      const block = await state.client.getBlock({ blockNumber: state.last.block })
      if (block.hash !== state.last.hash) await reset(state, `block ${state.last.block} changed`)
    }
    state.verified = true
    const from = state.last ? state.last.block + 1n : 0n
    if (from > head) return false
    const to = head < from + maxBlocks - 1n ? head : from + maxBlocks - 1n
    await indexRange(state, from, to, stop)
    return to < head
  }

  async function indexRange(state: ChainState, from: bigint, to: bigint, stop: AbortSignal): Promise<void> {
    const { chain, client } = state
    const numbers: bigint[] = []
    for (let n = from; n <= to; n++) numbers.push(n)
    const blocks = await mapLimit(numbers, 8, (blockNumber) => client.getBlock({ blockNumber, includeTransactions: true }))
    let parent = state.last?.hash
    for (const block of blocks) {
      if (parent !== undefined && block.parentHash !== parent)
        throw new ChainResetError(`block ${block.number} does not follow the indexed chain`)
      parent = block.hash ?? undefined
    }
    const logs = (await client.request({
      method: 'eth_getLogs',
      params: [
        { fromBlock: toHex(from), toBlock: toHex(to), topics: [[TRANSFER_TOPIC, DEPOSIT_TOPIC, WITHDRAWAL_TOPIC, USER_OPERATION_TOPIC]] },
      ],
    })) as unknown as RawLog[]
    const withTxs = blocks.filter((b) => b.transactions.length > 0)
    const receipts = new Map<string, RawReceipt>()
    await mapLimit(withTxs, 8, async (block) => {
      for (const r of await blockReceipts(
        client,
        block.number!,
        block.transactions.map((t) => t.hash),
      ))
        receipts.set(r.transactionHash.toLowerCase(), r)
    })

    const logsByTx = new Map<string, ChainLog[]>()
    for (const raw of logs) {
      if (raw.removed) continue
      const log: ChainLog = {
        address: raw.address,
        topics: raw.topics,
        data: raw.data,
        logIndex: Number(raw.logIndex),
        transactionHash: raw.transactionHash,
      }
      const key = raw.transactionHash.toLowerCase()
      logsByTx.set(key, [...(logsByTx.get(key) ?? []), log])
    }

    const known = await knownTokenAddresses(db, chain)
    const legRows: LegRow[] = []
    const entryRows: EntryRow[] = []
    const unknownTokens = new Set<string>()
    const wrappedNative = wrappedNativeOf(chain)
    for (const block of blocks) {
      const minedAt = new Date(Number(block.timestamp) * 1000)
      for (const t of block.transactions) {
        const receipt = receipts.get(t.hash.toLowerCase())
        if (!receipt) throw new Error(`no receipt for ${t.hash} in block ${block.number}`)
        const tx: ChainTx = {
          hash: t.hash,
          from: t.from,
          to: t.to ?? null,
          value: t.value,
          input: t.input,
          nonce: t.nonce,
          transactionIndex: t.transactionIndex ?? 0,
        }
        const success = receipt.status === '0x1'
        const txLogs = logsByTx.get(t.hash.toLowerCase()) ?? []
        // A bundler's handleOps: each successful user operation is its sender's (a smart account's batch).
        const operations = success ? userOperationsOf(tx, txLogs) : []
        const legs = buildLegs({
          tx,
          success,
          contractAddress: receipt.contractAddress,
          logs: txLogs,
          wrappedNative,
          innerCalls: operations.flatMap((operation) => operation.calls),
        })
        for (const leg of legs) {
          if (leg.token && !known.has(leg.token)) unknownTokens.add(leg.token)
          legRows.push({ ...leg, txHash: t.hash, blockNumber: block.number! })
        }
        const sentTo = (tx.to ?? receipt.contractAddress ?? '').toLowerCase()
        for (const entry of entriesOf(tx, legs, operations)) {
          entryRows.push({
            account: entry.account,
            txHash: t.hash,
            blockNumber: block.number!,
            txIndex: tx.transactionIndex,
            minedAt,
            operationType: entry.operationType,
            status: success ? 'confirmed' : 'failed',
            nonce: tx.nonce,
            sentFrom: tx.from,
            sentTo,
          })
        }
      }
    }
    const newTokens = await mapLimit([...unknownTokens], 4, (address) => readTokenMetadata(client, address as Address))
    const lastBlock = blocks.at(-1)!
    if (stop.aborted) return
    await saveRange(db, { chain, legs: legRows, entries: entryRows, newTokens, lastBlock: to, lastBlockHash: lastBlock.hash! })
    state.last = { block: to, hash: lastBlock.hash! }
  }

  /** The configured tokens and the stored progress, before a chain's first round. */
  async function resume(state: ChainState): Promise<void> {
    const configured = options.tokens?.[state.chain] ?? []
    await upsertTokens(
      db,
      state.chain,
      configured.map((t) => ({
        address: t.address,
        symbol: t.symbol,
        name: t.name,
        decimals: t.decimals,
        spam: t.spam === true,
        iconUrl: t.logoUri ?? null,
      })),
    )
    const progress = await loadProgress(db, state.chain)
    if (progress) state.last = { block: progress.lastBlock, hash: progress.lastBlockHash }
    else state.verified = true
  }

  const follower = startFollower({
    states,
    round,
    indexed: (state) => state.last?.block,
    head: async (chain) => BigInt(await states.get(chain)!.client.request({ method: 'eth_blockNumber' })),
    async recover(state, error) {
      if (!(error instanceof ChainResetError)) return false
      await reset(state, error.message)
      return true
    },
    describe,
    name: 'The indexer',
    pollMs,
    maxBackoffMs,
    ...(options.stopTimeoutMs !== undefined ? { stopTimeoutMs: options.stopTimeoutMs } : {}),
    log,
  })

  return {
    stop: () => follower.stop(),
    waitFor: (chain, block, timeoutMs) => follower.waitFor(chain, block, timeoutMs),
    status() {
      return Object.fromEntries(
        [...states.values()].map((s) => [s.chain, { lastBlock: s.last?.block ?? null, head: s.head ?? null, up: follower.isUp(s.chain) }]),
      )
    },
  }
}

interface RawLog {
  address: Address
  topics: Hex[]
  data: Hex
  logIndex: Hex
  transactionHash: Hex
  removed?: boolean
}

interface RawReceipt {
  transactionHash: Hex
  status: Hex
  contractAddress: Address | null
}

/** Receipts of one block: eth_getBlockReceipts, or one eth_getTransactionReceipt each where that is missing. */
async function blockReceipts(client: PublicClient, blockNumber: bigint, hashes: readonly Hex[]): Promise<RawReceipt[]> {
  try {
    const receipts = (await client.request({ method: 'eth_getBlockReceipts', params: [toHex(blockNumber)] })) as unknown as
      RawReceipt[] | null
    if (receipts && receipts.length === hashes.length) return receipts
  } catch (error) {
    if (isNetworkError(error)) throw error
  }
  return mapLimit(hashes, 8, async (hash) => {
    const receipt = (await client.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as unknown as RawReceipt | null
    if (!receipt) throw new Error(`no receipt for ${hash}`)
    return receipt
  })
}

/** symbol / name / decimals of a token that is not configured; neutral values where the contract does not answer. */
async function readTokenMetadata(client: PublicClient, address: Address): Promise<TokenRow> {
  const read = async <T>(functionName: 'symbol' | 'name' | 'decimals', fallback: T): Promise<T> => {
    try {
      return (await client.readContract({ address, abi: erc20Abi, functionName })) as T
    } catch (error) {
      if (isNetworkError(error)) throw error
      return fallback
    }
  }
  const [symbol, name, decimals] = await Promise.all([read('symbol', ''), read('name', ''), read('decimals', 0)])
  return { address, symbol: symbol.slice(0, 32), name: name.slice(0, 100), decimals: Number(decimals), spam: false, iconUrl: null }
}

function isNetworkError(error: unknown): boolean {
  if (error instanceof BaseError) return Boolean(error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError))
  return false
}

function describe(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}

async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i]!)
    }
  })
  await Promise.all(workers)
  return results
}
