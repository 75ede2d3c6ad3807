// @vitest-environment happy-dom
import type { ConnectorDescription } from '@airlock/protocol'
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { recentConnectorIdAtom } from '../../stores/connectors'
import { createFakeHost, devnetWallet } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'

afterEach(cleanup)

const metamask: ConnectorDescription = { id: 'mm', type: 'ANNOUNCED', namespace: 'eip155', name: 'MetaMask', rdns: 'io.metamask' }
const browserWallet: ConnectorDescription = { id: 'injected', type: 'INJECTED', namespace: 'eip155', name: 'Browser Wallet' }

describe('Connect view', () => {
  it('shows a real empty state when the page has no wallets', async () => {
    await renderApp(createFakeHost({ connectors: [] }))
    const view = screen.getByTestId('connect-view')
    expect(view.textContent).toContain('No wallets found in this browser')
    expect(view.textContent).toContain('Install a browser wallet')
  })

  it('lists wallets with their icons, hiding Browser Wallet on desktop', async () => {
    await renderApp(createFakeHost({ connectors: [browserWallet, devnetWallet, metamask] }))
    expect(screen.getByTestId('wallet-item-dev.airlock.devnetwallet').querySelector('img')?.getAttribute('src')).toBe(devnetWallet.icon)
    expect(screen.getByTestId('wallet-item-io.metamask').textContent).toContain('MetaMask')
    expect(screen.queryByTestId('wallet-item-injected')).toBeNull()
  })

  it('follows connectorsChanged and excludeWalletIds', async () => {
    const { ctx } = await renderApp(createFakeHost({ connectors: [devnetWallet] }))
    const { updateConnectors } = await import('../../actions/connectors')
    const { setOptions } = await import('../../actions/options')
    act(() => updateConnectors(ctx, [devnetWallet, metamask]))
    expect(screen.getByTestId('wallet-item-io.metamask')).toBeTruthy()
    act(() => setOptions(ctx, { projectId: 'demo', excludeWalletIds: ['io.metamask'] }))
    expect(screen.queryByTestId('wallet-item-io.metamask')).toBeNull()
  })

  it('puts the recent wallet first with a Recent tag', async () => {
    const { ctx } = await renderApp(createFakeHost({ connectors: [devnetWallet, metamask] }))
    act(() => ctx.store.set(recentConnectorIdAtom, metamask.id))
    const items = screen.getAllByRole('button').filter((b) => b.dataset.testid?.startsWith('wallet-item-'))
    expect(items.map((b) => b.dataset.testid)).toEqual(['wallet-item-io.metamask', 'wallet-item-dev.airlock.devnetwallet'])
    expect(items[0]!.textContent).toContain('Recent')
    expect(items[1]!.textContent).toContain('Installed')
  })
})
