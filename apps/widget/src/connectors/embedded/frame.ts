import {
  exposeMethods,
  FRAME_PROTOCOL_VERSION,
  FrameErrorMessage,
  frameEventParams,
  frameRequestTimeout,
  type FrameApi,
  type FrameEventHandlers,
  type FrameMethod,
  type frameEventResults,
} from '@airlock/protocol'
import { DEFAULT_SDK_TYPE, WIDGET_SDK_VERSION } from '../../core/http/client'
import type { WidgetContext } from '../../core/context'
import { AUTH_SESSION_KEY, savePersisted } from '../../core/storage/persisted'
import { authFrameStatusAtom } from './atoms'
import { secureSurfaceHeightAtom } from './surfaceAtoms'
import { optionsAtom } from '../../core/options/atoms'
import { themeModeAtom, themeVariablesAtom } from '../../core/theme/atoms'
import type { FrameSurface } from './surface'
import { iframeTransport, type FrameTransport, type FrameTransportFactory } from './transport'

/** SPEC section 4 "Frame lifecycle": a frame that has not said ready in this long did not load. */
export const FRAME_READY_TIMEOUT_MS = 10_000
/**
 * Within that time a second document is started beside the first, halfway: under load a cold
 * frame's penpal handshake was seen to stall now and then (about 1 run in 40 of the e2e suite on
 * a busy 2-core box) while a second document connected at once. The first stays: a cold frame
 * that needs 5-8 s under load is as likely to arrive first, and tearing it down at 5 s left
 * neither in time (the e2e email logins that failed "no mail" never got a frame to ask for one).
 */
export const FRAME_LOAD_ATTEMPTS = 2

/** The secure frame, ready: its methods (with the SPEC section 9 time-outs), its visible surface and its teardown. */
export interface AuthFrame {
  api: FrameApi
  surface: FrameSurface | undefined
  destroy(): void
}

/** The frame did not load: no ready signal in time, a version mismatch, or the iframe failed. */
export class AuthFrameLoadError extends Error {
  override readonly name = 'AuthFrameLoadError'
  /** A frame of another protocol version: another document will not be different. */
  constructor(readonly final = false) {
    super(FrameErrorMessage.LoadFailed)
  }
}

const frames = new WeakMap<WidgetContext, Promise<AuthFrame>>()
const factories = new WeakMap<WidgetContext, FrameTransportFactory>()

/** Tests (and only tests) connect the widget to an in-memory frame instead of an iframe. */
export function setFrameTransportFactory(ctx: WidgetContext, factory: FrameTransportFactory): void {
  factories.set(ctx, factory)
}

/**
 * The one secure frame of this widget, created on first use and ready once it has said so with
 * our protocol version. A frame that fails to load is torn down and forgotten, so the next
 * attempt (a new submit, a new click) loads it again.
 */
export function loadAuthFrame(ctx: WidgetContext): Promise<AuthFrame> {
  let loading = frames.get(ctx)
  if (!loading) {
    loading = createFrameWithRetry(ctx)
    frames.set(ctx, loading)
    ctx.store.set(authFrameStatusAtom, 'loading')
    loading.then(
      () => ctx.store.set(authFrameStatusAtom, 'ready'),
      () => {
        if (frames.get(ctx) === loading) frames.delete(ctx)
        ctx.store.set(authFrameStatusAtom, 'failed')
      },
    )
  }
  return loading
}

/** The frame if it has been asked for in this page (a sign-out needs no new frame). */
export function authFrameLoaded(ctx: WidgetContext): Promise<AuthFrame> | undefined {
  return frames.get(ctx)
}

/** The first document to say ready wins and the others are torn down; none in time is a load failure. */
function createFrameWithRetry(ctx: WidgetContext): Promise<AuthFrame> {
  return new Promise((resolve, reject) => {
    const attempts: AbortController[] = []
    let failed = 0
    let settled = false
    const settle = (end: () => void) => {
      settled = true
      clearTimeout(second)
      clearTimeout(deadline)
      for (const attempt of attempts) attempt.abort()
      end()
    }
    const start = () => {
      const abort = new AbortController()
      attempts.push(abort)
      createFrame(ctx, abort.signal).then(
        (frame) => {
          if (settled) return frame.destroy()
          // The winner's signal would tear its own iframe down (iframeTransport listens to it).
          attempts.splice(attempts.indexOf(abort), 1)
          settle(() => resolve(frame))
          syncFrame(ctx, frame.api)
        },
        (error: unknown) => {
          abort.abort()
          if (settled) return
          const final = error instanceof AuthFrameLoadError && error.final
          if (final || ++failed === FRAME_LOAD_ATTEMPTS) return settle(() => reject(error))
          // A document that failed outright (not one still loading) is replaced at once.
          if (attempts.length === failed) start()
        },
      )
    }
    const second = setTimeout(() => attempts.length < FRAME_LOAD_ATTEMPTS && start(), FRAME_READY_TIMEOUT_MS / FRAME_LOAD_ATTEMPTS)
    const deadline = setTimeout(() => settle(() => reject(new AuthFrameLoadError())), FRAME_READY_TIMEOUT_MS)
    start()
  })
}

/** One document of the frame, ready with our protocol version, or torn down when `signal` aborts first. */
async function createFrame(ctx: WidgetContext, signal: AbortSignal): Promise<AuthFrame> {
  let signalReady!: (version: number) => void
  const ready = new Promise<number>((resolve) => (signalReady = resolve))
  const events = exposeMethods<typeof frameEventParams, typeof frameEventResults>(
    frameEventParams,
    frameEventHandlers(ctx, signalReady),
    () => {
      ctx.stats.invalidCalls++
    },
  )
  const factory = factories.get(ctx) ?? iframeTransport
  const aborted = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new AuthFrameLoadError()), { once: true }),
  )
  let transport: FrameTransport | undefined
  try {
    const connecting = factory(ctx, events, signal).then((connected) => {
      if (signal.aborted) connected.destroy()
      return (transport = connected)
    })
    const [, version] = await Promise.race([Promise.all([connecting, ready]), aborted])
    if (version !== FRAME_PROTOCOL_VERSION) throw new AuthFrameLoadError(true)
  } catch (error) {
    transport?.destroy()
    if (error instanceof AuthFrameLoadError) throw error
    console.error('[airlock] the secure frame did not load', error)
    throw new AuthFrameLoadError()
  }
  const connected = transport!
  return { api: withTimeouts(connected.api), surface: connected.surface, destroy: connected.destroy }
}

/** What the frame may push to the widget: its ready signal, and the session token (kept privately, storage/persisted.ts). */
function frameEventHandlers(ctx: WidgetContext, signalReady: (version: number) => void): FrameEventHandlers {
  return {
    ready: ({ version }) => signalReady(version),
    sessionUpdate: ({ token }) => savePersisted(ctx, AUTH_SESSION_KEY, token),
    surfaceHeight: ({ height }) => ctx.store.set(secureSurfaceHeightAtom, height),
  }
}

/** A frame call that did not answer in time reads 'Something went wrong' (frameErrorMessage). */
export function frameTimeoutError(method: string): Error {
  const error = new Error(`The secure frame did not answer ${method} in time`)
  error.name = 'TimeoutError'
  return error
}

/** SPEC section 9: the login steps time out after 30 s; the others wait for the user or the chain. */
function withTimeouts(api: FrameApi): FrameApi {
  const wrapped: Record<string, (params?: unknown) => Promise<unknown>> = {}
  for (const method of Object.keys(api) as FrameMethod[]) {
    const call = api[method] as (params?: unknown) => Promise<unknown>
    const ms = frameRequestTimeout(method)
    wrapped[method] =
      ms === undefined
        ? call
        : (params) => {
            let timer: ReturnType<typeof setTimeout> | undefined
            const timeout = new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(frameTimeoutError(method)), ms)
            })
            return Promise.race([call(params), timeout]).finally(() => clearTimeout(timer))
          }
  }
  return wrapped as unknown as FrameApi
}

/** The dapp's data and the theme, so that what the frame draws (its confirmations) matches. Best effort. */
function syncFrame(ctx: WidgetContext, api: FrameApi): void {
  const options = ctx.store.get(optionsAtom)
  void api
    .syncDappData({
      projectId: options?.projectId ?? ctx.config.projectId,
      sdkType: options?.sdkType ?? DEFAULT_SDK_TYPE,
      sdkVersion: options?.sdkVersion ?? WIDGET_SDK_VERSION,
      origin: ctx.config.parentOrigin,
      ...(options?.metadata ? { metadata: options.metadata } : {}),
    })
    .catch(() => {})
  const syncTheme = () =>
    void api.syncTheme({ themeMode: ctx.store.get(themeModeAtom), themeVariables: ctx.store.get(themeVariablesAtom) }).catch(() => {})
  syncTheme()
  ctx.store.sub(themeModeAtom, syncTheme)
  ctx.store.sub(themeVariablesAtom, syncTheme)
}
