import {
  createCaller,
  frameMethodResults,
  PinnedWindowMessenger,
  SECURE_FRAME_CHANNEL,
  type FrameApi,
  type frameMethodParams,
} from '@airlock/protocol'
import { connect, type Methods } from 'penpal'
import type { WidgetContext } from '../../core/context'
import { showDropCount } from '../../core/diagnostics'
import { createFrameSurface, type FrameSurface } from './surface'

/** A connected secure frame: its typed methods, its visible surface, and how to tear it down. */
export interface FrameTransport {
  api: FrameApi
  /** Absent for an in-memory frame (tests). */
  surface?: FrameSurface
  destroy(): void
}

/**
 * Connects to a secure frame. `events` are the widget's handlers for what the frame pushes
 * (already behind exposeMethods); `signal` aborts a connection that is taking too long. Tests put
 * an in-memory frame here (setFrameTransportFactory in client.ts); the page uses iframeTransport.
 */
export type FrameTransportFactory = (ctx: WidgetContext, events: Methods, signal: AbortSignal) => Promise<FrameTransport>

export const SECURE_FRAME_ATTRIBUTE = 'data-airlock-secure'

/**
 * The iframe on the secure origin (hidden until a slot shows it, see surface.ts), and penpal over a
 * messenger pinned to that origin both ways (the same PinnedWindowMessenger the widget uses with
 * the dapp page).
 */
export const iframeTransport: FrameTransportFactory = (ctx, events, signal) => {
  const url = new URL(ctx.config.secureFrameUrl)
  const iframe = document.createElement('iframe')
  iframe.src = url.href
  iframe.title = 'Airlock secure frame'
  // Passkeys (the lead's workstream) are created and used in the frame: the delegation goes on every level.
  iframe.allow = 'publickey-credentials-get; publickey-credentials-create'
  iframe.setAttribute(SECURE_FRAME_ATTRIBUTE, '')
  const surface = createFrameSurface(iframe)
  document.body.append(iframe)

  const messenger = new PinnedWindowMessenger({
    remoteWindow: iframe.contentWindow!,
    remoteOrigin: url.origin,
    channel: SECURE_FRAME_CHANNEL,
    onDrop: (reason) => {
      ctx.stats.drops[reason]++
      showDropCount(ctx)
    },
  })
  const connection = connect({ messenger, methods: events, channel: SECURE_FRAME_CHANNEL })
  const destroy = () => {
    connection.destroy()
    iframe.remove()
  }
  signal.addEventListener('abort', destroy, { once: true })
  return connection.promise.then(
    (remote) => ({
      api: createCaller<typeof frameMethodParams, typeof frameMethodResults>(frameMethodResults, remote, () => {
        ctx.stats.invalidResults++
      }),
      surface,
      destroy,
    }),
    (error: unknown) => {
      destroy()
      throw error
    },
  )
}
