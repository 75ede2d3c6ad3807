import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    /** The transaction history list. */
    Transactions: undefined
  }
}

export const historyRoutes: RouteTable<'Transactions'> = {
  Transactions: { view: lazyView(() => import('./TransactionsView')), title: 'Activity' },
}
