import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { recoveriesAtom } from '../../../connectors/embedded/atoms'
import { openAtom } from '../../../core/modal/atoms'
import { useWidget } from '../../../core/react'
import { Button } from '../../../ui/Button'
import { formatTime } from '../../../ui/format'
import { cancelRecovery, loadRecoveries } from './recoveries'
import './recovery-notices.css'

const when = (ms: number) => formatTime(new Date(ms).toISOString())

/**
 * On a device where the wallet is open: every email recovery under way (a device asked to open
 * the wallet without its passkey), with who asked, from where and its number, and the way to
 * cancel it before it opens.
 */
export function RecoveryNotices() {
  const ctx = useWidget()
  const recoveries = useAtomValue(recoveriesAtom)
  const open = useAtomValue(openAtom)
  useEffect(() => {
    // Asked each time the modal opens (the view stays mounted while it is closed); a notice that
    // cannot be read now is asked again the next time.
    if (open) loadRecoveries(ctx).catch(() => undefined)
  }, [ctx, open])
  if (!recoveries?.length) return null
  return (
    <>
      {recoveries.map((recovery) => (
        <div key={recovery.id} className="al-recovery-notice" role="alert" data-testid="recovery-notice">
          <p className="al-recovery-notice-title">A device asked to open your wallet by email</p>
          <p>
            {recovery.device}, {recovery.place}, on {when(recovery.requestedAt)}. It shows the number{' '}
            <strong data-testid="recovery-match">{recovery.match}</strong>. Unless you cancel, it can open your wallet from{' '}
            {when(recovery.opensAt)}.
          </p>
          <Button variant="secondary" data-testid="cancel-recovery" onClick={() => void cancelRecovery(ctx, recovery.id)}>
            Cancel this recovery
          </Button>
        </div>
      ))}
    </>
  )
}
