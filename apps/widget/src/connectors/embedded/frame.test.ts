// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"navigation": {"disableChildFrameNavigation": true}}}
import { FRAME_PROTOCOL_VERSION, FrameErrorMessage, frameErrorMessage, type FrameEventHandlers } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { onHostConnected } from '../../host/connection'
import { createMemoryStorage } from '../../core/storage/safeStorage'
import { authFrameStatusAtom } from './atoms'
import { setTheme } from '../../core/options/options'
import { createFakeFrame, SESSION_TOKEN } from '../../testing/fakeFrame'
import { createFakeHost, createTestContext, flush, TEST_CONFIG } from '../../testing/fakeHost'
import { AUTH_SESSION_KEY } from '../../core/storage/persisted'
import { FRAME_READY_TIMEOUT_MS, loadAuthFrame } from './frame'
import { iframeTransport, SECURE_FRAME_ATTRIBUTE, type FrameTransportFactory } from './transport'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function setup(storage = createMemoryStorage()) {
  const host = createFakeHost()
  const frame = createFakeFrame()
  const ctx = createTestContext(host, { storage, frame: frame.factory })
  onHostConnected(ctx, host.api)
  return { ctx, host, frame }
}

describe('loading the secure frame', () => {
  it('is ready once the frame says ready with version 4; one frame per widget; the dapp data and theme are synced', async () => {
    const { ctx, frame } = setup()
    const loading = loadAuthFrame(ctx)
    expect(ctx.store.get(authFrameStatusAtom)).toBe('loading')
    expect(loadAuthFrame(ctx)).toBe(loading)
    await loading
    expect(ctx.store.get(authFrameStatusAtom)).toBe('ready')
    expect(frame.connects).toBe(1)
    await flush()
    expect(frame.callsOf('syncDappData')).toEqual([
      { projectId: 'demo', sdkType: 'appkit', sdkVersion: 'airlock-widget-0.1.0', origin: TEST_CONFIG.parentOrigin },
    ])
    expect(frame.callsOf('syncTheme')).toEqual([{ themeMode: 'dark', themeVariables: {} }])
    setTheme(ctx, { themeMode: 'light' })
    await flush()
    expect(frame.callsOf('syncTheme').at(-1)).toEqual({ themeMode: 'light', themeVariables: {} })
    expect(frame.invalid).toEqual([])
  })

  it("a frame of another version: 'Unable to load email login dependency', torn down; the next attempt loads again", async () => {
    const { ctx, frame } = setup()
    frame.readyVersion = 3
    const failed = loadAuthFrame(ctx)
    await expect(failed).rejects.toThrow(FrameErrorMessage.LoadFailed)
    expect(frameErrorMessage(await failed.catch((e: unknown) => e))).toBe('Unable to load email login dependency')
    expect(ctx.store.get(authFrameStatusAtom)).toBe('failed')
    expect(frame.destroyed).toBe(1)
    frame.readyVersion = 4
    await expect(loadAuthFrame(ctx)).resolves.toBeTruthy()
    expect(frame.connects).toBe(2)
    expect(ctx.store.get(authFrameStatusAtom)).toBe('ready')
  })

  it('a frame that never says ready fails after 10 s', async () => {
    vi.useFakeTimers()
    const { ctx, frame } = setup()
    frame.readyVersion = null
    const loading = loadAuthFrame(ctx)
    const settled = vi.fn()
    loading.catch(settled)
    await vi.advanceTimersByTimeAsync(FRAME_READY_TIMEOUT_MS - 1)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ message: 'Unable to load email login dependency' }))
    // Two fresh frames were tried within the 10 s, each torn down.
    expect(frame.connects).toBe(2)
    expect(frame.destroyed).toBe(2)
  })

  it('a frame whose first document stalls is replaced once, and the second one connects', async () => {
    vi.useFakeTimers()
    const { ctx, frame } = setup()
    frame.readyVersion = null
    const loading = loadAuthFrame(ctx)
    await vi.advanceTimersByTimeAsync(FRAME_READY_TIMEOUT_MS / 2 - 1)
    frame.readyVersion = FRAME_PROTOCOL_VERSION
    await vi.advanceTimersByTimeAsync(10)
    await expect(loading).resolves.toBeDefined()
    expect(frame.connects).toBe(2)
    expect(frame.destroyed).toBe(1)
    expect(ctx.store.get(authFrameStatusAtom)).toBe('ready')
  })

  it('a first document that is slow but says ready before the second is the one kept; the second is torn down', async () => {
    vi.useFakeTimers()
    const host = createFakeHost()
    const frame = createFakeFrame()
    frame.readyVersion = null
    const documents: Parameters<FrameTransportFactory>[1][] = []
    const signals: AbortSignal[] = []
    const ctx = createTestContext(host, {
      frame: (c, events, signal) => {
        documents.push(events)
        signals.push(signal)
        return frame.factory(c, events, signal)
      },
    })
    const loading = loadAuthFrame(ctx)
    await vi.advanceTimersByTimeAsync(7_000)
    expect(documents).toHaveLength(2)
    await (documents[0] as unknown as FrameEventHandlers).ready({ version: FRAME_PROTOCOL_VERSION })
    await vi.advanceTimersByTimeAsync(0)
    await expect(loading).resolves.toBeDefined()
    expect(frame.destroyed).toBe(1)
    // The iframe transport removes its iframe when its signal aborts: the winner's must not.
    expect(signals.map((signal) => signal.aborted)).toEqual([false, true])
    await vi.advanceTimersByTimeAsync(FRAME_READY_TIMEOUT_MS)
    expect(ctx.store.get(authFrameStatusAtom)).toBe('ready')
  })

  it('a frame that never connects fails after 10 s too, and its connection is aborted', async () => {
    vi.useFakeTimers()
    const host = createFakeHost()
    let signal: AbortSignal | undefined
    const ctx = createTestContext(host, {
      frame: (_ctx, _events, s) => {
        signal = s
        return new Promise(() => {})
      },
    })
    const loading = loadAuthFrame(ctx).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(FRAME_READY_TIMEOUT_MS)
    expect(await loading).toMatchObject({ message: FrameErrorMessage.LoadFailed })
    expect(signal?.aborted).toBe(true)
  })

  it("the login steps time out after 30 s with 'Something went wrong'; other calls wait", async () => {
    const { ctx, frame } = setup()
    const api = (await loadAuthFrame(ctx)).api
    vi.useFakeTimers()
    frame.methods.connectEmail = () => new Promise(() => {})
    frame.methods.signOut = () => new Promise(() => {})
    const email = api.connectEmail({ email: 'ada@example.com' }).catch((e: unknown) => e)
    const signOut = vi.fn()
    void api.signOut().then(signOut, signOut)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(frameErrorMessage(await email)).toBe('Something went wrong')
    expect(signOut).not.toHaveBeenCalled()
  })

  it("a frame error reply shows its message, or 'An error occurred' without one", async () => {
    const { ctx, frame } = setup()
    const api = (await loadAuthFrame(ctx)).api
    frame.methods.connectOtp = () => {
      throw new Error('This code has expired: request a new code')
    }
    expect(frameErrorMessage(await api.connectOtp({ otp: '111111' }).catch((e: unknown) => e))).toBe(
      'This code has expired: request a new code',
    )
    frame.methods.connectOtp = () => {
      throw { code: -32000, message: '' }
    }
    expect(frameErrorMessage(await api.connectOtp({ otp: '111111' }).catch((e: unknown) => e))).toBe('An error occurred')
  })
})

describe("the frame's pushes", () => {
  it('sessionUpdate keeps the token in the widget storage only: never through the dapp page, even when the widget storage is memory-only', async () => {
    const { ctx, host, frame } = setup()
    await loadAuthFrame(ctx)
    await frame.widget!.sessionUpdate({ token: SESSION_TOKEN })
    expect(ctx.storage.get(AUTH_SESSION_KEY)).toBe(SESSION_TOKEN)
    expect(host.storage.has(AUTH_SESSION_KEY)).toBe(false)
    expect(host.api.storageSet).not.toHaveBeenCalled()
  })

  it('malformed pushes are refused by the schemas and counted', async () => {
    const { ctx, frame } = setup()
    await loadAuthFrame(ctx)
    await expect(frame.widget!.sessionUpdate({ token: '<script>' })).rejects.toMatchObject({ code: -32602 })
    await expect(frame.widget!.sessionUpdate({ token: 'x'.repeat(4097) })).rejects.toMatchObject({ code: -32602 })
    expect(ctx.storage.get(AUTH_SESSION_KEY)).toBeUndefined()
    expect(ctx.stats.invalidCalls).toBe(2)
  })
})

describe('iframeTransport', () => {
  it('mounts a hidden iframe on the secure frame URL and removes it when the connection is aborted', async () => {
    const { ctx } = setup()
    const abort = new AbortController()
    const connecting = iframeTransport(ctx, {}, abort.signal).catch((e: unknown) => e)
    const iframe = document.querySelector<HTMLIFrameElement>(`iframe[${SECURE_FRAME_ATTRIBUTE}]`)!
    expect(iframe.getAttribute('src')).toBe(`${TEST_CONFIG.secureFrameUrl}/`)
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    expect(iframe.tabIndex).toBe(-1)
    expect(iframe.style.visibility).toBe('hidden')
    expect(iframe.style.width).toBe('0px')
    abort.abort()
    await connecting
    expect(document.querySelector(`iframe[${SECURE_FRAME_ATTRIBUTE}]`)).toBeNull()
  })
})
