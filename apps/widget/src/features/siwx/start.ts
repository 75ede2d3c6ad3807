import type { WidgetContext } from '../../core/context'
import { closeModal } from '../../core/modal/modal'
import { modalHoldAtom, openAtom } from '../../core/modal/atoms'
import { optionsAtom } from '../../core/options/atoms'
import { sessionAtom } from '../../core/session/atoms'
import { connectedSilentlyAtom } from './publicAtoms'

/**
 * Starts sign-in once the dapp's options turn it on (`siwx` or `siwxConfig`): its watcher, its
 * message parser and its sessions are a chunk of their own, fetched as the options arrive (the
 * host SDK sends them first), long before a user can connect.
 *
 * A connection made in the open modal before that chunk and the kept sessions are in (a slow
 * network, a recent wallet picked at once) holds the modal until the watcher has decided: the
 * connection's close would otherwise shut it, and the sign-in open it again a moment later.
 */
export function startSignIn(ctx: WidgetContext): () => void {
  let started = false
  let ready = false
  let stop: (() => void) | undefined
  let before = ctx.store.get(sessionAtom)
  const loading = { hold: { onCloseRequest: async () => release() } }
  const release = () => {
    if (ctx.store.get(modalHoldAtom) !== loading) return
    ctx.store.set(modalHoldAtom, undefined)
    closeModal(ctx)
  }
  const follow = () => {
    const session = ctx.store.get(sessionAtom)
    if (session.connections !== before.connections) {
      ctx.store.set(connectedSilentlyAtom, before.pending?.status === 'reconnecting')
      const gained = Object.keys(session.connections).some((namespace) => !(namespace in before.connections))
      if (gained && started && !ready && ctx.store.get(openAtom) && !ctx.store.get(modalHoldAtom)) ctx.store.set(modalHoldAtom, loading)
    }
    before = session
  }
  const start = () => {
    const options = ctx.store.get(optionsAtom)
    if (started || !(options?.siwx || options?.siwxConfig)) return
    started = true
    void import('./watch').then(async (watch) => {
      const watcher = watch.watchSignIn(ctx)
      stop = watcher.stop
      await watcher.ready
      ready = true
      // The watcher asked a sign-in (its own hold replaced this one) or needs none: then the close the connection asked for.
      release()
    })
  }
  const unsubscribes = [ctx.store.sub(sessionAtom, follow), ctx.store.sub(optionsAtom, start)]
  start()
  return () => {
    unsubscribes.forEach((unsubscribe) => unsubscribe())
    stop?.()
  }
}
