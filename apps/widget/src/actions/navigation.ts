import type { WidgetContext } from '../context'
import { currentRouteAtom, navigateAtom } from '../stores/router'
import { cancelConnect, connectExternal } from './connect'

export function goBack(ctx: WidgetContext): void {
  const leaving = ctx.store.get(currentRouteAtom)
  ctx.store.set(navigateAtom, { type: 'back' })
  if (leaving.name === 'ConnectingExternal' || leaving.name === 'ConnectingWalletConnect') cancelConnect(ctx)
}

export function selectConnector(ctx: WidgetContext, connectorId: string): void {
  ctx.store.set(navigateAtom, { type: 'push', route: { name: 'ConnectingExternal', params: { connectorId } } })
  void connectExternal(ctx, connectorId)
}
