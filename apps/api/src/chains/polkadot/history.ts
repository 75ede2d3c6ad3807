import { decodeSs58, polkadotAddressOn } from '@airlock/chains/polkadot'
import type { ApiPromise } from '@polkadot/api'
import { formatUnits } from 'viem'
import { oneNetworkPage } from '../one-network-page'
import type { ChainRegistry } from '../registry'
import type { Database } from '../../platform/db/database'
import { nativeToken } from './balance'
import { sameKey, transfersAt, type PolkadotTransfer } from './block-transfers'
import { indexedTransfers, loadIndexProgress } from './index-store'

/**
 * An account's transfers on a Polkadot network, newest first. A node keeps no index by account, so
 * the API keeps one (indexer.ts): from the block where it first followed the network, a page reads
 * its table. Blocks below that start are scanned from the node, at most SCAN_BLOCKS a page; a page
 * can then be short, or empty, with a `next` to scan further. The newest blocks the index has not
 * reached (it stores finalized blocks only; a few when it keeps up) are scanned too, rather than
 * waited for, so a transfer is listed once its block is built, as before the index. A page that
 * reaches the index's start ends there, with a `next` that scans below it: the common first page,
 * an account with few transfers, answers from the index alone. The cursor is `<block
 * number>-<transfers of that block already shown>`, the same for both.
 */

/** Blocks one page scans at most: two node calls each. */
export const SCAN_BLOCKS = 200
/** Blocks read at once. */
const CONCURRENCY = 20

const CURSOR = /^(\d{1,10})-(\d{1,4})$/

export interface PolkadotCursor {
  block: number
  skip: number
}

export function parsePolkadotCursor(text: string): PolkadotCursor | undefined {
  const match = CURSOR.exec(text)
  return match ? { block: Number(match[1]), skip: Number(match[2]) } : undefined
}

type Found = PolkadotTransfer & { position: number }

/** The account's transfers in blocks `start` down to `lowest`, newest first, until `limit` are found; `scanned` is the lowest block read. */
async function scan(
  api: ApiPromise,
  who: Uint8Array,
  range: { start: number; lowest: number; cursor: PolkadotCursor | undefined; limit: number },
) {
  const involves = (from: Uint8Array, to: Uint8Array) => sameKey(from, who) || sameKey(to, who)
  const skip = (transfer: Found) => range.cursor?.block === transfer.block && transfer.position < range.cursor.skip
  const found: Found[] = []
  // The next block to read is `scanned - 1`.
  let scanned = range.start + 1
  while (scanned > range.lowest && found.length < range.limit) {
    const numbers = Array.from({ length: Math.min(CONCURRENCY, scanned - range.lowest) }, (_, i) => scanned - 1 - i)
    const blocks = await Promise.all(numbers.map((block) => transfersAt(api, block, involves)))
    for (const { transfers } of blocks) {
      found.push(
        ...transfers
          .reverse()
          .map((transfer, position) => ({ ...transfer, position }))
          .filter((transfer) => !skip(transfer)),
      )
    }
    scanned = numbers.at(-1)!
  }
  return { found, scanned }
}

/** One page of `account`'s transfers on `caip2`, newest first: from the index where it has them (`db` undefined: the scan alone). */
export async function polkadotHistoryPage(
  api: ApiPromise,
  db: Database | undefined,
  query: { caip2: string; account: string; cursor: PolkadotCursor | undefined; limit: number },
) {
  const who = decodeSs58(query.account)!.publicKey
  const { cursor, limit } = query
  const [header, index] = await Promise.all([api.rpc.chain.getHeader(), db && loadIndexProgress(db, query.caip2)])
  const head = Number(header.number.toString())
  const start = Math.min(cursor?.block ?? head, head)
  // `full`: transfers may follow the page's last; else the next page starts at block `below`.
  const page = (found: Found[], below: number, full = found.length >= limit) => {
    const shown = found.slice(0, limit)
    const last = shown.at(-1)
    const next = full && last ? `${last.block}-${last.position + 1}` : below >= 0 ? `${below}-0` : null
    return { data: shown.map((transfer) => toHistoryTransaction(api, query, who, transfer)), next }
  }

  if (!index || start < index.first) {
    const { found, scanned } = await scan(api, who, { start, lowest: Math.max(0, start - SCAN_BLOCKS + 1), cursor, limit })
    return page(found, scanned - 1)
  }
  const found: Found[] = []
  if (start > index.last) {
    const unindexed = await scan(api, who, { start, lowest: Math.max(index.last + 1, start - SCAN_BLOCKS + 1), cursor, limit })
    if (unindexed.found.length >= limit || unindexed.scanned > index.last + 1) return page(unindexed.found, unindexed.scanned - 1)
    found.push(...unindexed.found)
  }
  const from = Math.min(start, index.last)
  const indexed = await indexedTransfers(db!, {
    chain: query.caip2,
    who,
    from,
    skip: cursor?.block === from ? cursor.skip : 0,
    lowest: index.first,
    // One more than the page holds: whether a next page has any.
    limit: limit - found.length + 1,
  })
  return page([...found, ...indexed], index.first - 1, found.length + indexed.length > limit)
}

function toHistoryTransaction(api: ApiPromise, query: { caip2: string }, who: Uint8Array, transfer: PolkadotTransfer) {
  const token = nativeToken(api, query.caip2)
  const address = (id: Uint8Array) => polkadotAddressOn(id, query.caip2)
  const sent = sameKey(transfer.from, who)
  const direction = sameKey(transfer.from, transfer.to) ? ('self' as const) : sent ? ('out' as const) : ('in' as const)
  const fee = sent ? transfer.fromFee : transfer.toFee
  const units = (planck: bigint) => formatUnits(planck, token.decimals)
  return {
    id: `${transfer.hash}:${query.caip2}`,
    metadata: {
      operationType: direction === 'in' ? 'receive' : 'send',
      hash: transfer.hash,
      minedAt: transfer.minedAt.toISOString(),
      sentFrom: address(transfer.from),
      sentTo: address(transfer.to),
      status: 'confirmed' as const,
      nonce: transfer.nonce,
      chain: query.caip2,
      ...(fee !== undefined ? { fee: { symbol: token.symbol, quantity: { numeric: units(fee) } } } : {}),
    },
    transfers: [
      {
        fungible_info: { name: token.name, symbol: token.symbol },
        direction,
        quantity: { numeric: units(transfer.amount) },
        value: 0,
        price: 0,
      },
    ],
  }
}

/** The polkadot side of the history route (history/routes.ts): block cursors, one network per page (a block number means nothing on another). */
export function polkadotHistory(chains: ChainRegistry, db?: Database) {
  const networks = chains.family('polkadot')
  return {
    parseCursor: parsePolkadotCursor,
    supports: (chain: string) => networks.supported().includes(chain),
    page: ({
      account,
      chain,
      cursor,
      limit,
    }: {
      account: string
      chain: string | undefined
      cursor: PolkadotCursor | undefined
      limit: number
    }) =>
      // A Polkadot account is the same on every network: with several, the caller says which.
      oneNetworkPage({ networks: chain ? [chain] : networks.supported(), account, who: 'a Polkadot account' }, (caip2) =>
        networks.api(caip2)?.then((api) => polkadotHistoryPage(api, db, { caip2, account, cursor, limit })),
      ),
  }
}
