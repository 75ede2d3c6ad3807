import { registerRoutes } from '../core/router/registry'
import type { RouteTable } from '../core/router/routes'
import { accountRoutes } from '../features/account/routes'
import { approvalsRoutes } from '../features/approvals/routes'
import { authRoutes } from '../features/auth/routes'
import { connectRoutes } from '../features/connect/routes'
import { historyRoutes } from '../features/history/routes'
import { namesRoutes } from '../features/names/routes'
import { networksRoutes } from '../features/networks/routes'
import { onrampRoutes } from '../features/onramp/routes'
import { receiveRoutes } from '../features/receive/routes'
import { sendRoutes } from '../features/send/routes'
import { siwxRoutes } from '../features/siwx/routes'
import { swapRoutes } from '../features/swap/routes'
import { preloadAccountSlots } from './slots'

/** Every feature's routes, each registered once; the type checks that no route lacks a view. */
export const routes: RouteTable = {
  ...connectRoutes,
  ...authRoutes,
  // The Account view's chunk comes with the parts other features show in it.
  Account: {
    ...accountRoutes.Account,
    view: {
      Component: accountRoutes.Account.view.Component,
      preload: () => Promise.all([accountRoutes.Account.view.preload(), preloadAccountSlots()]),
    },
  },
  ...networksRoutes,
  ...approvalsRoutes,
  ...swapRoutes,
  ...sendRoutes,
  ...receiveRoutes,
  ...onrampRoutes,
  ...historyRoutes,
  ...namesRoutes,
  ...siwxRoutes,
}

registerRoutes(routes)
