// @vitest-environment happy-dom
import { FrameErrorMessage, type FrameSocialLoginStep } from '@airlock/protocol'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setOptions } from '../../../core/options/options'
import { currentRouteAtom } from '../../../core/router/atoms'
import { createFakeFrame, frameUser } from '../../../testing/fakeFrame'
import { createFakeHost } from '../../../testing/fakeHost'
import { renderApp } from '../../../testing/renderApp'
import { connectionAtom } from '../../../core/session/active'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function fakePopup() {
  const popup = { closed: false, location: { href: '' }, close: vi.fn() }
  popup.close.mockImplementation(() => {
    popup.closed = true
  })
  return popup
}

async function render() {
  const frame = createFakeFrame()
  const rendered = await renderApp(createFakeHost({ connectors: [] }), { frame: frame.factory })
  act(() => setOptions(rendered.ctx, { projectId: 'demo', networks: ['eip155:31337'] }))
  return { ...rendered, frame }
}

describe('ConnectingSocial', () => {
  it('the click opens the popup synchronously on the loading page, then the provider; connected, the popup closed', async () => {
    const { ctx, frame } = await render()
    const popup = fakePopup()
    let finish!: (step: FrameSocialLoginStep) => void
    frame.methods.connectSocial = () => new Promise((resolve) => (finish = resolve))
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    fireEvent.click(screen.getByTestId('social-github'))
    // Opened inside the click, before any await.
    expect(open).toHaveBeenCalledExactlyOnceWith(
      'http://secure.localhost:4402/oauth/loading?provider=github',
      'airlock-social',
      'width=500,height=640',
    )
    expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'ConnectingSocial', params: { provider: 'github' } })
    expect((await screen.findByTestId('social-status')).textContent).toContain('popup window')
    expect(screen.getByRole('heading').textContent).toBe('Log in with GitHub')
    await waitFor(() =>
      expect(popup.location.href).toBe('http://secure.localhost:4402/oauth/github/start?flow=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'),
    )
    await act(async () => finish({ action: 'CONNECT', user: frameUser({ socialProvider: 'github', userName: 'ada' }) }))
    await waitFor(() => expect(ctx.store.get(connectionAtom)).toMatchObject({ status: 'connected', connectorName: 'GitHub' }))
    expect(popup.close).toHaveBeenCalled()
  })

  it("a blocked popup: the blocked text and 'Try again', whose fresh click opens it", async () => {
    const { ctx } = await render()
    const popup = fakePopup()
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    fireEvent.click(screen.getByTestId('social-google'))
    expect((await screen.findByTestId('social-status')).textContent).toBe(FrameErrorMessage.SocialPopupBlocked)
    expect(screen.getByTestId('social-status').textContent).toBe('The sign-in window was blocked: allow popups for this site and try again')
    open.mockImplementation(() => popup as unknown as Window)
    fireEvent.click(screen.getByTestId('social-retry'))
    expect(open).toHaveBeenCalledTimes(2)
    await waitFor(() => expect(ctx.store.get(connectionAtom).status).toBe('connected'))
    expect(screen.getByTestId('modal-overlay').dataset.open).toBe('false')
  })

  it("a popup closed before the end: 'The sign-in was cancelled' with 'Try again'", async () => {
    const { frame } = await render()
    const popup = fakePopup()
    frame.methods.connectSocial = () => {
      popup.closed = true
      throw new Error(FrameErrorMessage.SocialPending)
    }
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    fireEvent.click(screen.getByTestId('social-discord'))
    await waitFor(() => expect(screen.getByTestId('social-status').textContent).toBe('The sign-in was cancelled'))
    expect(screen.getByTestId('connecting-social').dataset.state).toBe('error')
    expect(screen.getByTestId('social-retry').textContent).toBe('Try again')
  })

  it("'Authenticating...' while the account is fetched", async () => {
    const { frame } = await render()
    vi.spyOn(window, 'open').mockImplementation(() => fakePopup() as unknown as Window)
    frame.methods.getUser = () => new Promise(() => {})
    fireEvent.click(screen.getByTestId('social-apple'))
    await waitFor(() => expect(screen.getByTestId('social-status').textContent).toBe('Authenticating...'))
  })
})

describe('ConnectingFarcaster', () => {
  it('the Farcaster button shows the QR code of the channel, with open and copy; approval connects', async () => {
    const { ctx, frame } = await render()
    let approve!: () => void
    const approved = new Promise<void>((resolve) => (approve = resolve))
    frame.methods.connectFarcaster = async () => {
      await approved
      return { action: 'CONNECT' as const, user: frameUser({ email: undefined, socialProvider: 'farcaster', userName: 'ada.eth' }) }
    }
    const open = vi.spyOn(window, 'open')
    fireEvent.click(screen.getByTestId('social-farcaster'))
    expect(open).not.toHaveBeenCalled()
    expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'ConnectingFarcaster' })
    const qr = await screen.findByTestId('farcaster-qr')
    expect(qr.dataset.url).toBe('https://farcaster.example/login')
    expect(qr.querySelector('[data-testid="wc-qr"]')?.getAttribute('data-uri')).toBe('https://farcaster.example/login')
    expect(qr.querySelector('image')?.getAttribute('href')).toMatch(/^data:image\/svg\+xml,/)
    expect(screen.getByRole('heading').textContent).toBe('Log in with Farcaster')
    fireEvent.click(screen.getByTestId('farcaster-open'))
    expect(ctx.host.api?.openUrl).toHaveBeenCalledWith({ url: 'https://farcaster.example/login', target: '_blank' })
    await act(async () => approve())
    await waitFor(() => expect(ctx.store.get(connectionAtom)).toMatchObject({ status: 'connected', connectorName: 'Farcaster' }))
    expect(frame.callsOf('getFarcasterUri')).toHaveLength(1)
  })

  it("an error shows with 'Try again', which asks for a new channel", async () => {
    const { frame } = await render()
    frame.methods.connectFarcaster = () => {
      throw new Error('The Farcaster app refused the sign-in')
    }
    fireEvent.click(screen.getByTestId('social-farcaster'))
    await waitFor(() => expect(screen.getByTestId('social-status').textContent).toBe('The Farcaster app refused the sign-in'))
    fireEvent.click(screen.getByTestId('social-retry'))
    await waitFor(() => expect(frame.callsOf('getFarcasterUri')).toHaveLength(2))
  })
})
