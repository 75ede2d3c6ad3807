import { DisconnectButton } from '../account/DisconnectButton'
import { NetworkList } from './NetworkList'
import '../account/account.css'

/**
 * Shown while a connected wallet is on a network the dapp did not request (SPEC section 2): the
 * requested networks to switch to, and a way out. It leaves by itself once the network is
 * supported (actions/network.ts watchUnsupportedChain).
 */
export default function UnsupportedChainView() {
  return (
    <section className="al-unsupported" data-testid="unsupported-chain-view">
      <p className="al-unsupported-text">This app doesn’t support your current network. Switch to an available option to continue.</p>
      <NetworkList />
      <DisconnectButton />
    </section>
  )
}
