import type { OnrampPurchase } from '@airlock/protocol'

/** Which purchase in the on-ramp history is the one just started, and how far it got. */

export type PurchaseStatus = 'pending' | 'success' | 'failed'

export interface LandedPurchase {
  id: string
  status: PurchaseStatus
  /** Human decimal string. */
  amount: string
  symbol: string
  hash: string
}

const STATUS: Record<OnrampPurchase['metadata']['status'], PurchaseStatus> = {
  ONRAMP_TRANSACTION_STATUS_IN_PROGRESS: 'pending',
  ONRAMP_TRANSACTION_STATUS_SUCCESS: 'success',
  ONRAMP_TRANSACTION_STATUS_FAILED: 'failed',
}

/** The newest purchase of `symbol` made after `startedAt` (ms), if one has landed. */
export function findPurchase(purchases: readonly OnrampPurchase[], startedAt: number, symbol: string): LandedPurchase | undefined {
  const wanted = symbol.toUpperCase()
  const match = purchases
    .map((p) => ({ p, at: Date.parse(p.metadata.minedAt) }))
    .filter(({ p, at }) => at > startedAt && p.transfers[0]?.fungible_info.symbol.toUpperCase() === wanted)
    .sort((a, b) => b.at - a.at)[0]?.p
  if (!match) return undefined
  const transfer = match.transfers[0]!
  return {
    id: match.id,
    status: STATUS[match.metadata.status],
    amount: transfer.quantity.numeric,
    symbol: transfer.fungible_info.symbol,
    hash: match.metadata.hash,
  }
}
