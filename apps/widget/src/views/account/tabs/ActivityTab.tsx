import { formatDecimal, BALANCE_DECIMALS } from '@airlock/chains'
import { Fragment, useCallback, useEffect, useRef, useState } from 'react'
import { track } from '../../../actions/events'
import type { HistoryTransaction, HistoryTransfer } from '../../../api/accountData'
import { Button } from '../../../components/Button'
import { Spinner } from '../../../components/Spinner'
import { useWidget } from '../../../WidgetProvider'
import { TokenIcon } from './TokenIcon'
import { formatTime, monthOf, toastOnce } from './format'

/** SPEC section 8 toast and section 7 analytics event of a failed history fetch. */
export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions'

interface State {
  transactions: HistoryTransaction[]
  next: string | null
  phase: 'loading' | 'idle' | 'loading-more' | 'error'
}

const OPERATION_LABELS: Record<string, string> = {
  send: 'Sent',
  receive: 'Received',
  trade: 'Swapped',
  mint: 'Minted',
  burn: 'Burned',
  approve: 'Approved',
  deploy: 'Deployed',
  execute: 'Contract call',
}

export function operationLabel(operationType: string): string {
  return OPERATION_LABELS[operationType] ?? operationType.charAt(0).toUpperCase() + operationType.slice(1)
}

/** SPEC section 3 transaction status: chain statuses and the on-ramp's. */
export function statusOf(status: string): { label: string; tone: 'success' | 'error' | 'pending' } {
  if (status === 'confirmed' || status.endsWith('_SUCCESS')) return { label: 'Confirmed', tone: 'success' }
  if (status === 'failed' || status.endsWith('_FAILED')) return { label: 'Failed', tone: 'error' }
  if (status.endsWith('_IN_PROGRESS') || status === 'pending') return { label: 'Pending', tone: 'pending' }
  return { label: status, tone: 'pending' }
}

/** '-1.500 ETH' for what left the account, '+1.500 ETH' for what came in. */
export function transferText(transfer: HistoryTransfer): string {
  const sign = transfer.direction === 'out' ? '-' : transfer.direction === 'in' ? '+' : ''
  const symbol = transfer.fungible_info?.symbol ?? ''
  return `${sign}${formatDecimal(transfer.quantity.numeric, BALANCE_DECIMALS)}${symbol ? ` ${symbol}` : ''}`
}

/** The account's history on the active network, newest first, a page at a time (the api's cursor). */
export function ActivityTab({ address, caipNetworkId }: { address: string; caipNetworkId: string }) {
  const ctx = useWidget()
  const [state, setState] = useState<State>({ transactions: [], next: null, phase: 'loading' })
  const live = useRef(true)

  /** One page; the phase is set by whoever asks (the first page starts as 'loading'). */
  const fetchPage = useCallback(
    (cursor?: string) => {
      ctx.accountData.history(address, caipNetworkId, cursor).then(
        (page) => {
          if (!live.current) return
          setState((s) => {
            const before = cursor ? s.transactions : []
            const seen = new Set(before.map((tx) => tx.id))
            return { transactions: [...before, ...page.data.filter((tx) => !seen.has(tx.id))], next: page.next, phase: 'idle' }
          })
        },
        (error: unknown) => {
          if (!live.current) return
          setState((s) => ({ ...s, phase: cursor ? 'idle' : 'error' }))
          track(ctx, 'ERROR_FETCH_TRANSACTIONS', { message: error instanceof Error ? error.message.slice(0, 200) : 'unknown' })
          toastOnce(ctx, error, FAILED_TO_FETCH_TRANSACTIONS)
        },
      )
    },
    [ctx, address, caipNetworkId],
  )

  useEffect(() => {
    live.current = true
    fetchPage()
    return () => {
      live.current = false
    }
  }, [fetchPage])

  const retry = () => {
    setState((s) => ({ ...s, phase: 'loading' }))
    fetchPage()
  }
  const loadMore = () => {
    if (!state.next || state.phase !== 'idle') return
    setState((s) => ({ ...s, phase: 'loading-more' }))
    fetchPage(state.next)
  }

  if (state.phase === 'loading') {
    return (
      <div className="al-tab-state" data-testid="activity-loading">
        <Spinner size={16} label="Loading activity" />
      </div>
    )
  }
  if (state.phase === 'error') {
    return (
      <div className="al-tab-state" data-testid="activity-error">
        <span className="al-empty-title">{FAILED_TO_FETCH_TRANSACTIONS}</span>
        <Button variant="secondary" data-testid="activity-retry" onClick={retry}>
          Try again
        </Button>
      </div>
    )
  }
  if (state.transactions.length === 0) {
    return (
      <div className="al-tab-state" data-testid="activity-empty">
        <span className="al-empty-title">No activity yet</span>
        <span>Transfers and swaps of this account on this network show up here.</span>
      </div>
    )
  }

  return (
    <>
      <ul className="al-tab-list">
        {state.transactions.map((tx, i) => {
          const heading = monthOf(tx.metadata.minedAt)
          const previous = state.transactions[i - 1]
          const showHeading = !previous || monthOf(previous.metadata.minedAt) !== heading
          return (
            <Fragment key={tx.id}>
              {showHeading && <li className="al-activity-month">{heading}</li>}
              <ActivityRow tx={tx} />
            </Fragment>
          )
        })}
      </ul>
      {state.next && (
        <Button
          variant="secondary"
          className="al-activity-more"
          data-testid="activity-load-more"
          disabled={state.phase === 'loading-more'}
          onClick={loadMore}
        >
          {state.phase === 'loading-more' ? <Spinner size={14} label="Loading more" /> : 'Load more'}
        </Button>
      )}
    </>
  )
}

function ActivityRow({ tx }: { tx: HistoryTransaction }) {
  const status = statusOf(tx.metadata.status)
  const first = tx.transfers[0]
  const shown = tx.transfers.slice(0, 2)
  return (
    <li className="al-activity-row" data-testid="activity-row" data-direction={first?.direction} data-status={status.tone}>
      <TokenIcon url={first?.fungible_info?.icon?.url} symbol={first?.fungible_info?.symbol ?? tx.metadata.operationType} />
      <span className="al-token-main">
        <span className="al-token-symbol">{operationLabel(tx.metadata.operationType)}</span>
        <span className="al-token-name">
          <time dateTime={tx.metadata.minedAt}>{formatTime(tx.metadata.minedAt)}</time>
          {' · '}
          <span className="al-activity-status" data-tone={status.tone}>
            {status.label}
          </span>
        </span>
      </span>
      <span className="al-token-figures">
        {shown.map((transfer, i) => (
          <span key={i} className="al-activity-amount" data-direction={transfer.direction}>
            {transferText(transfer)}
          </span>
        ))}
        {tx.transfers.length > shown.length && <span className="al-token-name">+{tx.transfers.length - shown.length} more</span>}
      </span>
    </li>
  )
}
