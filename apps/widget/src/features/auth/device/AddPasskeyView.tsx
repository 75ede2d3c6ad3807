import { frameErrorMessage } from '@airlock/protocol'
import { useEffect, useState } from 'react'
import { addPasskey } from './actions'
import { Button } from '../../../ui/Button'
import { SecureFrameSlot } from '../../../connectors/embedded/SecureFrameSlot'
import { navigateAtom } from '../../../core/router/atoms'
import { useWidget } from '../../../core/react'

/**
 * Protects the embedded wallet with a passkey: the secure frame draws the button that creates it
 * (the click must be in its document), seals this device's share under the passkey and keeps the
 * copy with its server. Then the passkey alone opens the wallet on a new device.
 */
export default function AddPasskeyView() {
  const ctx = useWidget()
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string>()

  useEffect(() => {
    let live = true
    addPasskey(ctx).then(
      () => live && ctx.store.set(navigateAtom, { type: 'back' }),
      (failure: unknown) => live && setError(frameErrorMessage(failure)),
    )
    return () => {
      live = false
    }
  }, [ctx, attempt])

  return (
    <section className="al-centered-view" data-testid="add-passkey-view">
      <p className="al-muted">A passkey opens this wallet on a new device, instead of a code by email.</p>
      {error ? (
        <>
          <p className="al-field-error" role="alert" data-testid="add-passkey-error">
            {error}
          </p>
          <Button
            variant="secondary"
            data-testid="add-passkey-retry"
            onClick={() => {
              setError(undefined)
              setAttempt((n) => n + 1)
            }}
          >
            Try again
          </Button>
        </>
      ) : (
        <SecureFrameSlot label="Preparing your passkey" />
      )}
    </section>
  )
}
