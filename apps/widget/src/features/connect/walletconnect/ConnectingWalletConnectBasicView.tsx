import { useAtomValue } from 'jotai'
import { isMobileAtom } from '../../../connectors/relayed/atoms'
import { ConnectView } from '../ConnectView'
import ConnectingWalletConnectView from './ConnectingWalletConnectView'

/**
 * Basic mode (`basic: true`): the modal opens straight on WalletConnect. A computer shows the QR
 * code to scan with a phone; a phone shows the wallets to open by deep link.
 */
export default function ConnectingWalletConnectBasicView() {
  const isMobile = useAtomValue(isMobileAtom)
  return isMobile ? <ConnectView /> : <ConnectingWalletConnectView />
}
