// @vitest-environment happy-dom
import type { ConnectorDescription, WidgetOptions } from '@airlock/protocol'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setOptions } from '../../../core/options/options'
import { walletImages } from '../../../ui/WalletImage'
import { currentRouteAtom, navigateAtom } from '../../../core/router/atoms'
import { SEARCH_DEBOUNCE_MS } from '../wallets/atoms'
import { createFakeExplorer, type FakeExplorer } from '../../../testing/fakeExplorer'
import { createFakeHost, deferred, devnetWallet, flush } from '../../../testing/fakeHost'
import { renderApp } from '../../../testing/renderApp'
import { createImageCache, preloadImage } from '../../../ui/image'
import { ROW_HEIGHT } from './AllWalletsView'

// happy-dom lays nothing out: give the grid's scroll box the size it has in the modal.
const GRID_HEIGHT = 400
const sizes = ['clientHeight', 'clientWidth'] as const
const originals = sizes.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name))
beforeAll(() => {
  for (const name of sizes) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        if (this.dataset.testid !== 'all-wallets-grid') return 0
        return name === 'clientHeight' ? GRID_HEIGHT : 336
      },
    })
  }
})
afterAll(() => {
  sizes.forEach((name, i) => {
    if (originals[i]) Object.defineProperty(HTMLElement.prototype, name, originals[i])
  })
})
afterEach(() => {
  cleanup()
  walletImages.cache = createImageCache()
})

const rainbowConnector: ConnectorDescription = { id: 'rb', type: 'ANNOUNCED', namespace: 'eip155', name: 'Rainbow', rdns: 'me.rainbow' }

const grid = () => screen.getByTestId('all-wallets-grid')
const tiles = () => [...grid().querySelectorAll<HTMLElement>('[data-testid^="wallet-item-"]')].map((el) => el.dataset.testid!.slice(12))
const searchCalls = (explorer: FakeExplorer) => explorer.calls.filter((c) => c.has('search')).map((c) => c.get('search'))

async function openAllWallets(
  options: { connectors?: ConnectorDescription[]; explorer?: FakeExplorer; options?: WidgetOptions } = {},
): Promise<{ explorer: FakeExplorer } & Awaited<ReturnType<typeof renderApp>>> {
  const explorer = options.explorer ?? createFakeExplorer()
  const utils = await renderApp(createFakeHost({ connectors: options.connectors ?? [] }), { fetch: explorer.fetch })
  if (options.options) act(() => setOptions(utils.ctx, options.options!))
  await act(flush)
  fireEvent.click(screen.getByTestId('all-wallets-button'))
  await screen.findByTestId('all-wallets-view')
  await act(flush)
  return { ...utils, explorer }
}

async function typeSearch(text: string) {
  fireEvent.change(screen.getByTestId('all-wallets-search'), { target: { value: text } })
}

describe('AllWallets', () => {
  it('shows the first page as a virtualized grid and loads page 2 when scrolled near the end', async () => {
    const { explorer } = await openAllWallets()
    expect(grid().dataset.count).toBe('40')
    // 4 rows fit, 1 more is rendered ahead: not all 40 tiles are in the DOM.
    expect(tiles()).toHaveLength(20)
    expect(tiles().slice(0, 4)).toEqual(['id-metamask', 'id-trust-wallet', 'id-coinbase-wallet', 'id-rainbow'])
    expect(explorer.calls.map((c) => c.get('page'))).toEqual(['1'])

    await act(async () => {
      grid().scrollTop = 6 * ROW_HEIGHT
      grid().dispatchEvent(new Event('scroll'))
      await flush()
    })
    await waitFor(() => expect(grid().dataset.count).toBe('72'))
    expect(explorer.calls.map((c) => c.get('page'))).toEqual(['1', '2'])
    expect(Object.fromEntries(explorer.calls[1]!)).toMatchObject({ entries: '40', page: '2' })

    // The last page is short: nothing more is asked, however far it scrolls.
    await act(async () => {
      grid().scrollTop = 20 * ROW_HEIGHT
      grid().dispatchEvent(new Event('scroll'))
      await flush()
    })
    expect(tiles()).toContain('id-filler-63')
    expect(explorer.calls).toHaveLength(2)
  })

  it('matches the loaded wallets at every keystroke, asks the server once the typing settles (300 ms), and clearing shows the list again', async () => {
    const { explorer } = await openAllWallets()
    const started = performance.now()
    await typeSearch('r')
    await typeSearch('ra')
    await typeSearch('rai')
    await typeSearch('rain')
    expect(searchCalls(explorer)).toEqual([])
    // At once, from the first page already loaded.
    expect(grid().dataset).toMatchObject({ resultsFor: 'rain', source: 'local', status: 'loading' })
    expect(tiles()).toEqual(['id-rainbow'])
    await waitFor(() => expect(grid().dataset.source).toBe('server'), { timeout: 2000 })
    expect(grid().dataset).toMatchObject({ resultsFor: 'rain', status: 'ready' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 5)
    expect(searchCalls(explorer)).toEqual(['rain'])
    expect(Object.fromEntries(explorer.calls.at(-1)!)).toMatchObject({ entries: '100', page: '1' })
    expect(tiles()).toEqual(['id-rainbow'])

    await typeSearch('')
    expect(grid().dataset.resultsFor).toBe('')
    expect(grid().dataset.count).toBe('40')
  })

  it('says when nothing matches', async () => {
    await openAllWallets()
    await typeSearch('no such wallet')
    expect((await screen.findByTestId('all-wallets-empty', {}, { timeout: 2000 })).textContent).toContain('No wallet found')
  })

  it('passes includeWalletIds, excludeWalletIds and the networks to the API', async () => {
    const { explorer } = await openAllWallets({
      options: {
        projectId: 'demo',
        networks: ['eip155:31337'],
        includeWalletIds: ['id-rainbow', 'id-metamask', 'id-trust-wallet', 'id-solflare'],
        excludeWalletIds: ['id-trust-wallet'],
      },
    })
    expect(Object.fromEntries(explorer.calls.at(-1)!)).toMatchObject({
      include: 'id-rainbow,id-metamask,id-trust-wallet,id-solflare',
      exclude: 'id-trust-wallet',
      chains: 'eip155:31337',
    })
    // Solflare has no EVM chain; Trust is excluded.
    expect(tiles()).toEqual(['id-rainbow', 'id-metamask'])
  })

  it("shows the dapp's custom wallets with their image, found by search too", async () => {
    walletImages.cache = createImageCache(async () => 'loaded')
    await openAllWallets({
      options: { projectId: 'demo', customWallets: [{ id: 'acme', name: 'Acme Wallet', image_url: 'https://acme.example/icon.png' }] },
    })
    expect(tiles()[0]).toBe('acme')
    await waitFor(() =>
      expect(screen.getByTestId('wallet-item-acme').querySelector('img')?.getAttribute('src')).toBe('https://acme.example/icon.png'),
    )
    await typeSearch('acme')
    await waitFor(() => expect(grid().dataset).toMatchObject({ resultsFor: 'acme', source: 'server' }), { timeout: 2000 })
    expect(tiles()).toEqual(['acme'])
  })

  it('marks installed wallets, lists them first and picks the page wallet', async () => {
    const { ctx } = await openAllWallets({ connectors: [devnetWallet, rainbowConnector] })
    expect(tiles().slice(0, 4)).toEqual(['dev.airlock.devnetwallet', 'me.rainbow', 'id-metamask', 'id-trust-wallet'])
    expect(tiles()).not.toContain('id-rainbow')
    expect(screen.getByTestId('wallet-item-me.rainbow').querySelector('[data-testid="installed-mark"]')?.textContent).toBe('Installed')
    expect(screen.getByTestId('wallet-item-id-metamask').querySelector('[data-testid="installed-mark"]')).toBeNull()
    fireEvent.click(screen.getByTestId('wallet-item-me.rainbow'))
    expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'ConnectingExternal', params: { connectorId: 'rb' } })
  })

  it('a wallet that is not installed goes to ConnectingWalletConnect; the QR button without a wallet', async () => {
    const { ctx } = await openAllWallets()
    fireEvent.click(screen.getByTestId('wallet-item-id-zerion'))
    expect(ctx.store.get(currentRouteAtom)).toMatchObject({ name: 'ConnectingWalletConnect', params: { wallet: { id: 'id-zerion' } } })
    act(() => ctx.store.set(navigateAtom, { type: 'back' }))
    fireEvent.click(await screen.findByTestId('all-wallets-qr'))
    expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'ConnectingWalletConnect', params: {} })
  })

  it('shows the initials when an image times out, the image when it loads', async () => {
    const started = deferred<void>()
    walletImages.cache = createImageCache((url) =>
      url.includes('/metamask') ? Promise.resolve('loaded') : started.promise.then(() => preloadImage(url, { timeoutMs: 50 })),
    )
    await openAllWallets()
    const metamask = screen.getByTestId('wallet-item-id-metamask')
    const trust = screen.getByTestId('wallet-item-id-trust-wallet')
    expect(trust.querySelector('[data-testid="wallet-image-placeholder"]')?.getAttribute('data-state')).toBe('loading')
    await waitFor(() => expect(metamask.querySelector('img')?.getAttribute('src')).toContain('/getWalletImage/metamask?projectId=demo'))
    // happy-dom never loads images: the 2 s timeout (50 ms here) gives the placeholder.
    started.resolve()
    await waitFor(() => expect(trust.querySelector('[data-testid="wallet-image-placeholder"]')?.getAttribute('data-state')).toBe('failed'))
    expect(trust.querySelector('[data-testid="wallet-image-placeholder"]')?.textContent).toBe('TW')
  })

  it('explorer down: "Could not load wallets" with the status, and Retry loads them', async () => {
    const explorer = createFakeExplorer()
    explorer.failWith = 503
    await openAllWallets({ explorer, connectors: [devnetWallet] })
    const error = screen.getByTestId('all-wallets-error')
    expect(error.textContent).toContain('Could not load wallets')
    expect(error.textContent).toContain('HTTP 503')
    // The page wallet is still there to pick.
    expect(tiles()).toEqual(['dev.airlock.devnetwallet'])
    explorer.failWith = undefined
    await act(async () => {
      fireEvent.click(screen.getByTestId('all-wallets-retry'))
      await flush()
    })
    expect(screen.queryByTestId('all-wallets-error')).toBeNull()
    expect(grid().dataset.count).toBe('41')
  })
})
