import { ProviderRpcError, RpcErrorCode, type OpenableView } from '@airlock/protocol'
import type { WidgetContext } from '../context'
import { connectionAtom } from '../stores/connection'
import { openAtom } from '../stores/modal'
import { navigateAtom } from '../stores/router'
import { cancelConnect } from './connect'
import { track } from './events'

/** Opens on `view`, or on Account when connected and Connect otherwise. The host shows the iframe. */
export function openModal(ctx: WidgetContext, view?: OpenableView): void {
  const connected = ctx.store.get(connectionAtom).status === 'connected'
  const requested = view ?? (connected ? 'Account' : 'Connect')
  const name = requested === 'Account' && !connected ? 'Connect' : requested
  ctx.store.set(navigateAtom, { type: 'reset', route: { name } })
  ctx.store.set(openAtom, true)
  // rAF runs just before the frame that shows the card is painted; the timeout lands after it.
  requestAnimationFrame(() => setTimeout(() => track(ctx, 'MODAL_OPEN', { view: name })))
}

/** Opening on the widget's own initiative (eth_requestAccounts): the host must show the iframe. */
export function showModal(ctx: WidgetContext, view?: OpenableView): void {
  openModal(ctx, view)
  ctx.host.api?.setVisible({ visible: true }).catch(() => {})
}

export function closeModal(ctx: WidgetContext): void {
  cancelConnect(ctx)
  ctx.store.set(openAtom, false)
  track(ctx, 'MODAL_CLOSE')
  ctx.session.accountWaiters.rejectAll(new ProviderRpcError(RpcErrorCode.UserRejected, 'User rejected the request.'))
  ctx.host.api?.setVisible({ visible: false }).catch(() => {})
}
