import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { goBack } from '../../core/router/navigation'
import { confirmSwap, prepareSwapTransaction } from './actions'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { swapAtom, type SwapState } from './store'
import { parseSwapAmount } from './amount'
import { formatDestination } from './quote'
import { useWidget } from '../../core/react'
import { TokenIcon } from '../../ui/TokenIcon'
import { SwapDetailsList } from './SwapDetailsList'
import '../../ui/tokens.css'
import './swap.css'

/**
 * The transaction about to be sent: the approval first when the allowance is short, then the swap;
 * or both in one batch where the wallet runs calls atomically (a smart account).
 */
export default function SwapPreviewView() {
  const ctx = useWidget()
  const s = useAtomValue(swapAtom)

  useEffect(() => {
    void prepareSwapTransaction(ctx)
  }, [ctx])

  const { sourceToken, toToken } = s
  if (!sourceToken || !toToken) return null
  const amount = parseSwapAmount(s.sourceTokenAmount, sourceToken.decimals)
  const busy = s.loadingTransaction || s.sending !== undefined
  const ready = !!(s.approvalTransaction ?? s.swapTransaction)

  return (
    <div className="al-swap" data-testid="swap-preview">
      <div className="al-panel al-swap-box al-swap-row">
        <span>
          Sell <strong data-testid="swap-preview-source">{amount.ok ? `${amount.value} ${sourceToken.symbol}` : ''}</strong>
        </span>
        <TokenIcon url={sourceToken.logoUri} symbol={sourceToken.symbol} />
      </div>
      <div className="al-panel al-swap-box al-swap-row">
        <span>
          Receive{' '}
          <strong data-testid="swap-preview-to">
            {s.toUnits !== undefined ? `${formatDestination(s.toUnits, toToken.decimals)} ${toToken.symbol}` : ''}
          </strong>
        </span>
        <TokenIcon url={toToken.logoUri} symbol={toToken.symbol} />
      </div>
      {s.loadingTransaction ? (
        <div className="al-view-loading" data-testid="swap-preview-loading">
          <Spinner label="Preparing the transaction" />
        </div>
      ) : (
        <SwapDetailsList state={s} />
      )}
      {s.approvalTransaction && (
        <p className="al-muted" data-testid="swap-approval-note">
          {sourceToken.symbol} needs your approval before the swap: two transactions, the approval then the swap.
        </p>
      )}
      {s.batchedApproval && (
        <p className="al-muted" data-testid="swap-batch-note">
          The {sourceToken.symbol} approval and the swap go together: one confirmation, both or neither.
        </p>
      )}
      <div className="al-swap-actions">
        <Button variant="secondary" data-testid="swap-preview-cancel" onClick={() => goBack(ctx)}>
          Cancel
        </Button>
        <Button data-testid="swap-preview-confirm" disabled={busy || !ready} onClick={() => void confirmSwap(ctx)}>
          {confirmLabel(s, sourceToken.symbol)}
        </Button>
      </div>
    </div>
  )
}

function confirmLabel(s: SwapState, symbol: string): string {
  if (s.sending === 'approval') return 'Approving…'
  if (s.sending === 'swap') return 'Swapping…'
  // Not 'Swap' while the allowance is read: the approval may come first.
  if (s.loadingTransaction) return 'Preparing…'
  if (s.approvalTransaction) return `Approve ${symbol}`
  return 'Swap'
}
