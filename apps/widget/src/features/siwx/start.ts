import type { WidgetContext } from '../../core/context'
import { optionsAtom } from '../../core/options/atoms'
import { sessionAtom } from '../../core/session/atoms'
import { connectedSilentlyAtom } from './publicAtoms'

/**
 * Starts sign-in once the dapp's options turn it on (`siwx` or `siwxConfig`): its watcher, its
 * message parser and its sessions are a chunk of their own, fetched as the options arrive (the
 * host SDK sends them first), long before a user can connect.
 */
export function startSignIn(ctx: WidgetContext): () => void {
  let started = false
  let stop: (() => void) | undefined
  let before = ctx.store.get(sessionAtom)
  const follow = () => {
    const session = ctx.store.get(sessionAtom)
    if (session.connections !== before.connections) ctx.store.set(connectedSilentlyAtom, before.pending?.status === 'reconnecting')
    before = session
  }
  const start = () => {
    const options = ctx.store.get(optionsAtom)
    if (started || !(options?.siwx || options?.siwxConfig)) return
    started = true
    void import('./watch').then((watch) => {
      stop = watch.watchSignIn(ctx)
    })
  }
  const unsubscribes = [ctx.store.sub(sessionAtom, follow), ctx.store.sub(optionsAtom, start)]
  start()
  return () => {
    unsubscribes.forEach((unsubscribe) => unsubscribe())
    stop?.()
  }
}
