import { decodeSs58, polkadotAddressOn } from '@airlock/chains/polkadot'
import type { ApiPromise } from '@polkadot/api'
import type { Codec } from '@polkadot/types/types'
import { formatUnits } from 'viem'
import { oneNetworkPage } from '../one-network-page'
import type { ChainRegistry } from '../registry'
import { nativeToken } from './balance'

/**
 * An account's transfers on a Polkadot network, read from the node (no indexer): the
 * `Balances.Transfer` events of its recent blocks, newest first. A node keeps no index by account,
 * so each page scans back at most SCAN_BLOCKS blocks from its cursor; a page can then be short, or
 * empty, with a `next` to scan further. The cursor is `<block number>-<transfers of that block
 * already shown>`.
 */

/** Blocks one page reads at most: two node calls each. */
export const SCAN_BLOCKS = 200
/** Blocks read at once. */
const CONCURRENCY = 20

/**
 * The fee an extrinsic paid: TransactionPayment's event, or AssetTxPayment's on chains that let
 * fees be paid in another asset (Asset Hubs), both `who, actualFee, tip`. A runtime older than
 * those events (the devnet's statemine 900) shows the fee only as the payer's first
 * `balances.Withdraw` of the extrinsic: the payment is withdrawn before the call runs.
 */
const FEE_EVENTS = ['transactionPayment.TransactionFeePaid', 'assetTxPayment.AssetTxFeePaid', 'balances.Withdraw']

const CURSOR = /^(\d{1,10})-(\d{1,4})$/

export interface PolkadotCursor {
  block: number
  skip: number
}

export function parsePolkadotCursor(text: string): PolkadotCursor | undefined {
  const match = CURSOR.exec(text)
  return match ? { block: Number(match[1]), skip: Number(match[2]) } : undefined
}

interface EventRecord {
  phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: Codec }
  event: { section: string; method: string; data: Codec[] }
}

interface FoundTransfer {
  block: number
  /** Its place among the account's transfers of the block, newest first. */
  position: number
  hash: string
  extrinsic: number | undefined
  from: Uint8Array
  to: Uint8Array
  amount: bigint
  fee: bigint | undefined
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])

/** The account's transfers in one block, newest first; the fee the account paid for its extrinsic beside each. */
async function transfersIn(api: ApiPromise, block: number, who: Uint8Array): Promise<FoundTransfer[]> {
  const hash = (await api.rpc.chain.getBlockHash(block)).toHex()
  const records = (await api.query['system']!['events']!.at(hash)) as unknown as EventRecord[]
  const extrinsicOf = (record: EventRecord) =>
    record.phase.isApplyExtrinsic ? Number(record.phase.asApplyExtrinsic.toString()) : undefined
  const found: Omit<FoundTransfer, 'position'>[] = []
  for (const record of records) {
    if (record.event.section !== 'balances' || record.event.method !== 'Transfer') continue
    const [from, to] = record.event.data.map((value) => value.toU8a()) as [Uint8Array, Uint8Array]
    if (!same(from, who) && !same(to, who)) continue
    const extrinsic = extrinsicOf(record)
    const paid = FEE_EVENTS.map((name) =>
      records.find(
        (other) =>
          `${other.event.section}.${other.event.method}` === name &&
          extrinsicOf(other) === extrinsic &&
          same(other.event.data[0]!.toU8a(), who),
      ),
    ).find((event) => event !== undefined)
    found.push({
      block,
      hash,
      extrinsic,
      from,
      to,
      amount: BigInt(record.event.data[2]!.toString()),
      fee: paid ? BigInt(paid.event.data[1]!.toString()) : undefined,
    })
  }
  return found.reverse().map((transfer, position) => ({ ...transfer, position }))
}

/** One page of `account`'s transfers on `caip2`, newest first. */
export async function polkadotHistoryPage(
  api: ApiPromise,
  query: { caip2: string; account: string; cursor: PolkadotCursor | undefined; limit: number },
) {
  const who = decodeSs58(query.account)!.publicKey
  const head = Number((await api.rpc.chain.getHeader()).number.toString())
  const start = Math.min(query.cursor?.block ?? head, head)
  const lowest = Math.max(0, start - SCAN_BLOCKS + 1)
  const skip = (transfer: FoundTransfer) => query.cursor?.block === transfer.block && transfer.position < query.cursor.skip
  const found: FoundTransfer[] = []
  // The next block to read is `scanned - 1`.
  let scanned = start + 1
  while (scanned > lowest && found.length < query.limit) {
    const numbers = Array.from({ length: Math.min(CONCURRENCY, scanned - lowest) }, (_, i) => scanned - 1 - i)
    const blocks = await Promise.all(numbers.map((block) => transfersIn(api, block, who)))
    found.push(...blocks.flat().filter((transfer) => !skip(transfer)))
    scanned = numbers.at(-1)!
  }
  const page = found.slice(0, query.limit)
  const last = page.at(-1)
  const next = found.length >= query.limit && last ? `${last.block}-${last.position + 1}` : scanned > 0 ? `${scanned - 1}-0` : null
  return { data: await Promise.all(page.map((transfer) => toHistoryTransaction(api, query, transfer))), next }
}

async function toHistoryTransaction(api: ApiPromise, query: { caip2: string; account: string }, transfer: FoundTransfer) {
  const token = nativeToken(api, query.caip2)
  const who = decodeSs58(query.account)!.publicKey
  const address = (id: Uint8Array) => polkadotAddressOn(id, query.caip2)
  const direction = same(transfer.from, transfer.to) ? ('self' as const) : same(transfer.from, who) ? ('out' as const) : ('in' as const)
  const [block, now] = await Promise.all([api.rpc.chain.getBlock(transfer.hash), api.query['timestamp']!['now']!.at(transfer.hash)])
  const extrinsic = transfer.extrinsic === undefined ? undefined : block.block.extrinsics[transfer.extrinsic]
  const hash = extrinsic?.hash.toHex() ?? transfer.hash
  const units = (planck: bigint) => formatUnits(planck, token.decimals)
  return {
    id: `${hash}:${query.caip2}`,
    metadata: {
      operationType: direction === 'in' ? 'receive' : 'send',
      hash,
      minedAt: new Date(Number(now.toString())).toISOString(),
      sentFrom: address(transfer.from),
      sentTo: address(transfer.to),
      status: 'confirmed' as const,
      nonce: extrinsic?.isSigned ? Number(extrinsic.nonce.toString()) : 0,
      chain: query.caip2,
      ...(transfer.fee !== undefined ? { fee: { symbol: token.symbol, quantity: { numeric: units(transfer.fee) } } } : {}),
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
export function polkadotHistory(chains: ChainRegistry) {
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
        networks.api(caip2)?.then((api) => polkadotHistoryPage(api, { caip2, account, cursor, limit })),
      ),
  }
}
