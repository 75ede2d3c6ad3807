import { useAtomValue } from 'jotai'
import { SecureFrameSlot } from '../../connectors/embedded/SecureFrameSlot'
import { approvalQueueAtom } from '../../connectors/embedded/approvalAtoms'

/**
 * An embedded-wallet request waiting for the user. The widget does not draw it: the secure frame
 * does, over this view's slot, from the raw request, and only a click in the frame (or in its popup)
 * approves it (DESIGN.md section 5b). Leaving the view, closing the modal or disconnecting aborts it.
 */
export default function ApproveTransactionView({ requestId }: { requestId: string }) {
  const waiting = useAtomValue(approvalQueueAtom).some((approval) => approval.id === requestId)
  return (
    <section data-testid="approve-view" data-state={waiting ? 'waiting' : 'gone'}>
      {waiting ? <SecureFrameSlot label="Loading the request" /> : <p className="al-view-loading">This request is no longer waiting.</p>}
    </section>
  )
}
