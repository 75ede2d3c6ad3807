import { formatDecimal, formatUnits } from '@airlock/chains'
import type { SwapState } from './store'
import { formatUsd } from '../../ui/format'

/** Price impact, provider fee (0.85 %), network cost in USD and the slippage bound of a quote. */
export function SwapDetailsList({ state }: { state: SwapState }) {
  const { details, sourceToken, toToken } = state
  if (!details || !sourceToken || !toToken) return null
  return (
    <dl className="al-swap-details" data-testid="swap-details">
      <dt>Network cost</dt>
      <dd data-testid="swap-gas-usd">{details.gasPriceInUSD === undefined ? 'Unknown' : formatUsd(details.gasPriceInUSD)}</dd>
      <dt>Price impact</dt>
      <dd data-testid="swap-price-impact">
        {details.priceImpact === undefined ? 'Unknown' : `${formatDecimal(Math.max(details.priceImpact, 0).toFixed(4), 2)}%`}
      </dd>
      <dt>Provider fee (0.85%)</dt>
      <dd data-testid="swap-provider-fee">
        {formatDecimal(details.providerFee, 6)} {sourceToken.symbol}
      </dd>
      <dt>Max. slippage</dt>
      <dd data-testid="swap-max-slippage">
        {formatDecimal(formatUnits(details.maxSlippage, toToken.decimals), 6)} {toToken.symbol}
      </dd>
    </dl>
  )
}
