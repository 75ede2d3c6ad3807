import { useAtomValue } from 'jotai'
import { Suspense } from 'react'
import { Spinner } from '../ui/Spinner'
import { currentRoute } from '../core/router/router'
import type { Route } from '../core/router/routes'
import { routerAtom } from '../core/router/atoms'
import { ConnectView } from '../features/connect/ConnectView'
import {
  AccountView,
  AllWalletsView,
  ApproveTransactionView,
  BuyInProgressView,
  ConnectingExternalView,
  ConnectingFarcasterView,
  ConnectingSocialView,
  ConnectingWalletConnectView,
  ConnectingWalletConnectBasicView,
  EmailVerifyOtpView,
  NetworksView,
  OnRampView,
  RegisterAccountNameSuccessView,
  RegisterAccountNameView,
  SwapPreviewView,
  SwapSelectTokenView,
  SwapView,
  TransactionsView,
  UnsupportedChainView,
  UpdateEmailOtpView,
  VerifyDeviceView,
  AddPasskeyView,
  UpdateEmailView,
  WalletReceiveView,
  WalletSendSelectTokenView,
  WalletSendView,
} from './routes'

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
    case 'VerifyDevice':
      return <VerifyDeviceView.Component />
    case 'AddPasskey':
      return <AddPasskeyView.Component />
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
    case 'Swap':
      return <SwapView.Component />
    case 'SwapSelectToken':
      return <SwapSelectTokenView.Component target={route.params.target} />
    case 'SwapPreview':
      return <SwapPreviewView.Component />
    case 'WalletSend':
      return <WalletSendView.Component />
    case 'WalletSendSelectToken':
      return <WalletSendSelectTokenView.Component />
    case 'WalletReceive':
      return <WalletReceiveView.Component />
    case 'OnRamp':
      return <OnRampView.Component />
    case 'BuyInProgress':
      return <BuyInProgressView.Component startedAt={route.params.startedAt} purchaseCurrency={route.params.purchaseCurrency} />
    case 'Transactions':
      return <TransactionsView.Component />
    case 'RegisterAccountName':
      return <RegisterAccountNameView.Component error={route.params.error} />
    case 'RegisterAccountNameSuccess':
      return <RegisterAccountNameSuccessView.Component name={route.params.name} />
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
