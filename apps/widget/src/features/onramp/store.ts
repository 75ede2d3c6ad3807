import type { OnrampOptionsResponse, OnrampQuoteResponse } from '@airlock/protocol'
import { atom } from 'jotai'
import type { PaymentMethodId } from './options'

/** The Buy view's state (SPEC section 3 on-ramp): the options, the form, its quote and the checkout. */

export type OnrampOptionsState =
  | { status: 'idle' | 'loading' }
  /** `fallback`: the options call failed and the built-in defaults are shown (SPEC section 8). */
  | { status: 'ready'; options: OnrampOptionsResponse; fallback: boolean }

export const onrampOptionsAtom = atom<OnrampOptionsState>({ status: 'idle' })

export interface OnrampForm {
  /** Symbol of the purchase currency. */
  purchaseCurrency: string
  /** Id of the payment currency (ISO 4217). */
  paymentCurrency: string
  paymentMethod: PaymentMethodId
  /** As typed. */
  amount: string
}

export const EMPTY_ONRAMP_FORM: OnrampForm = { purchaseCurrency: '', paymentCurrency: 'USD', paymentMethod: 'card', amount: '' }

export const onrampFormAtom = atom<OnrampForm>(EMPTY_ONRAMP_FORM)

export type OnrampQuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** A mocked quote (quoteId 'mocked-quote-id') when the quote call failed. */
  | { status: 'ready'; quote: OnrampQuoteResponse }

export const onrampQuoteAtom = atom<OnrampQuoteState>({ status: 'idle' })

export type OnrampCheckoutState =
  | { status: 'idle' | 'opening' }
  /** The popup blocker said no: the next click (a fresh user activation) may open it. */
  | { status: 'blocked' }
  | { status: 'error'; error: string }

export const onrampCheckoutAtom = atom<OnrampCheckoutState>({ status: 'idle' })
