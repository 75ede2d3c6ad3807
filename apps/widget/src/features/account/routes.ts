import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    Account: undefined
  }
}

export const accountRoutes: RouteTable<'Account'> = {
  Account: { view: lazyView(() => import('./AccountView')), title: 'Account' },
}
