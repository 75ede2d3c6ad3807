import { BALANCE_DECIMALS, formatDecimal } from '@airlock/chains'
import type { HistoryTransaction, HistoryTransfer } from '@airlock/protocol'

/**
 * The transaction history's rules (SPEC sections 3, 5 and 9), apart from React and I/O: which
 * transactions show, how they group, and the words and figures of a row.
 */

/** SPEC section 9: the pending count reads '99+' above this. */
export const MAX_PENDING_SHOWN = 99

const time = (tx: HistoryTransaction) => {
  const at = Date.parse(tx.metadata.minedAt)
  return Number.isNaN(at) ? -Infinity : at
}

/** Newest first; the same id twice (a page boundary that moved) counts once. */
export function newestFirst(transactions: readonly HistoryTransaction[]): HistoryTransaction[] {
  const seen = new Set<string>()
  return transactions.filter((tx) => !seen.has(tx.id) && seen.add(tx.id)).sort((a, b) => time(b) - time(a))
}

/**
 * On-ramp purchases (the history's `onramp` answer) among the chain's transactions: a purchase
 * stands for its payout transaction, which is then not listed a second time as a plain receive.
 */
export function withPurchases(chain: readonly HistoryTransaction[], purchases: readonly HistoryTransaction[]): HistoryTransaction[] {
  const paidOut = new Set(purchases.map((p) => p.metadata.hash.toLowerCase()).filter(Boolean))
  return newestFirst([...chain.filter((tx) => !paidOut.has(tx.metadata.hash.toLowerCase())), ...purchases])
}

export interface MonthGroup {
  /** 'March 2026'. */
  label: string
  /** 0-11. */
  month: number
  transactions: HistoryTransaction[]
}

export interface YearGroup {
  year: number
  months: MonthGroup[]
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' })

/**
 * SPEC section 3 transactionsByYear: by year, then by month, newest first, in the user's time
 * zone. A date that does not parse goes last, under 'Unknown date'.
 */
export function groupByYearMonth(transactions: readonly HistoryTransaction[]): YearGroup[] {
  const years: YearGroup[] = []
  for (const tx of newestFirst(transactions)) {
    const date = new Date(tx.metadata.minedAt)
    const known = !Number.isNaN(date.getTime())
    const year = known ? date.getFullYear() : 0
    const month = known ? date.getMonth() : 0
    let yearGroup = years.at(-1)
    if (yearGroup?.year !== year) years.push((yearGroup = { year, months: [] }))
    let monthGroup = yearGroup.months.at(-1)
    if (monthGroup?.month !== month) {
      yearGroup.months.push((monthGroup = { label: known ? monthYear.format(date) : 'Unknown date', month, transactions: [] }))
    }
    monthGroup.transactions.push(tx)
  }
  return years
}

export type StatusTone = 'success' | 'error' | 'pending'

/** SPEC section 3 transaction status: the chain's ('confirmed', 'failed', 'pending') and the on-ramp's. */
export function statusOf(status: string): { label: string; tone: StatusTone } {
  if (status === 'confirmed' || status.endsWith('_SUCCESS')) return { label: 'Confirmed', tone: 'success' }
  if (status === 'failed' || status.endsWith('_FAILED')) return { label: 'Failed', tone: 'error' }
  if (status.endsWith('_IN_PROGRESS') || status === 'pending') return { label: 'Pending', tone: 'pending' }
  return { label: status, tone: 'pending' }
}

/** How many of the transactions are still pending. */
export function pendingCount(transactions: readonly HistoryTransaction[]): number {
  return transactions.filter((tx) => statusOf(tx.metadata.status).tone === 'pending').length
}

/** SPEC section 9: pending transactions shown capped at 99. */
export function formatPendingCount(count: number): string {
  return count > MAX_PENDING_SHOWN ? `${MAX_PENDING_SHOWN}+` : String(count)
}

const OPERATION_LABELS: Record<string, string> = {
  send: 'Sent',
  receive: 'Received',
  trade: 'Swapped',
  buy: 'Bought',
  mint: 'Minted',
  burn: 'Burned',
  approve: 'Approved',
  deploy: 'Deployed',
  execute: 'Contract call',
}

/** The api's operationType as the row's title ('Sent', 'Swapped', 'Bought', …); an unknown one capitalised. */
export function operationLabel(operationType: string): string {
  return OPERATION_LABELS[operationType] ?? operationType.charAt(0).toUpperCase() + operationType.slice(1)
}

/** '-1.500 ETH' for what left the account, '+1.500 ETH' for what came in (SPEC section 9: 3 decimals). */
export function transferText(transfer: HistoryTransfer): string {
  const sign = transfer.direction === 'out' ? '-' : transfer.direction === 'in' ? '+' : ''
  const symbol = transfer.fungible_info.symbol
  return `${sign}${formatDecimal(transfer.quantity.numeric, BALANCE_DECIMALS)}${symbol ? ` ${symbol}` : ''}`
}
