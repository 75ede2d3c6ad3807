import { useAtomValue } from 'jotai'
import { selectConnector } from '../../actions/navigation'
import { Spinner } from '../../components/Spinner'
import { WalletListItem } from '../../components/WalletListItem'
import { WalletIcon } from '../../components/icons'
import { connectorKey } from '../../connectors/visibility'
import { connectorsLoadedAtom, recentConnectorIdAtom, visibleConnectorsAtom } from '../../stores/connectors'
import { useWidget } from '../../WidgetProvider'
import { ConnectingExternalView } from '../lazy'

export function ConnectView() {
  const ctx = useWidget()
  const connectors = useAtomValue(visibleConnectorsAtom)
  const loaded = useAtomValue(connectorsLoadedAtom)
  const recentId = useAtomValue(recentConnectorIdAtom)

  if (connectors.length === 0) {
    return (
      <section className="al-connect" data-testid="connect-view">
        {loaded ? (
          <div className="al-empty" data-testid="connect-empty">
            <WalletIcon width={32} height={32} />
            <p className="al-empty-title">No wallets found in this browser</p>
            <p className="al-empty-hint">Install a browser wallet extension, then reload this page.</p>
          </div>
        ) : (
          <div className="al-empty" aria-busy="true">
            <Spinner />
          </div>
        )}
      </section>
    )
  }

  // The recent wallet first, the rest in the host's order.
  const ordered = recentId ? [...connectors].sort((a, b) => Number(b.id === recentId) - Number(a.id === recentId)) : connectors
  return (
    <section className="al-connect" data-testid="connect-view">
      <div className="al-wallet-list">
        {ordered.map((connector) => (
          <WalletListItem
            key={connectorKey(connector)}
            connector={connector}
            recent={connector.id === recentId}
            onSelect={(selected) => selectConnector(ctx, selected.id)}
            onIntent={ConnectingExternalView.preload}
          />
        ))}
      </div>
    </section>
  )
}
