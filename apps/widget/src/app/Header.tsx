import { useAtomValue } from 'jotai'
import { goBack } from '../features/connect/navigation'
import { closeModal } from '../core/modal/modal'
import { SOCIAL_LABELS } from '../connectors/embedded/socials'
import { canGoBack, currentRoute } from '../core/router/router'
import type { Route } from '../core/router/routes'
import { connectorsAtom } from '../connectors/relayed/atoms'
import { routerAtom } from '../core/router/atoms'
import { useWidget } from '../core/react'
import { IconButton } from '../ui/Button'
import { BackIcon, CloseIcon } from '../ui/icons'

function useTitle(route: Route): string {
  const connectors = useAtomValue(connectorsAtom)
  switch (route.name) {
    case 'Connect':
      return 'Connect Wallet'
    case 'ConnectingExternal':
      return connectors.find((c) => c.id === route.params.connectorId)?.name ?? 'Connecting'
    case 'ConnectingWalletConnect':
      return route.params.wallet?.name ?? 'WalletConnect'
    case 'ConnectingWalletConnectBasic':
      return 'Connect Wallet'
    case 'Account':
      return 'Account'
    case 'Networks':
      return 'Choose Network'
    case 'UnsupportedChain':
      return 'Switch Network'
    case 'AllWallets':
      return 'All Wallets'
    case 'ApproveTransaction':
      return 'Approve Transaction'
    case 'EmailVerifyOtp':
      return 'Confirm Email'
    case 'VerifyDevice':
      return 'Approve Device'
    case 'AddPasskey':
      return 'Add a Passkey'
    case 'ConnectingSocial':
      return `Log in with ${SOCIAL_LABELS[route.params.provider]}`
    case 'ConnectingFarcaster':
      return `Log in with ${SOCIAL_LABELS.farcaster}`
    case 'UpdateEmail':
      return 'Edit Email'
    case 'UpdateEmailPrimaryOtp':
      return 'Confirm Current Email'
    case 'UpdateEmailSecondaryOtp':
      return 'Confirm New Email'
    case 'Swap':
      return 'Swap'
    case 'SwapSelectToken':
      return 'Select token'
    case 'SwapPreview':
      return 'Review swap'
    case 'WalletSend':
      return 'Send'
    case 'WalletSendSelectToken':
      return 'Select Token'
    case 'WalletReceive':
      return 'Receive'
    case 'OnRamp':
      return 'Buy crypto'
    case 'BuyInProgress':
      return 'Buy in progress'
    case 'Transactions':
      return 'Activity'
    case 'RegisterAccountName':
      return 'Choose name'
    case 'RegisterAccountNameSuccess':
      return 'Name registered'
  }
}

export function Header() {
  const ctx = useWidget()
  const router = useAtomValue(routerAtom)
  const title = useTitle(currentRoute(router))
  return (
    <header className="al-header">
      {canGoBack(router) ? (
        <IconButton aria-label="Back" data-testid="back-button" onClick={() => goBack(ctx)}>
          <BackIcon />
        </IconButton>
      ) : (
        <span />
      )}
      <h1 className="al-title">{title}</h1>
      <IconButton aria-label="Close" data-testid="close-button" onClick={() => closeModal(ctx)}>
        <CloseIcon />
      </IconButton>
    </header>
  )
}
