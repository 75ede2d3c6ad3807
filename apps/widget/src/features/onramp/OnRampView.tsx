import { formatDecimal } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { useEffect, type ReactNode } from 'react'
import {
  cancelOnrampQuote,
  checkFormAmount,
  fitOnrampForm,
  loadOnrampOptions,
  POPUP_BLOCKED_TEXT,
  startOnrampCheckout,
  updateOnrampForm,
} from './actions'
import { AmountInput } from '../../ui/AmountInput'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { limitsOf, PAYMENT_METHODS, paymentMethodsOf, purchaseCurrenciesFor } from './options'
import { quoteLines } from './quote'
import { activeCaipNetworkIdAtom } from '../../core/network/atoms'
import { onrampCheckoutAtom, onrampFormAtom, onrampOptionsAtom, onrampQuoteAtom } from './store'
import { useWidget } from '../../core/react'
import './onramp.css'

export const OPTIONS_FALLBACK_TEXT = 'The on-ramp service is unavailable: showing the default options.'
export const QUOTE_ESTIMATE_TEXT = 'Estimate only: the quote service is unavailable. The checkout shows the final price.'

/** One of the form's pick-one buttons (currency, payment currency, payment method). */
function Choice({
  pressed,
  testId,
  title,
  onClick,
  children,
}: {
  pressed: boolean
  testId: string
  title?: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button type="button" className="al-onramp-choice" aria-pressed={pressed} data-testid={testId} title={title} onClick={onClick}>
      {children}
    </button>
  )
}

export default function OnRampView() {
  const ctx = useWidget()
  const options = useAtomValue(onrampOptionsAtom)
  const form = useAtomValue(onrampFormAtom)
  const quote = useAtomValue(onrampQuoteAtom)
  const checkout = useAtomValue(onrampCheckoutAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)

  useEffect(() => {
    void loadOnrampOptions(ctx)
    return () => cancelOnrampQuote(ctx)
  }, [ctx])
  useEffect(() => fitOnrampForm(ctx), [ctx, caipNetworkId])

  if (options.status !== 'ready') {
    return (
      <section className="al-onramp al-view-loading" data-testid="onramp-view" data-state="loading">
        <Spinner label="Loading on-ramp options" />
      </section>
    )
  }

  const purchases = purchaseCurrenciesFor(options.options, caipNetworkId)
  const payment = options.options.paymentCurrencies.find((c) => c.id === form.paymentCurrency)
  const methods = paymentMethodsOf(payment)
  const limits = limitsOf(payment, form.paymentMethod)
  const amount = checkFormAmount(ctx, form)
  const lines = quote.status === 'ready' ? quoteLines(quote.quote) : undefined
  const opening = checkout.status === 'opening'

  return (
    <section className="al-onramp" data-testid="onramp-view" data-state="ready">
      {options.fallback && (
        <p className="al-onramp-note" data-testid="onramp-options-fallback">
          {OPTIONS_FALLBACK_TEXT}
        </p>
      )}

      <fieldset className="al-onramp-field">
        <legend className="al-onramp-label">You buy</legend>
        {purchases.length === 0 ? (
          <p className="al-muted" data-testid="onramp-no-currencies">
            Nothing can be bought on this network.
          </p>
        ) : (
          <div className="al-onramp-choices">
            {purchases.map((c) => (
              <Choice
                key={c.id}
                pressed={form.purchaseCurrency === c.symbol}
                testId={`onramp-currency-${c.symbol}`}
                title={c.name}
                onClick={() => updateOnrampForm(ctx, { purchaseCurrency: c.symbol })}
              >
                <span className="al-onramp-choice-symbol">{c.symbol}</span>
                <span className="al-onramp-choice-name">{c.name}</span>
              </Choice>
            ))}
          </div>
        )}
      </fieldset>

      <fieldset className="al-onramp-field">
        <legend className="al-onramp-label">You pay with</legend>
        <div className="al-onramp-choices">
          {options.options.paymentCurrencies.map((c) => (
            <Choice
              key={c.id}
              pressed={form.paymentCurrency === c.id}
              testId={`onramp-payment-${c.id}`}
              onClick={() => updateOnrampForm(ctx, { paymentCurrency: c.id })}
            >
              <span className="al-onramp-choice-symbol">{c.id}</span>
            </Choice>
          ))}
        </div>
        {methods.length > 0 && (
          <div className="al-onramp-choices">
            {PAYMENT_METHODS.filter((m) => methods.includes(m.id)).map((m) => (
              <Choice
                key={m.id}
                pressed={form.paymentMethod === m.id}
                testId={`onramp-method-${m.id}`}
                onClick={() => updateOnrampForm(ctx, { paymentMethod: m.id })}
              >
                {m.label}
              </Choice>
            ))}
          </div>
        )}
      </fieldset>

      <label className="al-onramp-field">
        <span className="al-onramp-label">Amount ({form.paymentCurrency})</span>
        <AmountInput
          className="al-onramp-input"
          testId="onramp-amount"
          placeholder="0.00"
          value={form.amount}
          invalid={!amount.ok && amount.error !== undefined}
          aria-describedby="al-onramp-amount-help"
          onValueChange={(value) => updateOnrampForm(ctx, { amount: value })}
        />
        <span id="al-onramp-amount-help" className="al-onramp-help">
          {!amount.ok && amount.error !== undefined ? (
            <span className="al-error-text" role="alert" data-testid="onramp-amount-error">
              {amount.error}
            </span>
          ) : (
            limits && (
              <span className="al-muted" data-testid="onramp-limits">
                {formatDecimal(limits.min)} to {formatDecimal(limits.max)} {form.paymentCurrency}
              </span>
            )
          )}
        </span>
      </label>

      {quote.status === 'loading' && (
        <div className="al-onramp-quote" data-testid="onramp-quote" data-state="loading">
          <Spinner size={16} label="Loading quote" />
        </div>
      )}
      {quote.status === 'ready' && lines && (
        <dl className="al-onramp-quote" data-testid="onramp-quote" data-state="ready" data-quote-id={quote.quote.quoteId}>
          <div>
            <dt>You get</dt>
            <dd data-testid="onramp-quote-purchase" data-amount={quote.quote.purchaseAmount.amount}>
              {lines.estimate ? 'Shown at checkout' : lines.purchase}
            </dd>
          </div>
          <div>
            <dt>Provider fee</dt>
            <dd data-testid="onramp-quote-coinbase-fee">{lines.coinbaseFee}</dd>
          </div>
          <div>
            <dt>Network fee</dt>
            <dd data-testid="onramp-quote-network-fee">{lines.networkFee}</dd>
          </div>
          <div>
            <dt>Fees</dt>
            <dd data-testid="onramp-quote-fees">{lines.fees}</dd>
          </div>
          <div className="al-onramp-total">
            <dt>Total</dt>
            <dd data-testid="onramp-quote-total">{lines.total}</dd>
          </div>
          {lines.estimate && (
            <p className="al-onramp-note" data-testid="onramp-quote-estimate">
              {QUOTE_ESTIMATE_TEXT}
            </p>
          )}
        </dl>
      )}

      {checkout.status === 'blocked' && (
        <p className="al-error-text" role="alert" data-testid="onramp-checkout-error" data-reason="blocked">
          {POPUP_BLOCKED_TEXT}
        </p>
      )}
      {checkout.status === 'error' && (
        <p className="al-error-text" role="alert" data-testid="onramp-checkout-error" data-reason="error">
          {checkout.error}
        </p>
      )}

      <Button data-testid="onramp-buy" disabled={!amount.ok || !form.purchaseCurrency || opening} onClick={() => startOnrampCheckout(ctx)}>
        {opening
          ? 'Opening checkout…'
          : checkout.status === 'blocked' || checkout.status === 'error'
            ? 'Try again'
            : `Buy ${form.purchaseCurrency}`}
      </Button>
    </section>
  )
}
