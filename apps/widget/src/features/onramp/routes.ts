import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    /** Buy with a card: currencies, amount, quote, then the provider's checkout popup. */
    OnRamp: undefined
    /** A purchase opened in the checkout popup, polled in the history until it lands. */
    BuyInProgress: { startedAt: number; purchaseCurrency: string }
  }
}

export const onrampRoutes: RouteTable<'OnRamp' | 'BuyInProgress'> = {
  OnRamp: { view: lazyView(() => import('./OnRampView')), title: 'Buy crypto' },
  BuyInProgress: { view: lazyView(() => import('./BuyInProgressView')), title: 'Buy in progress' },
}
