import { frameErrorMessage } from '@airlock/protocol'
import type { WidgetContext } from '../../../core/context'
import { loadAuthFrame } from '../../../connectors/embedded/frame'
import { recoveriesAtom } from '../../../connectors/embedded/atoms'

/**
 * The email recoveries under way for the signed-in account, as the Account view shows them on a
 * device where the wallet is open (apart from actions.ts: the Account view's chunk needs only this).
 */

export const RECOVERY_CANCELLED_MESSAGE = 'Recovery cancelled: that device cannot open your wallet by email'

/** The email recoveries under way for the signed-in account (the Account view warns of each). */
export async function loadRecoveries(ctx: WidgetContext): Promise<void> {
  const frame = await loadAuthFrame(ctx)
  const { recoveries } = await frame.api.getRecoveries()
  ctx.store.set(recoveriesAtom, recoveries)
}

/** "Cancel this recovery": the device that asked can then not open the wallet by email. */
export async function cancelRecovery(ctx: WidgetContext, id: string): Promise<void> {
  try {
    const frame = await loadAuthFrame(ctx)
    const { recoveries } = await frame.api.cancelRecovery({ id })
    ctx.store.set(recoveriesAtom, recoveries)
    ctx.toasts.show(RECOVERY_CANCELLED_MESSAGE, 'success')
  } catch (error) {
    ctx.toasts.show(frameErrorMessage(error), 'error')
  }
}
