import { useAtomValue } from 'jotai'
import { ConnectView } from '../ConnectView'
import ConnectingWalletConnectView from './ConnectingWalletConnectView'
import { isMobileAtom } from '../../../core/platform'

/**
 * Basic mode (`basic: true`): the modal opens straight on WalletConnect. A computer shows the QR
 * code to scan with a phone; a phone shows the wallets to open by deep link.
 */
export default function ConnectingWalletConnectBasicView() {
  const isMobile = useAtomValue(isMobileAtom)
  return isMobile ? <ConnectView /> : <ConnectingWalletConnectView />
}
