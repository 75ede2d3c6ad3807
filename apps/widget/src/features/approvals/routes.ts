import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    /** An embedded-wallet request waiting for the user (connectors/embedded/approvals.ts). */
    ApproveTransaction: { requestId: string }
  }
}

export const approvalsRoutes: RouteTable<'ApproveTransaction'> = {
  ApproveTransaction: { view: lazyView(() => import('./ApproveTransactionView')), title: 'Approve Transaction' },
}
