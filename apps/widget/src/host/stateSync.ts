import { emitHostEvent } from '../core/events'
import type { WidgetContext } from '../core/context'
import { publicStateAtom } from './publicState'

/**
 * Pushes every change of the public state to the host, synchronously so that the host's mirror
 * is current before any reply that follows the change. Unchanged snapshots are not re-sent.
 */
export function startStateSync(ctx: WidgetContext): () => void {
  let last = ''
  const push = () => {
    const state = ctx.store.get(publicStateAtom)
    const serialized = JSON.stringify(state)
    if (serialized === last) return
    last = serialized
    emitHostEvent(ctx, { type: 'state', state })
  }
  const unsubscribe = ctx.store.sub(publicStateAtom, push)
  push()
  return unsubscribe
}
