import type { HistoryTransfer } from '../core/http/accountData'

/** A history transfer of `numeric` `symbol` (test data); `spam` flags it as the api flags spam. */
export const historyTransfer = (
  direction: HistoryTransfer['direction'],
  numeric: string,
  symbol: string,
  spam = false,
): HistoryTransfer => ({
  fungible_info: { name: symbol, symbol },
  ...(spam ? { nft_info: { name: symbol, flags: { is_spam: true } } } : {}),
  direction,
  quantity: { numeric },
  value: 0,
  price: 0,
})
