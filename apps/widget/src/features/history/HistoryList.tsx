import { useAtomValue } from 'jotai'
import { Fragment, useEffect, useRef } from 'react'
import type { HistoryTransaction } from '../../core/http/accountData'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { formatPendingCount, groupByYearMonth, operationLabel, statusOf, transferText } from './rules'
import { FAILED_TO_FETCH_TRANSACTIONS, historyAtom, historyListAtom, loadHistory, loadMoreHistory, pendingCountAtom } from './store'
import { useWidget } from '../../core/react'
import { TokenIcon } from '../../ui/TokenIcon'
import { formatTime } from '../../ui/format'
import '../../ui/tokens.css'
import './history.css'

/**
 * The account's history on the active network (SPEC sections 3 and 5), shared by the embedded
 * wallet's Activity tab and the Transactions view: grouped by year then month, newest first; the
 * next page loads when the end of the list scrolls into view.
 */
export function HistoryList({ address, caipNetworkId }: { address: string; caipNetworkId: string }) {
  const ctx = useWidget()
  const state = useAtomValue(historyAtom)
  const transactions = useAtomValue(historyListAtom)
  const pending = useAtomValue(pendingCountAtom)
  const end = useRef<HTMLDivElement>(null)

  useEffect(() => {
    void loadHistory(ctx, address, caipNetworkId)
  }, [ctx, address, caipNetworkId])

  const phase = state?.caipNetworkId === caipNetworkId && state.address === address ? state.phase : 'loading'
  const canAutoLoad = phase === 'idle' && Boolean(state?.next)

  useEffect(() => {
    const target = end.current
    if (!canAutoLoad || !target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMoreHistory(ctx)
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [ctx, canAutoLoad])

  if (phase === 'loading') {
    return (
      <div className="al-tab-state" data-testid="activity-loading">
        <Spinner size={16} label="Loading activity" />
      </div>
    )
  }
  if (phase === 'error') {
    return (
      <div className="al-tab-state" data-testid="activity-error">
        <span className="al-empty-title">{FAILED_TO_FETCH_TRANSACTIONS}</span>
        <Button variant="secondary" data-testid="activity-retry" onClick={() => void loadHistory(ctx, address, caipNetworkId)}>
          Try again
        </Button>
      </div>
    )
  }
  if (transactions.length === 0) {
    return (
      <div className="al-tab-state" data-testid="activity-empty">
        <span className="al-empty-title">No activity yet</span>
        <span>Transfers and swaps of this account on this network show up here.</span>
      </div>
    )
  }

  return (
    <div className="al-history" data-testid="activity-list">
      {pending > 0 && (
        <span className="al-history-pending" data-testid="activity-pending" title={`${pending} pending`}>
          {formatPendingCount(pending)} pending
        </span>
      )}
      <ul className="al-tab-list">
        {groupByYearMonth(transactions).map((year) => (
          <Fragment key={year.year}>
            {year.months.map((month) => (
              <Fragment key={`${year.year}-${month.month}`}>
                <li className="al-activity-month" data-testid="activity-month">
                  {month.label}
                </li>
                {month.transactions.map((tx) => (
                  <ActivityRow key={tx.id} tx={tx} />
                ))}
              </Fragment>
            ))}
          </Fragment>
        ))}
        {state?.next && (
          <li className="al-activity-end">
            <div ref={end} data-testid="activity-end" />
            {phase === 'loading-more' ? (
              <Spinner size={14} label="Loading more" />
            ) : (
              <Button
                variant="secondary"
                className="al-activity-more"
                data-testid="activity-load-more"
                onClick={() => void loadMoreHistory(ctx)}
              >
                Load more
              </Button>
            )}
          </li>
        )}
      </ul>
    </div>
  )
}

function ActivityRow({ tx }: { tx: HistoryTransaction }) {
  const status = statusOf(tx.metadata.status)
  const first = tx.transfers[0]
  const shown = tx.transfers.slice(0, 2)
  return (
    <li
      className="al-activity-row"
      data-testid="activity-row"
      data-operation={tx.metadata.operationType}
      data-direction={first?.direction}
      data-status={status.tone}
    >
      <TokenIcon url={first?.fungible_info.icon?.url} symbol={first?.fungible_info.symbol ?? tx.metadata.operationType} />
      <span className="al-token-main">
        <span className="al-token-symbol" data-testid="activity-operation">
          {operationLabel(tx.metadata.operationType)}
        </span>
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
          <span key={i} className="al-activity-amount" data-testid="activity-amount" data-direction={transfer.direction}>
            {transferText(transfer)}
          </span>
        ))}
        {tx.transfers.length > shown.length && <span className="al-token-name">+{tx.transfers.length - shown.length} more</span>}
      </span>
    </li>
  )
}
