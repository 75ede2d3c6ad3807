import { useState } from 'react'
import { disconnect } from '../../connectors/disconnect'
import { closeModal } from '../../core/modal/modal'
import { Button } from '../../ui/Button'
import { DisconnectIcon } from '../../ui/icons'
import { useWidget } from '../../core/react'

/** Disconnects and closes the modal; a failure was already shown ('Failed to disconnect'). */
export function DisconnectButton({ className }: { className?: string }) {
  const ctx = useWidget()
  const [disconnecting, setDisconnecting] = useState(false)
  const onDisconnect = async () => {
    setDisconnecting(true)
    try {
      await disconnect(ctx)
      closeModal(ctx)
    } catch {
      // disconnect() already showed 'Failed to disconnect'.
    } finally {
      setDisconnecting(false)
    }
  }
  return (
    <Button
      variant="secondary"
      className={`al-disconnect${className ? ` ${className}` : ''}`}
      data-testid="disconnect-button"
      disabled={disconnecting}
      onClick={() => void onDisconnect()}
    >
      <DisconnectIcon />
      Disconnect
    </Button>
  )
}
