import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    /** Sign in with the wallet (SIWX): opened by watch.ts after a connection without a session. */
    SIWXSignMessage: undefined
  }
}

export const siwxRoutes: RouteTable<'SIWXSignMessage'> = {
  SIWXSignMessage: { view: lazyView(() => import('./SiwxSignMessageView')), title: 'Sign In' },
}
