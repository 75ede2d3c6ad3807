import { useAtomValue } from 'jotai'
import { connect } from '../../../connectors/connect'
import { Button } from '../../../ui/Button'
import { ConnectorIcon } from '../../../ui/ConnectorIcon'
import { ErrorIcon } from '../../../ui/icons'
import { connectAttemptAtom } from '../../../core/session/atoms'
import { listedWalletsAtom } from '../../../connectors/relayed/atoms'
import { useWidget } from '../../../core/react'
import { describeConnectError } from './describeConnectError'
import './connecting-external.css'

export default function ConnectingExternalView({ connectorId }: { connectorId: string }) {
  const ctx = useWidget()
  const connector = useAtomValue(listedWalletsAtom).find((c) => c.id === connectorId)
  const attempt = useAtomValue(connectAttemptAtom)
  const name = connector?.name ?? 'your wallet'
  const waiting = attempt?.connectorId === connectorId && attempt.phase === 'waiting'
  const error = attempt?.connectorId === connectorId ? attempt.error : undefined
  const described = error ? describeConnectError(error.code, error.message) : undefined

  return (
    <section className="al-connecting" data-testid="connecting-external" data-state={waiting ? 'waiting' : error ? 'error' : 'idle'}>
      <div className="al-connecting-icon" data-waiting={waiting}>
        <ConnectorIcon icon={connector?.icon} size={72} />
        {error && <ErrorIcon className="al-connecting-badge" width={20} height={20} />}
      </div>
      {described ? (
        <div className="al-connecting-text" data-testid="connecting-error" role="alert">
          <p className="al-connecting-title al-error-text">{described.title}</p>
          <p className="al-connecting-detail">{described.detail}</p>
        </div>
      ) : (
        <div className="al-connecting-text">
          <p className="al-connecting-title">Continue in {name}</p>
          <p className="al-connecting-detail">{waiting ? 'Accept the connection request in your wallet' : 'The request was not sent'}</p>
        </div>
      )}
      {/* Also while waiting: a wallet whose popup was dismissed may never answer. */}
      <Button variant="secondary" data-testid="retry-button" onClick={() => void connect(ctx, connectorId)}>
        Retry
      </Button>
    </section>
  )
}
