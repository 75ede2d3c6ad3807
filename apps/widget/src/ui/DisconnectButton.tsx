import { useState } from 'react'
import { Button } from './Button'
import { DisconnectIcon } from './icons'

/** Runs `onDisconnect`, locked while it runs; the caller reports a failure (disconnect shows 'Failed to disconnect'). */
export function DisconnectButton({ onDisconnect, className }: { onDisconnect: () => Promise<void>; className?: string }) {
  const [disconnecting, setDisconnecting] = useState(false)
  const run = async () => {
    setDisconnecting(true)
    try {
      await onDisconnect()
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
      onClick={() => void run()}
    >
      <DisconnectIcon />
      Disconnect
    </Button>
  )
}
