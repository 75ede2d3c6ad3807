import { RpcErrorCode, type RpcErrorObject } from '@airlock/protocol'
import * as z from 'zod'

export const BlockTag = z.enum(['earliest', 'latest', 'pending', 'safe', 'finalized'])
export type BlockTag = z.infer<typeof BlockTag>

const BlockRef = z.union([z.string().regex(/^0x[0-9a-fA-F]{1,16}$/), BlockTag])
type BlockRef = z.infer<typeof BlockRef>

const GetLogsParams = z.tuple([
  z.looseObject({ fromBlock: BlockRef.optional(), toBlock: BlockRef.optional(), blockHash: z.string().optional() }),
])

/** What an eth_getLogs call asks for, as far as its cost goes. */
export type LogQuery = { kind: 'blockHash' } | { kind: 'range'; from: BlockRef; to: BlockRef } | { kind: 'invalid' }

export function parseLogQuery(params: unknown): LogQuery {
  const parsed = GetLogsParams.safeParse(params)
  if (!parsed.success) return { kind: 'invalid' }
  const [filter] = parsed.data
  if (filter.blockHash !== undefined) return { kind: 'blockHash' }
  // The JSON-RPC defaults: a filter without a range asks for the latest block only.
  return { kind: 'range', from: filter.fromBlock ?? 'latest', to: filter.toBlock ?? 'latest' }
}

/** The tags whose block numbers the query's span depends on ('earliest' is block 0 everywhere). */
export function tagsOf(query: LogQuery): BlockTag[] {
  if (query.kind !== 'range') return []
  return [query.from, query.to].filter((ref): ref is BlockTag => BlockTag.safeParse(ref).success && ref !== 'earliest')
}

function numberOf(ref: BlockRef, numbers: ReadonlyMap<BlockTag, bigint>): bigint | undefined {
  if (ref === 'earliest') return 0n
  const tag = BlockTag.safeParse(ref)
  return tag.success ? numbers.get(tag.data) : BigInt(ref)
}

/**
 * Why the proxy refuses this eth_getLogs, or undefined: a malformed filter (the span cannot be
 * told), a tag the node did not resolve, or a range over `maxBlocks` (fromBlock and toBlock
 * included). `numbers` holds the block numbers of the query's tags (`tagsOf`).
 */
export function logRangeError(query: LogQuery, numbers: ReadonlyMap<BlockTag, bigint>, maxBlocks: number): RpcErrorObject | undefined {
  if (query.kind === 'blockHash') return undefined
  if (query.kind === 'invalid') {
    return {
      code: RpcErrorCode.InvalidParams,
      message:
        'eth_getLogs takes one filter object with a blockHash, or a fromBlock and toBlock that are hex block numbers or tags (earliest, latest, pending, safe, finalized)',
    }
  }
  const from = numberOf(query.from, numbers)
  const to = numberOf(query.to, numbers)
  if (from === undefined || to === undefined) {
    const tag = from === undefined ? query.from : query.to
    return {
      code: RpcErrorCode.InternalError,
      message: `Could not check the eth_getLogs block range: the RPC node did not give the number of block '${tag}'`,
    }
  }
  // A reversed range is the node's error to answer; it spans nothing.
  const span = to >= from ? to - from + 1n : 0n
  if (span <= BigInt(maxBlocks)) return undefined
  return {
    code: RpcErrorCode.LimitExceeded,
    message: `eth_getLogs over ${span} blocks exceeds the limit of ${maxBlocks} blocks per call: narrow fromBlock..toBlock or query by blockHash`,
  }
}
