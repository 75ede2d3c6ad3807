import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    WalletReceive: undefined
  }
}

export const receiveRoutes: RouteTable<'WalletReceive'> = {
  WalletReceive: { view: lazyView(() => import('./WalletReceiveView')), title: 'Receive' },
}
