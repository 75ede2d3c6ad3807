import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    WalletSend: undefined
    WalletSendSelectToken: undefined
  }
}

export const sendRoutes: RouteTable<'WalletSend' | 'WalletSendSelectToken'> = {
  WalletSend: { view: lazyView(() => import('./WalletSendView')), title: 'Send' },
  WalletSendSelectToken: { view: lazyView(() => import('./WalletSendSelectTokenView')), title: 'Select Token' },
}
