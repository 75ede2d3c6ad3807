import type { WidgetContext } from '../../core/context'
import type { RouteName } from '../../core/router/routes'
import { currentRouteAtom, navigateAtom } from '../../core/router/atoms'
import { cancelConnect, connectExternal } from '../../connectors/connect'

/** Views of a connection attempt: leaving one abandons the attempt. */
const CONNECTING_VIEWS: ReadonlySet<RouteName> = new Set<RouteName>([
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'EmailVerifyOtp',
  'VerifyDevice',
  'ConnectingSocial',
  'ConnectingFarcaster',
])

export function goBack(ctx: WidgetContext): void {
  const leaving = ctx.store.get(currentRouteAtom)
  ctx.store.set(navigateAtom, { type: 'back' })
  if (CONNECTING_VIEWS.has(leaving.name)) cancelConnect(ctx)
}

export function selectConnector(ctx: WidgetContext, connectorId: string): void {
  ctx.store.set(navigateAtom, { type: 'push', route: { name: 'ConnectingExternal', params: { connectorId } } })
  void connectExternal(ctx, connectorId)
}
