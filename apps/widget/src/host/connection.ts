import {
  createCaller,
  exposeMethods,
  hostMethodResults,
  PinnedWindowMessenger,
  widgetMethodParams,
  type hostMethodParams,
  type HostApi,
} from '@airlock/protocol'
import { connect } from 'penpal'
import { loadConnectors } from '../connectors/relayed/list'
import { restoreNetwork, watchUnsupportedChain } from '../features/networks/actions'
import { startSignIn } from '../features/siwx/start'
import type { WidgetContext } from '../core/context'
import { showDropCount } from '../core/diagnostics'
import { readyAtom } from '../core/modal/atoms'
import { startProviderEvents } from './providerEvents'
import { startStateSync } from './stateSync'
import { createWidgetMethods } from './widgetMethods'

/**
 * Starts the penpal handshake with the dapp page at once: the iframe is preloaded hidden, where
 * Chromium runs no requestAnimationFrame, so nothing here waits on rendering.
 */
export function connectToHost(ctx: WidgetContext, remoteWindow: Window = window.parent): { destroy: () => void } {
  const { stats } = ctx
  const messenger = new PinnedWindowMessenger({
    remoteWindow,
    remoteOrigin: ctx.config.parentOrigin,
    onDrop: (reason) => {
      stats.drops[reason]++
      showDropCount(ctx)
    },
  })
  const methods = exposeMethods(widgetMethodParams, createWidgetMethods(ctx), () => {
    stats.invalidCalls++
    showDropCount(ctx)
  })
  const connection = connect({ messenger, methods })
  connection.promise.then(
    (remote) => {
      const host = createCaller<typeof hostMethodParams, typeof hostMethodResults>(hostMethodResults, remote, () => {
        stats.invalidResults++
      })
      onHostConnected(ctx, host)
    },
    (error: unknown) => console.error('[airlock] host connection failed', error),
  )
  return { destroy: connection.destroy }
}

/** Readiness is the first state the host receives; then the wallets, then the silent reconnect. */
export function onHostConnected(ctx: WidgetContext, host: HostApi): void {
  performance.mark('airlock:ready')
  ctx.host.api = host
  ctx.store.set(readyAtom, true)
  startStateSync(ctx)
  // After the state sync: a provider event reaches the dapp after the state that says it.
  startProviderEvents(ctx)
  void restoreNetwork(ctx)
  watchUnsupportedChain(ctx)
  startSignIn(ctx)
  void loadConnectors(ctx)
}
