// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openModal } from '../../../core/modal/modal'
import { setOptions } from '../../../core/options/options'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../../connectors/walletconnect/client'
import type { WidgetContext } from '../../../core/context'
import { navigateAtom } from '../../../core/router/atoms'
import { PAIRING_EXPIRY_MS, wcPairingAtom } from '../../../connectors/walletconnect/atoms'
import { createFakeHost } from '../../../testing/fakeHost'
import { renderApp } from '../../../testing/renderApp'
import type { WalletEntry } from '../../../core/session/walletEntry'
import { isMobileAtom } from '../../../core/platform'
import { setPending } from '../../../testing/session'

afterEach(cleanup)

const URI = `wc:${'1'.repeat(64)}@2?relay-protocol=irn&symKey=${'2'.repeat(64)}&expiryTime=1795340170`
const rainbow: WalletEntry = {
  id: 'rainbow',
  name: 'Rainbow',
  imageUrl: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
  mobileLink: 'rainbow://',
  desktopLink: 'rainbow-desktop://',
  webappLink: 'https://app.rainbow.me',
}

/** A pairing already under way, so the view shows it instead of starting one (no relay in unit tests). */
function pairing(ctx: WidgetContext, wallet?: WalletEntry) {
  setPending(ctx.store, { status: 'connecting', connectorId: WALLET_CONNECT_CONNECTOR_ID, connectorName: wallet?.name ?? 'WalletConnect' })
  ctx.store.set(wcPairingAtom, { wallet, uri: URI, expiry: Date.now() + PAIRING_EXPIRY_MS, attempt: ctx.session.attempt })
}

describe('ConnectingWalletConnect', () => {
  it('shows the QR code with the wallet logo, copies the link, and opens desktop and web apps from the top window', async () => {
    const host = createFakeHost()
    const { ctx } = await renderApp(host)
    await act(async () => {
      pairing(ctx, rainbow)
      ctx.store.set(navigateAtom, { type: 'push', route: { name: 'ConnectingWalletConnect', params: { wallet: rainbow } } })
    })
    const qr = await screen.findByTestId('wc-qr')
    expect(qr.getAttribute('data-uri')).toBe(URI)
    expect(qr.querySelector('image')?.getAttribute('href')).toBe(rainbow.imageUrl)
    expect(screen.getByTestId('connecting-walletconnect').textContent).toContain('Scan this QR code with Rainbow')

    fireEvent.click(screen.getByTestId('wc-open-desktop'))
    fireEvent.click(screen.getByTestId('wc-open-web'))
    expect(host.api.openUrl).toHaveBeenCalledWith({ url: `rainbow-desktop://wc?uri=${encodeURIComponent(URI)}`, target: '_self' })
    expect(host.api.openUrl).toHaveBeenCalledWith({ url: `https://app.rainbow.me/wc?uri=${encodeURIComponent(URI)}`, target: '_blank' })

    const writeText = vi.fn(async () => {})
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true })
    await act(async () => fireEvent.click(screen.getByTestId('wc-copy-link')))
    expect(writeText).toHaveBeenCalledWith(URI)
    expect((await screen.findByTestId('toast')).textContent).toContain('Link copied')
  })

  it('on a phone opens the wallet app by deep link once, with no QR code', async () => {
    const host = createFakeHost()
    const { ctx } = await renderApp(host)
    await act(async () => {
      ctx.store.set(isMobileAtom, true)
      pairing(ctx, rainbow)
      ctx.store.set(navigateAtom, { type: 'push', route: { name: 'ConnectingWalletConnect', params: { wallet: rainbow } } })
    })
    await screen.findByTestId('wc-open-mobile')
    expect(screen.queryByTestId('wc-qr')).toBeNull()
    const deepLink = { url: `rainbow://wc?uri=${encodeURIComponent(URI)}`, target: '_self' }
    expect(vi.mocked(host.api.openUrl).mock.calls).toEqual([[deepLink]])
    expect(ctx.store.get(wcPairingAtom).linking).toBe(deepLink.url)
  })

  it('shows a pairing error with a retry', async () => {
    const { ctx } = await renderApp(createFakeHost())
    await act(async () => {
      ctx.store.set(wcPairingAtom, { error: { title: 'Could not reach WalletConnect', detail: 'The connection to the relay failed.' } })
      ctx.store.set(navigateAtom, { type: 'push', route: { name: 'ConnectingWalletConnect', params: {} } })
    })
    expect((await screen.findByTestId('connecting-error')).textContent).toContain('Could not reach WalletConnect')
    expect(screen.getByTestId('retry-button')).toBeTruthy()
  })

  it('basic mode opens on the QR code instead of the wallet list', async () => {
    const { ctx } = await renderApp(createFakeHost(), { open: false })
    await act(async () => {
      setOptions(ctx, { projectId: 'demo', basic: true })
      pairing(ctx)
      openModal(ctx)
    })
    expect((await screen.findByTestId('wc-qr')).getAttribute('data-uri')).toBe(URI)
    expect(screen.queryByTestId('connect-view')).toBeNull()
    expect(screen.getByText('Connect Wallet')).toBeTruthy()
  })
})
