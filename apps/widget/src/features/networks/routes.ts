import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    Networks: undefined
    /** The connected wallet is on a network the dapp did not request. */
    UnsupportedChain: undefined
  }
}

export const networksRoutes: RouteTable<'Networks' | 'UnsupportedChain'> = {
  Networks: { view: lazyView(() => import('./NetworksView')), title: 'Choose Network' },
  UnsupportedChain: { view: lazyView(() => import('./UnsupportedChainView')), title: 'Switch Network' },
}
