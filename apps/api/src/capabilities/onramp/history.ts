import type { Database } from '../../platform/db/database'
import { encodeCursor } from '../history/cursor'
import { displayAddress, humanAmount, type HistoryTransaction, type OnrampStatus, type PriceLookup } from '../history/format'
import type { PurchaseHistory } from '../history/routes'
import { ONRAMP_PROVIDER_IDS } from './providers'
import { listPurchases, type PurchaseRow, type PurchaseStatus } from './store'

/** Purchase statuses as Coinbase's transaction status API (and AppKit's on-ramp activity view) name them. */
export const ONRAMP_STATUS: Record<PurchaseStatus, OnrampStatus> = {
  pending: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
  success: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
  failed: 'ONRAMP_TRANSACTION_STATUS_FAILED',
}

/**
 * A purchase as a history `Transaction` (AppKit's on-ramp activity reads `metadata.status`,
 * `metadata.minedAt`, `transfers[0].fungible_info.symbol` and `transfers[0].quantity.numeric`).
 * `minedAt` is when the purchase was made (the paging key); `hash` is the payout transaction ('' until sent).
 */
export function purchaseToTransaction(row: PurchaseRow, prices: PriceLookup): HistoryTransaction {
  const numeric = humanAmount(row.crypto_units, row.decimals)
  const price = Number(row.usd_price) || (prices(row.chain, row.token_address, row.asset) ?? 0)
  return {
    id: row.id,
    metadata: {
      operationType: 'buy',
      hash: row.tx_hash ?? '',
      minedAt: new Date(row.created_at).toISOString(),
      sentFrom: displayAddress(row.sent_from),
      sentTo: displayAddress(row.destination),
      status: ONRAMP_STATUS[row.status],
      nonce: row.nonce === null ? 0 : Number(row.nonce),
      chain: row.chain,
    },
    transfers: [
      {
        fungible_info: { name: row.asset_name, symbol: row.asset },
        direction: 'in',
        quantity: { numeric },
        value: price * Number(numeric),
        price,
      },
    ],
  }
}

/** The purchases of `GET /account/:account/history?onramp=<provider>`, newest first, one page of `limit`. */
export function purchaseHistory(db: Database): PurchaseHistory {
  return {
    providers: ONRAMP_PROVIDER_IDS,
    async page({ destination, provider, chains, cursor, limit, prices }) {
      const rows = await listPurchases(db, { destination, provider, chains, cursor, limit: limit + 1 })
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      const next = rows.length > limit && last ? encodeCursor({ kind: 'o', createdAt: last.created_at.toISOString(), id: last.id }) : null
      return { data: page.map((row) => purchaseToTransaction(row, prices)), next }
    },
  }
}
