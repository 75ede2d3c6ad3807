// @vitest-environment happy-dom
import { FrameErrorMessage, type FrameSocialLoginStep } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_CONNECTOR_ID } from '../../../connectors/embedded/id'
import { onHostConnected } from '../../../host/connection'
import { CONNECTED_SOCIAL_KEY, SOCIAL_USERNAME_KEY } from '../../../core/storage/persisted'
import { createMemoryStorage } from '../../../core/storage/safeStorage'
import { authUserAtom, deviceCheckAtom, socialLoginAtom } from '../../../connectors/embedded/atoms'
import { currentRouteAtom } from '../../../core/router/atoms'
import { createFakeFrame, frameAccount, frameUser, SENT_TO } from '../../../testing/fakeFrame'
import { createFakeHost, createTestContext, flush } from '../../../testing/fakeHost'
import { cancelConnect } from '../../../core/session/session'
import { connectSocial, SOCIAL_CLOSED_GRACE_MS, SOCIAL_FIRST_PAGE_POLL_MS, SOCIAL_POPUP_POLL_MS } from './actions'
import { openModal } from '../../../core/modal/modal'
import { setOptions } from '../../../core/options/options'
import { connectionAtom } from '../../../core/session/active'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function fakePopup() {
  const popup = { closed: false, location: { href: 'http://secure.localhost:4402/oauth/loading?provider=github' }, close: vi.fn() }
  popup.close.mockImplementation(() => {
    popup.closed = true
  })
  return popup
}

async function setup() {
  const host = createFakeHost({ connectors: [] })
  const frame = createFakeFrame()
  const ctx = createTestContext(host, { storage: createMemoryStorage(), frame: frame.factory })
  onHostConnected(ctx, host.api)
  await flush()
  setOptions(ctx, { projectId: 'demo', networks: ['eip155:31337'] })
  openModal(ctx)
  return { ctx, host, frame, popup: fakePopup() }
}

const pending = () => new Error(FrameErrorMessage.SocialPending)
const social = (ctx: Awaited<ReturnType<typeof setup>>['ctx']) => ctx.store.get(socialLoginAtom)

describe('social login', () => {
  it('sends the popup to the login URI, asks connectSocial, connects, closes the popup and stores the provider', async () => {
    const { ctx, host, frame, popup } = await setup()
    await connectSocial(ctx, 'github', popup as unknown as Window)
    expect(frame.callsOf('getSocialRedirectUri')).toEqual([{ provider: 'github' }])
    expect(popup.location.href).toBe('http://secure.localhost:4402/oauth/github/start?flow=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')
    expect(frame.callsOf('connectSocial')).toEqual([
      { uri: 'http://secure.localhost:4402/oauth/github/start?flow=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' },
    ])
    expect(popup.close).toHaveBeenCalled()
    expect(ctx.store.get(connectionAtom)).toMatchObject({
      status: 'connected',
      connectorId: AUTH_CONNECTOR_ID,
      connectorName: 'GitHub',
      address: frameAccount.address,
    })
    expect(ctx.store.get(authUserAtom)).toMatchObject({ socialProvider: 'github', userName: 'ada' })
    expect(ctx.storage.get(CONNECTED_SOCIAL_KEY)).toBe('github')
    expect(ctx.storage.get(SOCIAL_USERNAME_KEY)).toBe('ada')
    expect(host.providerEvents().map((e) => e.event)).toEqual(['connect', 'accountsChanged'])
    expect(social(ctx)).toEqual({})
  })

  it("asks again after each 'still pending' while the popup is open", async () => {
    const { ctx, frame, popup } = await setup()
    let calls = 0
    frame.methods.connectSocial = () => {
      if (++calls < 3) throw pending()
      return { action: 'CONNECT' as const, user: frameUser({ socialProvider: 'github', userName: 'ada' }) }
    }
    await connectSocial(ctx, 'github', popup as unknown as Window)
    expect(calls).toBe(3)
    expect(ctx.store.get(connectionAtom).status).toBe('connected')
  })

  it('a popup closed while the call waits: the call gets a short grace, then the login is cancelled', async () => {
    const { ctx, host, frame, popup } = await setup()
    vi.useFakeTimers()
    frame.methods.connectSocial = () => new Promise<FrameSocialLoginStep>(() => {})
    const running = connectSocial(ctx, 'github', popup as unknown as Window)
    await vi.advanceTimersByTimeAsync(5 * SOCIAL_POPUP_POLL_MS)
    expect(social(ctx).status).toBe('waiting')
    popup.closed = true
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS + SOCIAL_CLOSED_GRACE_MS)
    await running
    expect(social(ctx)).toMatchObject({ status: 'error', error: 'The sign-in was cancelled' })
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
    expect(host.tracked()).toContain('CONNECT_ERROR')
  })

  it('a callback that finished as the popup closed still counts', async () => {
    const { ctx, frame, popup } = await setup()
    vi.useFakeTimers()
    let answer!: (step: FrameSocialLoginStep) => void
    frame.methods.connectSocial = () => new Promise<FrameSocialLoginStep>((resolve) => (answer = resolve))
    const running = connectSocial(ctx, 'github', popup as unknown as Window)
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS)
    answer({ action: 'CONNECT', user: frameUser({ socialProvider: 'github' }) })
    await vi.advanceTimersByTimeAsync(0)
    await running
    expect(ctx.store.get(connectionAtom).status).toBe('connected')
  })

  it("'still pending' with the popup closed: one last call; still pending means cancelled", async () => {
    const { ctx, frame, popup } = await setup()
    const calls: number[] = []
    frame.methods.connectSocial = () => {
      calls.push(calls.length)
      if (calls.length === 1) popup.closed = true
      throw pending()
    }
    await connectSocial(ctx, 'github', popup as unknown as Window)
    expect(calls).toHaveLength(2)
    expect(social(ctx)).toMatchObject({ status: 'error', error: FrameErrorMessage.SocialCancelled })
  })

  it('the last call after the close can still bring the user', async () => {
    const { ctx, frame, popup } = await setup()
    let calls = 0
    frame.methods.connectSocial = () => {
      if (++calls === 1) {
        popup.closed = true
        throw pending()
      }
      return { action: 'CONNECT' as const, user: frameUser({ socialProvider: 'github' }) }
    }
    await connectSocial(ctx, 'github', popup as unknown as Window)
    expect(ctx.store.get(connectionAtom).status).toBe('connected')
  })

  it('a social login on a device new to the wallet goes on to its second factor, not to the wallet', async () => {
    const { ctx, frame, popup } = await setup()
    frame.newDevice = true
    await connectSocial(ctx, 'github', popup as unknown as Window)
    expect(ctx.store.get(connectionAtom).status).toBe('connecting')
    expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'VerifyDevice' })
    expect(ctx.store.get(deviceCheckAtom)).toMatchObject({ login: { method: 'social', provider: 'github' }, sentTo: SENT_TO })
    expect(popup.closed).toBe(true)
  })

  it("another error shows the frame's message and closes the popup", async () => {
    const { ctx, frame, popup } = await setup()
    frame.methods.connectSocial = () => {
      throw new Error('The provider refused the login: access_denied')
    }
    await connectSocial(ctx, 'github', popup as unknown as Window)
    expect(social(ctx)).toMatchObject({ status: 'error', error: 'The provider refused the login: access_denied' })
    expect(popup.close).toHaveBeenCalled()
  })

  it('a popup closed before the provider URI is there: cancelled, nothing asked', async () => {
    const { ctx, frame, popup } = await setup()
    popup.closed = true
    await connectSocial(ctx, 'google', popup as unknown as Window)
    expect(frame.callsOf('getSocialRedirectUri')).toEqual([])
    expect(social(ctx)).toMatchObject({ provider: 'google', status: 'error', error: FrameErrorMessage.SocialCancelled })
  })

  it('sends the popup on only once its first page has replaced its initial about:blank (a navigation started before is lost)', async () => {
    const { ctx, frame } = await setup()
    let reads = 0
    const sent: string[] = []
    const popup = {
      closed: false,
      close: vi.fn(),
      location: {
        get href() {
          // The initial about:blank for three checks, then the loading page of another origin.
          if (++reads <= 3) return 'about:blank'
          throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError')
        },
        set href(uri: string) {
          sent.push(`${reads}:${uri}`)
        },
      },
    }
    await connectSocial(ctx, 'github', popup as unknown as Window)
    expect(sent).toEqual(['4:http://secure.localhost:4402/oauth/github/start?flow=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'])
    expect(frame.callsOf('connectSocial')).toHaveLength(1)
    expect(ctx.store.get(connectionAtom).status).toBe('connected')
  })

  it('a popup closed while still on its initial about:blank: cancelled, never sent on', async () => {
    const { ctx, frame, popup } = await setup()
    popup.location.href = 'about:blank'
    vi.useFakeTimers()
    const running = connectSocial(ctx, 'github', popup as unknown as Window)
    await vi.advanceTimersByTimeAsync(SOCIAL_FIRST_PAGE_POLL_MS * 3)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(SOCIAL_FIRST_PAGE_POLL_MS)
    await running
    expect(popup.location.href).toBe('about:blank')
    expect(frame.callsOf('connectSocial')).toEqual([])
    expect(social(ctx)).toMatchObject({ provider: 'github', status: 'error', error: FrameErrorMessage.SocialCancelled })
  })

  it("a frame that does not load: 'Unable to load email login dependency', the popup closed", async () => {
    const { ctx, frame, popup } = await setup()
    frame.readyVersion = 2
    await connectSocial(ctx, 'google', popup as unknown as Window)
    expect(social(ctx)).toMatchObject({ status: 'error', error: FrameErrorMessage.LoadFailed })
    expect(popup.close).toHaveBeenCalled()
  })

  it('leaving the view (cancelConnect) stops asking and closes the popup', async () => {
    const { ctx, frame, popup } = await setup()
    vi.useFakeTimers()
    frame.methods.connectSocial = () => new Promise<FrameSocialLoginStep>(() => {})
    const running = connectSocial(ctx, 'github', popup as unknown as Window)
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS)
    cancelConnect(ctx)
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS + SOCIAL_CLOSED_GRACE_MS)
    await running
    expect(popup.close).toHaveBeenCalled()
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
  })
})
