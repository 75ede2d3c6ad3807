import type { WidgetContext } from '../../core/context'
import { authFrameStatusAtom } from './atoms'

/**
 * Loads the secure frame ahead of the first email or social step, so that a submit does not wait
 * for a cold cross-site iframe. Once per page: a frame that failed loads again on the next submit
 * or click, not on every render. The frame client is a lazy chunk; this file is all the first
 * paint carries of it.
 */
export function preloadAuthFrame(ctx: WidgetContext): void {
  if (ctx.store.get(authFrameStatusAtom) !== 'idle') return
  void import('./frame').then((client) => client.loadAuthFrame(ctx)).catch(() => {})
}

/** After the first paint, when the page has nothing else to do (or within `timeout` ms). */
export function whenIdle(run: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(run, 200)
  return () => clearTimeout(timer)
}
