import type { ConnectorDescription } from '@airlock/protocol'
import { connectorKey } from '../../connectors/relayed/visibility'
import { ConnectorIcon } from '../../ui/ConnectorIcon'

interface WalletListItemProps {
  connector: ConnectorDescription
  recent: boolean
  onSelect: (connector: ConnectorDescription) => void
  onIntent?: () => void
}

export function WalletListItem({ connector, recent, onSelect, onIntent }: WalletListItemProps) {
  return (
    <button
      type="button"
      className="al-wallet-item"
      data-testid={`wallet-item-${connectorKey(connector)}`}
      onClick={() => onSelect(connector)}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <ConnectorIcon icon={connector.icon} />
      <span className="al-wallet-name">{connector.name}</span>
      <span className="al-tag">{recent ? 'Recent' : 'Installed'}</span>
    </button>
  )
}
