import { describe, expect, it } from 'vitest'
import { isSpam, visibleTransactions, type HistoryTransaction, type HistoryTransfer } from '../../core/http/accountData'
import {
  formatPendingCount,
  groupByYearMonth,
  newestFirst,
  operationLabel,
  pendingCount,
  statusOf,
  transferText,
  withPurchases,
} from './rules'
import { historyTransfer as transfer } from '../../testing/history'

const tx = (id: string, minedAt: string, fields: Partial<HistoryTransaction['metadata']> & { transfers?: HistoryTransfer[] } = {}) => {
  const { transfers = [transfer('out', '1', 'ETH')], ...metadata } = fields
  return {
    id,
    metadata: {
      operationType: 'send',
      hash: `0x${id}`,
      minedAt,
      sentFrom: '0xa',
      sentTo: '0xb',
      status: 'confirmed',
      nonce: 1,
      chain: 'eip155:31337',
      ...metadata,
    },
    transfers,
  } satisfies HistoryTransaction
}

describe('history rules', () => {
  it('drops a transaction whose transfers are all spam, and other chains', () => {
    const spam = tx('s', '2026-03-01T00:00:00Z', { transfers: [transfer('in', '1', 'SPAM', true), transfer('in', '2', 'JUNK', true)] })
    const mixed = tx('m', '2026-03-01T00:00:00Z', { transfers: [transfer('in', '1', 'SPAM', true), transfer('out', '1', 'ETH')] })
    const empty = tx('e', '2026-03-01T00:00:00Z', { transfers: [] })
    const other = tx('o', '2026-03-01T00:00:00Z', { chain: 'eip155:1' })
    expect(isSpam(spam)).toBe(true)
    expect(isSpam(mixed)).toBe(false)
    expect(isSpam(empty)).toBe(false)
    expect(visibleTransactions([spam, mixed, empty, other], 'eip155:31337').map((t) => t.id)).toEqual(['m', 'e'])
  })

  it('groups by year, then month, newest first', () => {
    const list = [
      tx('a', '2025-12-31T10:00:00'),
      tx('b', '2026-03-03T10:00:00'),
      tx('c', '2026-01-15T10:00:00'),
      tx('d', '2026-03-20T10:00:00'),
      tx('e', 'not a date'),
    ]
    const groups = groupByYearMonth(list)
    expect(groups.map((y) => y.year)).toEqual([2026, 2025, 0])
    expect(groups[0]!.months.map((m) => [m.label, m.transactions.map((t) => t.id)])).toEqual([
      ['March 2026', ['d', 'b']],
      ['January 2026', ['c']],
    ])
    expect(groups[1]!.months.map((m) => m.label)).toEqual(['December 2025'])
    expect(groups[2]!.months.map((m) => m.label)).toEqual(['Unknown date'])
  })

  it('lists a transaction once when two pages both hold it', () => {
    expect(newestFirst([tx('a', '2026-01-01T00:00:00Z'), tx('a', '2026-01-01T00:00:00Z')])).toHaveLength(1)
  })

  it('shows an on-ramp purchase instead of its payout transfer', () => {
    const payout = tx('p', '2026-03-02T00:00:00Z', { operationType: 'receive', hash: '0xABC' })
    const purchase = tx('buy-1', '2026-03-01T00:00:00Z', {
      operationType: 'buy',
      hash: '0xabc',
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
    })
    const pending = tx('buy-2', '2026-03-05T00:00:00Z', { operationType: 'buy', hash: '', status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' })
    const other = tx('x', '2026-03-04T00:00:00Z')
    expect(withPurchases([payout, other], [purchase, pending]).map((t) => t.id)).toEqual(['buy-2', 'x', 'buy-1'])
  })

  it('counts pending transactions, shown capped at 99', () => {
    const list = [
      tx('a', '2026-01-01T00:00:00Z', { status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' }),
      tx('b', '2026-01-01T00:00:00Z', { status: 'pending' }),
      tx('c', '2026-01-01T00:00:00Z'),
      tx('d', '2026-01-01T00:00:00Z', { status: 'failed' }),
    ]
    expect(pendingCount(list)).toBe(2)
    expect(formatPendingCount(0)).toBe('0')
    expect(formatPendingCount(99)).toBe('99')
    expect(formatPendingCount(100)).toBe('99+')
    expect(formatPendingCount(2500)).toBe('99+')
  })

  it('names the operation and the status as the api says', () => {
    expect(['send', 'receive', 'trade', 'buy', 'mint', 'approve', 'bridge'].map(operationLabel)).toEqual([
      'Sent',
      'Received',
      'Swapped',
      'Bought',
      'Minted',
      'Approved',
      'Bridge',
    ])
    expect(statusOf('confirmed')).toEqual({ label: 'Confirmed', tone: 'success' })
    expect(statusOf('ONRAMP_TRANSACTION_STATUS_SUCCESS')).toEqual({ label: 'Confirmed', tone: 'success' })
    expect(statusOf('failed')).toEqual({ label: 'Failed', tone: 'error' })
    expect(statusOf('ONRAMP_TRANSACTION_STATUS_FAILED').tone).toBe('error')
    expect(statusOf('ONRAMP_TRANSACTION_STATUS_IN_PROGRESS')).toEqual({ label: 'Pending', tone: 'pending' })
  })

  it('signs amounts by direction with 3 decimals, en-US', () => {
    expect(transferText(transfer('out', '1.5', 'ETH'))).toBe('-1.500 ETH')
    expect(transferText(transfer('in', '12345.6789', 'USDC'))).toBe('+12,345.679 USDC')
    expect(transferText(transfer('self', '0.0004', 'DAI'))).toBe('0.000 DAI')
    expect(transferText({ ...transfer('in', '2', ''), fungible_info: { name: '', symbol: '' } })).toBe('+2.000')
  })
})
