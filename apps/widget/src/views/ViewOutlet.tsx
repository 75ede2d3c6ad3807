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
  ConnectingFarcasterView,
  ConnectingSocialView,
  ConnectingWalletConnectView,
  ConnectingWalletConnectBasicView,
  EmailVerifyDeviceView,
  EmailVerifyOtpView,
  NetworksView,
  UnsupportedChainView,
  UpdateEmailOtpView,
  UpdateEmailView,
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
    case 'EmailVerifyOtp':
      return <EmailVerifyOtpView.Component email={route.params.email} />
    case 'EmailVerifyDevice':
      return <EmailVerifyDeviceView.Component email={route.params.email} />
    case 'ConnectingSocial':
      return <ConnectingSocialView.Component provider={route.params.provider} />
    case 'ConnectingFarcaster':
      return <ConnectingFarcasterView.Component />
    case 'UpdateEmail':
      return <UpdateEmailView.Component />
    case 'UpdateEmailPrimaryOtp':
      return <UpdateEmailOtpView.Component step="primary" email={route.params.email} />
    case 'UpdateEmailSecondaryOtp':
      return <UpdateEmailOtpView.Component step="secondary" email={route.params.email} />
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
