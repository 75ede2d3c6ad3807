import { useAtomValue } from 'jotai'
import { Suspense } from 'react'
import { Spinner } from '../components/Spinner'
import { currentRoute } from '../router/router'
import type { Route } from '../router/routes'
import { routerAtom } from '../stores/router'
import { ConnectView } from './connect/ConnectView'
import {
  AccountView,
  AllWalletsView,
  ApproveTransactionView,
  ConnectingExternalView,
  ConnectingWalletConnectView,
  ConnectingWalletConnectBasicView,
  NetworksView,
  UnsupportedChainView,
} from './lazy'

function renderRoute(route: Route) {
  switch (route.name) {
    case 'Connect':
      return <ConnectView />
    case 'ConnectingExternal':
      return <ConnectingExternalView.Component connectorId={route.params.connectorId} />
    case 'ConnectingWalletConnect':
      return <ConnectingWalletConnectView.Component wallet={route.params.wallet} />
    case 'ConnectingWalletConnectBasic':
      return <ConnectingWalletConnectBasicView.Component />
    case 'Account':
      return <AccountView.Component />
    case 'Networks':
      return <NetworksView.Component />
    case 'UnsupportedChain':
      return <UnsupportedChainView.Component />
    case 'AllWallets':
      return <AllWalletsView.Component />
    case 'ApproveTransaction':
      return <ApproveTransactionView.Component requestId={route.params.requestId} />
  }
}

export function ViewOutlet() {
  const router = useAtomValue(routerAtom)
  const route = currentRoute(router)
  return (
    <div className="al-view" key={`${router.stack.length}:${route.name}`} data-direction={router.direction}>
      <Suspense
        fallback={
          <div className="al-view-loading">
            <Spinner />
          </div>
        }
      >
        {renderRoute(route)}
      </Suspense>
    </div>
  )
}
