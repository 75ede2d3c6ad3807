import { DisconnectButton } from '../../ui/DisconnectButton'
import { NetworkList } from './NetworkList'
import { disconnectAndClose } from '../../connectors/disconnect'
import { useWidget } from '../../core/react'
import { useAtomValue } from 'jotai'
import { activeNamespaceAtom } from '../../core/network/atoms'

/**
 * Shown while a connected wallet is on a network the dapp did not request (SPEC section 2): the
 * requested networks of the wallet's family to switch to (another family's would not move it),
 * and a way out. It leaves by itself once the network is supported (actions.ts watchUnsupportedChain).
 */
export default function UnsupportedChainView() {
  const ctx = useWidget()
  const namespace = useAtomValue(activeNamespaceAtom)
  return (
    <section className="al-unsupported" data-testid="unsupported-chain-view">
      <p className="al-unsupported-text">This app doesn’t support your current network. Switch to an available option to continue.</p>
      <NetworkList namespace={namespace} />
      <DisconnectButton onDisconnect={() => disconnectAndClose(ctx)} />
    </section>
  )
}
