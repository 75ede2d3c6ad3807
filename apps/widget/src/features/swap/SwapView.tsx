import { BALANCE_DECIMALS, formatDecimal } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { initSwap, setSourceAmount, switchSwapTokens } from './actions'
import { AmountInput } from '../../ui/AmountInput'
import { Button, IconButton } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { canReviewSwapAtom, canSwitchTokensAtom, swapAtom, type SwapState } from './store'
import { navigateAtom } from '../../core/router/atoms'
import { formatDestination, unitsToUsd } from './quote'
import { parseSwapAmount } from './amount'
import type { SwapToken } from './tokens'
import { useWidget } from '../../core/react'
import { formatUsd } from '../../ui/format'
import { TokenIcon } from '../../ui/TokenIcon'
import { SwapDetailsList } from './SwapDetailsList'
import '../../ui/tokens.css'
import './swap.css'

/** SPEC section 4 swap: source amount and token, destination token and quoted amount, then the preview. */
export default function SwapView() {
  const ctx = useWidget()
  const s = useAtomValue(swapAtom)
  const canReview = useAtomValue(canReviewSwapAtom)
  const canSwitch = useAtomValue(canSwitchTokensAtom)

  useEffect(() => {
    void initSwap(ctx)
  }, [ctx])

  if (s.status !== 'initialized') {
    return (
      <div className="al-view-loading" data-testid="swap-loading">
        <Spinner label="Loading swap" />
      </div>
    )
  }

  const pick = (target: 'sourceToken' | 'toToken') =>
    ctx.store.set(navigateAtom, { type: 'push', route: { name: 'SwapSelectToken', params: { target } } })
  const source = s.sourceToken
  const sourceUnits = source ? parseSwapAmount(s.sourceTokenAmount, source.decimals) : undefined
  const sourcePrice = source ? s.tokensPriceMap[source.address.toLowerCase()] : undefined
  const toPrice = s.toToken ? s.tokensPriceMap[s.toToken.address.toLowerCase()] : undefined

  return (
    <div className="al-swap" data-testid="swap-view">
      <div className="al-panel al-swap-box">
        <div className="al-swap-row">
          <AmountInput
            className="al-swap-input"
            testId="swap-input-source"
            aria-label="Amount to swap"
            value={s.sourceTokenAmount}
            invalid={Boolean(s.inputError)}
            onValueChange={(value) => setSourceAmount(ctx, value)}
          />
          <TokenButton token={source} testId="swap-token-source" onClick={() => pick('sourceToken')} />
        </div>
        <div className="al-swap-row al-muted">
          <span data-testid="swap-source-usd">
            {sourceUnits?.ok && sourcePrice !== undefined ? formatUsd(unitsToUsd(sourceUnits.units, source!.decimals, sourcePrice)) : ''}
          </span>
          <HeldBalance token={source} />
        </div>
      </div>
      <IconButton
        className="al-swap-switch"
        data-testid="swap-switch"
        aria-label="Switch tokens"
        disabled={!canSwitch}
        onClick={() => switchSwapTokens(ctx)}
      >
        ⇅
      </IconButton>
      <div className="al-panel al-swap-box">
        <div className="al-swap-row">
          <span className="al-swap-output" data-testid="swap-output">
            {s.loadingQuote ? (
              <Spinner size={16} label="Getting a quote" />
            ) : s.toUnits !== undefined && s.toToken ? (
              formatDestination(s.toUnits, s.toToken.decimals)
            ) : (
              '0'
            )}
          </span>
          <TokenButton token={s.toToken} testId="swap-token-to" onClick={() => pick('toToken')} />
        </div>
        <div className="al-swap-row al-muted">
          <span data-testid="swap-to-usd">
            {s.toUnits !== undefined && s.toToken && toPrice !== undefined
              ? formatUsd(unitsToUsd(s.toUnits, s.toToken.decimals, toPrice))
              : ''}
          </span>
          <HeldBalance token={s.toToken} />
        </div>
      </div>
      {s.inputError && (
        <p className="al-error-text" role="alert" data-testid="swap-input-error">
          {s.inputError}
          {s.inputHint ? <span className="al-swap-hint">{s.inputHint}</span> : null}
        </p>
      )}
      {s.fetchError && (
        <p className="al-error-text" role="alert" data-testid="swap-quote-error">
          {s.fetchError}
        </p>
      )}
      {s.transactionError && (
        <p className="al-error-text" role="alert" data-testid="swap-transaction-error">
          {s.transactionError}
        </p>
      )}
      {s.details && !s.loadingQuote && s.toToken && source && <SwapDetailsList state={s} />}
      <Button
        data-testid="swap-review"
        disabled={!canReview}
        onClick={() => ctx.store.set(navigateAtom, { type: 'push', route: { name: 'SwapPreview' } })}
      >
        {reviewLabel(s)}
      </Button>
    </div>
  )
}

/** The button says what stands in the way, else invites the review. */
function reviewLabel(s: SwapState): string {
  if (s.inputError) return s.inputError
  if (!s.sourceToken || !s.toToken) return 'Select token'
  if (!s.sourceTokenAmount) return 'Enter amount'
  if (s.loadingQuote) return 'Getting quote…'
  if (s.insufficientGas) return `Insufficient ${s.networkTokenSymbol} for gas`
  return 'Review swap'
}

function TokenButton({ token, testId, onClick }: { token: SwapToken | undefined; testId: string; onClick: () => void }) {
  return (
    <button type="button" className="al-token-pill al-swap-token" data-testid={testId} data-symbol={token?.symbol} onClick={onClick}>
      {token ? (
        <>
          <TokenIcon url={token.logoUri} symbol={token.symbol} />
          <span>{token.symbol}</span>
        </>
      ) : (
        <span>Select token</span>
      )}
    </button>
  )
}

function HeldBalance({ token }: { token: SwapToken | undefined }) {
  if (!token) return <span />
  return (
    <span data-testid={`swap-balance-${token.symbol}`}>Balance: {formatDecimal(token.quantity?.numeric ?? '0', BALANCE_DECIMALS)}</span>
  )
}
