import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    Swap: undefined
    /** Picks the token for one side of the swap. */
    SwapSelectToken: { target: 'sourceToken' | 'toToken' }
    SwapPreview: undefined
  }
}

export const swapRoutes: RouteTable<'Swap' | 'SwapSelectToken' | 'SwapPreview'> = {
  Swap: { view: lazyView(() => import('./SwapView')), title: 'Swap' },
  SwapSelectToken: { view: lazyView(() => import('./SwapSelectTokenView')), title: 'Select token' },
  SwapPreview: { view: lazyView(() => import('./SwapPreviewView')), title: 'Review swap' },
}
