import type { ApiPromise } from '@polkadot/api'
import type { Codec } from '@polkadot/types/types'

/**
 * The `balances.Transfer` events of one block, as the history page (history.ts) scans them and the
 * index (indexer.ts) stores them: one reading, so a page from the index and a page from the scan
 * list the same entries.
 */

/**
 * The fee an extrinsic paid: TransactionPayment's event, or AssetTxPayment's on chains that let
 * fees be paid in another asset (Asset Hubs), both `who, actualFee, tip`. A runtime older than
 * those events (the devnet's statemine 900) shows the fee only as the payer's first
 * `balances.Withdraw` of the extrinsic: the payment is withdrawn before the call runs.
 */
const FEE_EVENTS = ['transactionPayment.TransactionFeePaid', 'assetTxPayment.AssetTxFeePaid', 'balances.Withdraw']

interface EventRecord {
  phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: Codec }
  event: { section: string; method: string; data: Codec[] }
}

export interface PolkadotTransfer {
  block: number
  blockHash: string
  /** Its event's place among the block's events: transfers of a block sort by it. */
  event: number
  extrinsic: number | undefined
  /** The extrinsic's hash; the block's for a transfer no extrinsic made. */
  hash: string
  nonce: number
  minedAt: Date
  from: Uint8Array
  to: Uint8Array
  amount: bigint
  /** What `from`, and what `to`, paid as the extrinsic's fee (a fee event naming them); undefined when none. */
  fromFee: bigint | undefined
  toFee: bigint | undefined
}

export const sameKey = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])

/**
 * The block's transfers that `keep` keeps, in event order. Two node calls for the block; two more
 * (the block's extrinsics, its timestamp) only when it holds a transfer kept.
 */
export async function transfersAt(
  api: ApiPromise,
  block: number,
  keep: (from: Uint8Array, to: Uint8Array) => boolean = () => true,
): Promise<{ blockHash: string; transfers: PolkadotTransfer[] }> {
  const blockHash = (await api.rpc.chain.getBlockHash(block)).toHex()
  const records = (await api.query['system']!['events']!.at(blockHash)) as unknown as EventRecord[]
  const extrinsicOf = (record: EventRecord) =>
    record.phase.isApplyExtrinsic ? Number(record.phase.asApplyExtrinsic.toString()) : undefined
  const feeOf = (who: Uint8Array, extrinsic: number | undefined) => {
    const paid = FEE_EVENTS.map((name) =>
      records.find(
        (other) =>
          `${other.event.section}.${other.event.method}` === name &&
          extrinsicOf(other) === extrinsic &&
          sameKey(other.event.data[0]!.toU8a(), who),
      ),
    ).find((event) => event !== undefined)
    return paid ? BigInt(paid.event.data[1]!.toString()) : undefined
  }
  const found = records.flatMap((record, event) => {
    if (record.event.section !== 'balances' || record.event.method !== 'Transfer') return []
    const [from, to] = record.event.data.map((value) => value.toU8a()) as [Uint8Array, Uint8Array]
    if (!keep(from, to)) return []
    const extrinsic = extrinsicOf(record)
    return [
      {
        event,
        extrinsic,
        from,
        to,
        amount: BigInt(record.event.data[2]!.toString()),
        fromFee: feeOf(from, extrinsic),
        toFee: feeOf(to, extrinsic),
      },
    ]
  })
  if (!found.length) return { blockHash, transfers: [] }
  const [signed, now] = await Promise.all([api.rpc.chain.getBlock(blockHash), api.query['timestamp']!['now']!.at(blockHash)])
  const minedAt = new Date(Number(now.toString()))
  const transfers = found.map((transfer) => {
    const extrinsic = transfer.extrinsic === undefined ? undefined : signed.block.extrinsics[transfer.extrinsic]
    return {
      ...transfer,
      block,
      blockHash,
      hash: extrinsic?.hash.toHex() ?? blockHash,
      nonce: extrinsic?.isSigned ? Number(extrinsic.nonce.toString()) : 0,
      minedAt,
    }
  })
  return { blockHash, transfers }
}
