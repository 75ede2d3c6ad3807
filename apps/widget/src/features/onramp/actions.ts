import type { OnrampPurchaseCurrency } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { fetchOnrampOptions, fetchOnrampPurchases, fetchOnrampQuote, generateOnrampUrl } from '../../core/http/onramp'
import { openPopup } from '../../connectors/embedded/socials'
import { checkAmount } from './amount'
import { DEFAULT_ONRAMP_OPTIONS, limitsOf, networkOf, paymentMethodsOf, purchaseCurrenciesFor } from './options'
import { findPurchase, type LandedPurchase } from './purchase'
import { mockedQuote } from './quote'
import { activeCaipNetworkIdAtom } from '../../core/network/atoms'
import { onrampCheckoutAtom, onrampFormAtom, onrampOptionsAtom, onrampQuoteAtom, type OnrampForm } from './store'
import { navigateAtom } from '../../core/router/atoms'
import { connectedAccount } from '../../core/session/connectedAccount'
import { connectionAtom } from '../../core/session/active'

/** SPEC section 4: a quote follows every change, debounced. */
export const QUOTE_DEBOUNCE_MS = 500
export const CHECKOUT_POPUP_NAME = 'airlock-onramp'
export const CHECKOUT_POPUP_FEATURES = 'width=500,height=720'
export const POPUP_BLOCKED_TEXT = 'The checkout window was blocked: allow popups for this site and try again'

interface QuoteTimer {
  timer?: ReturnType<typeof setTimeout>
  /** Bumped by every change: an answer for an older form is dropped. */
  seq: number
}
const quoteTimers = new WeakMap<WidgetContext, QuoteTimer>()

/** The purchase currency of the form on the active network, with that network's name for the api. */
function selection(ctx: WidgetContext, form: OnrampForm) {
  const options = ctx.store.get(onrampOptionsAtom)
  if (options.status !== 'ready') return undefined
  const caipNetworkId = ctx.store.get(activeCaipNetworkIdAtom)
  const purchase = purchaseCurrenciesFor(options.options, caipNetworkId).find((c) => c.symbol === form.purchaseCurrency)
  const payment = options.options.paymentCurrencies.find((c) => c.id === form.paymentCurrency)
  if (!purchase) return undefined
  return { purchase, payment, caipNetworkId, network: networkOf(purchase, caipNetworkId)?.name ?? caipNetworkId }
}

/** The form's amount checked against the limits of its payment currency and method. */
export function checkFormAmount(ctx: WidgetContext, form: OnrampForm) {
  const options = ctx.store.get(onrampOptionsAtom)
  const payment = options.status === 'ready' ? options.options.paymentCurrencies.find((c) => c.id === form.paymentCurrency) : undefined
  return checkAmount(form.amount, limitsOf(payment, form.paymentMethod), form.paymentCurrency)
}

/** Loads the options (the built-in defaults when the call fails, SPEC section 8) and fits the form to them. */
export async function loadOnrampOptions(ctx: WidgetContext): Promise<void> {
  const current = ctx.store.get(onrampOptionsAtom)
  if (current.status === 'loading') return
  if (current.status !== 'ready' || current.fallback) {
    ctx.store.set(onrampOptionsAtom, { status: 'loading' })
    try {
      ctx.store.set(onrampOptionsAtom, { status: 'ready', options: await fetchOnrampOptions(ctx.dataApi), fallback: false })
    } catch {
      ctx.store.set(onrampOptionsAtom, { status: 'ready', options: DEFAULT_ONRAMP_OPTIONS, fallback: true })
    }
  }
  fitOnrampForm(ctx)
}

/**
 * Keeps the form on choices the options offer for the active network (called again after a network
 * switch): the first purchase currency, USD, the card, when the current one is not offered.
 */
export function fitOnrampForm(ctx: WidgetContext): void {
  const options = ctx.store.get(onrampOptionsAtom)
  if (options.status !== 'ready') return
  const form = ctx.store.get(onrampFormAtom)
  const purchases: OnrampPurchaseCurrency[] = purchaseCurrenciesFor(options.options, ctx.store.get(activeCaipNetworkIdAtom))
  const payments = options.options.paymentCurrencies
  const payment = payments.find((c) => c.id === form.paymentCurrency) ?? payments.find((c) => c.id === 'USD') ?? payments[0]
  const methods = paymentMethodsOf(payment)
  const next: OnrampForm = {
    purchaseCurrency: purchases.some((c) => c.symbol === form.purchaseCurrency) ? form.purchaseCurrency : (purchases[0]?.symbol ?? ''),
    paymentCurrency: payment?.id ?? form.paymentCurrency,
    paymentMethod: methods.includes(form.paymentMethod) ? form.paymentMethod : (methods[0] ?? 'card'),
    amount: form.amount,
  }
  if (Object.entries(next).some(([key, value]) => form[key as keyof OnrampForm] !== value)) updateOnrampForm(ctx, next)
  else scheduleOnrampQuote(ctx)
}

export function updateOnrampForm(ctx: WidgetContext, patch: Partial<OnrampForm>): void {
  ctx.store.set(onrampFormAtom, { ...ctx.store.get(onrampFormAtom), ...patch })
  if (ctx.store.get(onrampCheckoutAtom).status !== 'opening') ctx.store.set(onrampCheckoutAtom, { status: 'idle' })
  scheduleOnrampQuote(ctx)
}

/** A quote for the form 500 ms after its last change; a failed call answers the mocked quote (SPEC section 8). */
export function scheduleOnrampQuote(ctx: WidgetContext): void {
  const state = quoteTimers.get(ctx) ?? { seq: 0 }
  quoteTimers.set(ctx, state)
  clearTimeout(state.timer)
  const seq = ++state.seq
  const form = ctx.store.get(onrampFormAtom)
  const amount = checkFormAmount(ctx, form)
  const selected = selection(ctx, form)
  if (!amount.ok || !selected) {
    ctx.store.set(onrampQuoteAtom, { status: 'idle' })
    return
  }
  ctx.store.set(onrampQuoteAtom, { status: 'loading' })
  state.timer = setTimeout(() => {
    const request = {
      purchaseCurrency: form.purchaseCurrency,
      paymentCurrency: form.paymentCurrency,
      amount: amount.amount,
      network: selected.network,
      paymentMethod: form.paymentMethod,
    }
    void fetchOnrampQuote(ctx.dataApi, request)
      .catch(() => mockedQuote(amount.amount, form.paymentCurrency, form.purchaseCurrency))
      .then((quote) => {
        if (state.seq === seq) ctx.store.set(onrampQuoteAtom, { status: 'ready', quote })
      })
  }, QUOTE_DEBOUNCE_MS)
}

/** Stops a pending quote (the Buy view closed). */
export function cancelOnrampQuote(ctx: WidgetContext): void {
  const state = quoteTimers.get(ctx)
  if (!state) return
  clearTimeout(state.timer)
  state.seq++
}

/**
 * The Buy click. The checkout popup opens here, synchronously, while the click's user activation
 * lasts (a popup opened after an await is blocked); the checkout URL is generated after and the
 * popup sent there. Blocked: the view says so and the next click retries. The URL call failing
 * closes the popup and shows the api's reason. Then BuyInProgress follows the purchase.
 */
export function startOnrampCheckout(ctx: WidgetContext, win: Pick<Window, 'open'> = window): void {
  const form = ctx.store.get(onrampFormAtom)
  const amount = checkFormAmount(ctx, form)
  const selected = selection(ctx, form)
  if (!amount.ok || !selected || ctx.store.get(onrampCheckoutAtom).status === 'opening') return
  let address: string
  try {
    address = connectedAccount(ctx, 'eip155').address
  } catch (error) {
    ctx.store.set(onrampCheckoutAtom, { status: 'error', error: (error as Error).message })
    return
  }
  const popup = openPopup(win, 'about:blank', CHECKOUT_POPUP_NAME, CHECKOUT_POPUP_FEATURES)
  if (!popup) {
    ctx.store.set(onrampCheckoutAtom, { status: 'blocked' })
    return
  }
  ctx.store.set(onrampCheckoutAtom, { status: 'opening' })
  const startedAt = Date.now()
  void generateOnrampUrl(ctx.dataApi, {
    address,
    network: selected.network,
    purchaseCurrency: form.purchaseCurrency,
    paymentCurrency: form.paymentCurrency,
    amount: amount.amount,
  }).then(
    (url) => {
      popup.location.href = url
      ctx.store.set(onrampCheckoutAtom, { status: 'idle' })
      ctx.store.set(navigateAtom, {
        type: 'push',
        route: { name: 'BuyInProgress', params: { startedAt, purchaseCurrency: form.purchaseCurrency } },
      })
    },
    (error: unknown) => {
      popup.close()
      ctx.store.set(onrampCheckoutAtom, { status: 'error', error: error instanceof Error ? error.message : String(error) })
    },
  )
}

/** One look at the connected account's purchases: the one started at `startedAt`, once it has landed. */
export async function checkPurchase(ctx: WidgetContext, startedAt: number, purchaseCurrency: string): Promise<LandedPurchase | undefined> {
  const { address, chainId } = ctx.store.get(connectionAtom)
  if (!address || chainId === undefined) return undefined
  const purchases = await fetchOnrampPurchases(ctx.dataApi, address, `eip155:${chainId}`)
  return findPurchase(purchases, startedAt, purchaseCurrency)
}
