// @vitest-environment happy-dom
import type { ConnectorDescription } from '@airlock/protocol'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { openModal } from '../../core/modal/modal'
import { setOptions } from '../../core/options/options'
import { recentWalletsAtom } from '../../core/session/recentWalletsAtoms'
import { currentRouteAtom } from '../../core/router/atoms'
import { createFakeExplorer } from '../../testing/fakeExplorer'
import { createFakeHost, devnetWallet, flush } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'
import { recentConnectorIdsAtom } from '../../core/session/atoms'

afterEach(cleanup)

const metamask: ConnectorDescription = { id: 'mm', type: 'ANNOUNCED', namespace: 'eip155', name: 'MetaMask', rdns: 'io.metamask' }
const browserWallet: ConnectorDescription = { id: 'injected', type: 'INJECTED', namespace: 'eip155', name: 'Browser Wallet' }

const walletItems = () =>
  screen
    .getAllByRole('button')
    .map((b) => b.dataset.testid ?? '')
    .filter((id) => id.startsWith('wallet-item-') || id === 'all-wallets-button')

/** Renders with the fake explorer and lets its answers land. */
async function renderWithExplorer(connectors: ConnectorDescription[], explorer = createFakeExplorer()) {
  const utils = await renderApp(createFakeHost({ connectors }), { fetch: explorer.fetch })
  await act(flush)
  return { ...utils, explorer }
}

describe('Connect view', () => {
  it('explorer down and nothing in the page: says so, and WalletConnect still works', async () => {
    await renderApp(createFakeHost({ connectors: [] }))
    await act(flush)
    const view = screen.getByTestId('connect-view')
    expect(screen.getByTestId('connect-empty').textContent).toContain('No wallets found in this browser')
    expect(walletItems()).toEqual(['wallet-item-walletConnect', 'all-wallets-button'])
    expect(view.textContent).toContain('WalletConnect')
  })

  it('explorer down: the installed wallets and WalletConnect stay, without the empty hint', async () => {
    await renderApp(createFakeHost({ connectors: [devnetWallet] }))
    await act(flush)
    expect(screen.queryByTestId('connect-empty')).toBeNull()
    expect(walletItems()).toEqual(['wallet-item-dev.airlock.devnetwallet', 'wallet-item-walletConnect', 'all-wallets-button'])
  })

  it('lists wallets with their icons, hiding Browser Wallet on desktop', async () => {
    await renderApp(createFakeHost({ connectors: [browserWallet, devnetWallet, metamask] }))
    expect(screen.getByTestId('wallet-item-dev.airlock.devnetwallet').querySelector('img')?.getAttribute('src')).toBe(devnetWallet.icon)
    expect(screen.getByTestId('wallet-item-io.metamask').textContent).toContain('MetaMask')
    expect(screen.queryByTestId('wallet-item-injected')).toBeNull()
  })

  it('follows connectorsChanged and excludeWalletIds', async () => {
    const { ctx } = await renderApp(createFakeHost({ connectors: [devnetWallet] }))
    const { updateConnectors } = await import('../../connectors/relayed/list')
    act(() => updateConnectors(ctx, [devnetWallet, metamask]))
    expect(screen.getByTestId('wallet-item-io.metamask')).toBeTruthy()
    act(() => setOptions(ctx, { projectId: 'demo', excludeWalletIds: ['io.metamask'] }))
    expect(screen.queryByTestId('wallet-item-io.metamask')).toBeNull()
  })

  it('puts the recent wallet first with a Recent tag', async () => {
    const { ctx } = await renderApp(createFakeHost({ connectors: [devnetWallet, metamask] }))
    act(() => ctx.store.set(recentConnectorIdsAtom, [metamask.id]))
    const items = walletItems()
    expect(items.slice(0, 3)).toEqual(['wallet-item-io.metamask', 'wallet-item-dev.airlock.devnetwallet', 'wallet-item-walletConnect'])
    expect(screen.getByTestId('wallet-item-io.metamask').textContent).toContain('Recent')
    expect(screen.getByTestId('wallet-item-dev.airlock.devnetwallet').textContent).toContain('Installed')
  })

  it('recent, installed, WalletConnect, featured, recommended, custom, then All Wallets with the count; each wallet once', async () => {
    const explorer = createFakeExplorer()
    const host = createFakeHost({ connectors: [devnetWallet, metamask] })
    const { ctx } = await renderApp(host, { fetch: explorer.fetch, open: false })
    act(() => {
      setOptions(ctx, { projectId: 'demo', customWallets: [{ id: 'mine', name: 'My Wallet', mobile_link: 'mine://' }] })
      ctx.store.set(recentWalletsAtom, [{ id: 'id-rainbow', name: 'Rainbow', rdns: 'me.rainbow' }])
    })
    // Nothing is asked of the explorer before the modal opens.
    expect(explorer.calls).toHaveLength(0)
    await act(async () => {
      openModal(ctx)
      await flush()
    })
    expect(explorer.calls).toHaveLength(1)
    expect(walletItems()).toEqual([
      'wallet-item-id-rainbow',
      'wallet-item-dev.airlock.devnetwallet',
      'wallet-item-io.metamask',
      'wallet-item-walletConnect',
      'wallet-item-id-trust-wallet',
      'wallet-item-id-coinbase-wallet',
      'wallet-item-id-phantom',
      'wallet-item-id-okx-wallet',
      'wallet-item-id-rabby-wallet',
      'wallet-item-id-zerion',
      'wallet-item-id-solflare',
      'wallet-item-id-filler-01',
      'wallet-item-mine',
      'all-wallets-button',
    ])
    expect(screen.getByTestId('wallet-item-id-rainbow').textContent).toContain('Recent')
    expect(screen.getByTestId('wallet-item-walletConnect').textContent).toContain('QR Code')
    expect(screen.getByTestId('all-wallets-count').textContent).toBe('70+')
    expect(screen.queryByTestId('connect-empty')).toBeNull()
  })

  it('holds the explorer rows between WalletConnect and the custom wallets while they load, then shows the wallets in their place', async () => {
    const explorer = createFakeExplorer()
    let answer!: () => void
    explorer.gate = new Promise((resolve) => (answer = resolve))
    const { ctx } = await renderApp(createFakeHost({ connectors: [devnetWallet] }), { fetch: explorer.fetch, open: false })
    act(() => setOptions(ctx, { projectId: 'demo', customWallets: [{ id: 'mine', name: 'My Wallet', mobile_link: 'mine://' }] }))
    await act(async () => {
      openModal(ctx)
      await flush()
    })
    const rows = () =>
      [...screen.getByTestId('connect-view').querySelectorAll<HTMLElement>('.al-wallet-list .al-wallet-item')].map(
        (row) => row.dataset.testid,
      )
    const placeholders = Array<string>(8).fill('wallet-placeholder')
    expect(rows()).toEqual([
      'wallet-item-dev.airlock.devnetwallet',
      'wallet-item-walletConnect',
      ...placeholders,
      'wallet-item-mine',
      'all-wallets-button',
    ])
    await act(async () => {
      answer()
      await flush()
    })
    expect(screen.queryAllByTestId('wallet-placeholder')).toHaveLength(0)
    expect(rows()).toHaveLength(2 + 8 + 2)
    expect(rows()[2]).toBe('wallet-item-id-metamask')
  })

  it('an explorer failure leaves no placeholder behind', async () => {
    const explorer = createFakeExplorer()
    explorer.failWith = 503
    await renderWithExplorer([devnetWallet], explorer)
    expect(screen.queryAllByTestId('wallet-placeholder')).toHaveLength(0)
  })

  it('a wallet from the explorer goes to ConnectingWalletConnect with its entry; the QR entry without one', async () => {
    const { ctx } = await renderWithExplorer([])
    fireEvent.click(screen.getByTestId('wallet-item-id-rainbow'))
    expect(ctx.store.get(currentRouteAtom)).toMatchObject({
      name: 'ConnectingWalletConnect',
      params: { wallet: { id: 'id-rainbow', name: 'Rainbow', rdns: 'me.rainbow', mobileLink: 'rainbow://' } },
    })
    act(() => openModal(ctx))
    fireEvent.click(screen.getByTestId('wallet-item-walletConnect'))
    expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'ConnectingWalletConnect', params: {} })
  })

  it('All Wallets opens its view', async () => {
    const { ctx } = await renderWithExplorer([])
    fireEvent.click(screen.getByTestId('all-wallets-button'))
    expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'AllWallets' })
    expect(await screen.findByTestId('all-wallets-view')).toBeTruthy()
    expect(screen.getByRole('heading').textContent).toBe('All Wallets')
  })

  it('features.allWallets false hides the All Wallets entry', async () => {
    const { ctx } = await renderWithExplorer([devnetWallet])
    act(() => setOptions(ctx, { projectId: 'demo', features: { allWallets: false } }))
    expect(screen.queryByTestId('all-wallets-button')).toBeNull()
    expect(screen.getByTestId('wallet-item-walletConnect')).toBeTruthy()
  })

  it('features.collapseWallets shows one button instead of the lists', async () => {
    const { ctx } = await renderWithExplorer([devnetWallet])
    act(() => setOptions(ctx, { projectId: 'demo', features: { collapseWallets: true } }))
    expect(walletItems()).toEqual([])
    fireEvent.click(screen.getByTestId('continue-with-wallet-button'))
    expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'AllWallets' })
  })
})
