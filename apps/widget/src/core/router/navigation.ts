import type { WidgetContext } from '../context'
import { cancelConnect } from '../session/session'
import { currentRouteAtom, navigateAtom } from './atoms'
import { isConnectingRoute } from './registry'

/** Back one view; leaving the view of a connection attempt abandons the attempt. */
export function goBack(ctx: WidgetContext): void {
  const leaving = ctx.store.get(currentRouteAtom)
  ctx.store.set(navigateAtom, { type: 'back' })
  if (isConnectingRoute(leaving)) cancelConnect(ctx)
}
