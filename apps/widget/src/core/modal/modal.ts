import { ProviderRpcError, RpcErrorCode, type Namespace, type OpenableView } from '@airlock/protocol'
import type { WidgetContext } from '../context'
import { modalHoldAtom, openAtom } from './atoms'
import { optionsAtom } from '../options/atoms'
import { unsupportedChainAtom } from '../network/atoms'
import { navigateAtom } from '../router/atoms'
import { cancelConnect, chooseNamespace } from '../session/session'
import { track } from '../events'
import { connectionAtom } from '../session/active'
import { networksAtom } from '../options/atoms'

/** Views the widget opens on its own; the dapp may open only OpenableView. */
export type ModalView = OpenableView | 'UnsupportedChain' | 'SIWXSignMessage'

/**
 * Opens on `view`, or when connected on Account (UnsupportedChain while the wallet's network is
 * not supported), and on Connect otherwise. The host shows the iframe. With a `namespace` (one the
 * dapp requested networks of), that namespace becomes the active one first, its other namespaces
 * keeping their connections.
 */
export function openModal(ctx: WidgetContext, view?: ModalView, namespace?: Namespace): void {
  if (namespace) {
    if (!ctx.store.get(networksAtom).some((id) => id.startsWith(`${namespace}:`)))
      throw new ProviderRpcError(RpcErrorCode.InvalidParams, `The dapp requested no ${namespace} network`)
    chooseNamespace(ctx, namespace)
  }
  const connected = ctx.store.get(connectionAtom).status === 'connected'
  const requested = view ?? (connected ? (ctx.store.get(unsupportedChainAtom) ? 'UnsupportedChain' : 'Account') : 'Connect')
  const wanted = requested === 'Account' && !connected ? 'Connect' : requested
  const name = wanted === 'Connect' && ctx.store.get(optionsAtom)?.basic ? 'ConnectingWalletConnectBasic' : wanted
  ctx.store.set(navigateAtom, { type: 'reset', route: { name } })
  ctx.store.set(openAtom, true)
  // rAF runs just before the frame that shows the card is painted; the timeout lands after it.
  requestAnimationFrame(() => setTimeout(() => track(ctx, 'MODAL_OPEN', { view: name })))
}

/**
 * Opens and has the host show the iframe: on the widget's own initiative (eth_requestAccounts), and
 * on the dapp's open(). The host showed the frame for the latter already, but a hide this widget
 * sent before the open reached it (a connection that closed the modal, whose state the dapp answered
 * with open()) would otherwise leave it hidden, the state saying open: the widget's last word wins.
 */
export function showModal(ctx: WidgetContext, view?: ModalView, namespace?: Namespace): void {
  openModal(ctx, view, namespace)
  ctx.host.api?.setVisible({ visible: true }).catch(() => {})
}

/** Closes the modal after an action ended (a connection, an approval), unless a view holds it (modalHoldAtom). */
export function closeModal(ctx: WidgetContext): void {
  if (ctx.store.get(modalHoldAtom)) return
  cancelConnect(ctx)
  ctx.store.set(openAtom, false)
  track(ctx, 'MODAL_CLOSE')
  ctx.session.accountWaiters.rejectAll(new ProviderRpcError(RpcErrorCode.UserRejected, 'User rejected the request.'))
  ctx.host.api?.setVisible({ visible: false }).catch(() => {})
}

/** The user's or the dapp's close (close button, Escape, backdrop, `close()`): a holding view answers it. */
export async function requestClose(ctx: WidgetContext): Promise<void> {
  const held = ctx.store.get(modalHoldAtom)
  if (held) await held.hold.onCloseRequest()
  else closeModal(ctx)
}
