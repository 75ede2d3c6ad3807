import { describe, expect, it } from 'vitest'
import { loadMoreWallets, retryWallets, searchWallets } from '../all-wallets/actions'
import { loadConnectWallets, selectWallet } from './actions'
import { setOptions } from '../../../core/options/options'
import { connectorsAtom } from '../../../connectors/relayed/atoms'
import { recentWalletsAtom } from '../../../core/session/recentWalletsAtoms'
import { currentRouteAtom } from '../../../core/router/atoms'
import { createFakeExplorer, fakeWallet, type FakeExplorer } from '../../../testing/fakeExplorer'
import { createFakeHost, createTestContext, deferred, devnetWallet } from '../../../testing/fakeHost'
import type { WidgetOptions } from '@airlock/protocol'
import {
  connectListAtom,
  currentWalletPagesAtom,
  currentWalletSearchAtom,
  customWalletsAtom,
  walletCountAtom,
  WALLETS_PAGE_SIZE,
} from './atoms'

function setup(explorer: FakeExplorer = createFakeExplorer(), options?: WidgetOptions) {
  const ctx = createTestContext(createFakeHost(), { fetch: explorer.fetch })
  if (options) setOptions(ctx, options)
  return { ctx, explorer }
}
const keys = (items: { key: string }[]) => items.map((i) => i.key)
const query = (explorer: FakeExplorer, call = -1) => Object.fromEntries(explorer.calls.at(call)!)

describe('wallet lists from the explorer', () => {
  it('one request for the Connect view: page 1 of 40 with the dapp networks; featured and recommended come from it', async () => {
    const { ctx, explorer } = setup(undefined, { projectId: 'demo', networks: ['eip155:1', 'eip155:31337'] })
    await loadConnectWallets(ctx)
    expect(explorer.calls).toHaveLength(1)
    expect(query(explorer)).toMatchObject({ projectId: 'demo', page: '1', entries: '40', chains: 'eip155:1,eip155:31337' })
    expect(keys(ctx.store.get(connectListAtom))).toEqual([
      'walletConnect',
      ...['metamask', 'trust-wallet', 'coinbase-wallet', 'rainbow', 'phantom', 'okx-wallet', 'rabby-wallet', 'zerion'].map(
        (s) => `id-${s}`,
      ),
    ])
    expect(ctx.store.get(connectListAtom)[1]!.imageUrl).toBe(
      'http://api.localhost:4403/getWalletImage/metamask?projectId=demo&st=appkit&sv=airlock-widget-0.1.0',
    )
    // The Solana-only wallet is filtered out by the server.
    expect(ctx.store.get(walletCountAtom)).toBe(71)

    // Loaded once per set of options.
    await loadConnectWallets(ctx)
    expect(explorer.calls).toHaveLength(1)
  })

  it("fetches the dapp's featured wallets with include (within includeWalletIds, without excluded ones)", async () => {
    const { ctx, explorer } = setup(undefined, {
      projectId: 'demo',
      featuredWalletIds: ['id-zerion', 'id-rainbow', 'id-metamask', 'id-phantom'],
      includeWalletIds: ['id-zerion', 'id-rainbow', 'id-metamask', 'id-trust-wallet', 'id-okx-wallet'],
      excludeWalletIds: ['id-metamask'],
    })
    await loadConnectWallets(ctx)
    const featuredCall = explorer.calls.find((c) => c.get('entries') !== '40')!
    expect(Object.fromEntries(featuredCall)).toMatchObject({ include: 'id-zerion,id-rainbow', entries: '2', exclude: 'id-metamask' })
    const pageCall = explorer.calls.find((c) => c.get('entries') === '40')!
    expect(Object.fromEntries(pageCall)).toMatchObject({
      include: 'id-zerion,id-rainbow,id-metamask,id-trust-wallet,id-okx-wallet',
      exclude: 'id-metamask',
    })
    expect(keys(ctx.store.get(connectListAtom))).toEqual(['walletConnect', 'id-zerion', 'id-rainbow', 'id-trust-wallet', 'id-okx-wallet'])
  })

  it('recommended waits for the featured wallets, so the list does not reshuffle', async () => {
    const explorer = createFakeExplorer()
    const { ctx } = setup(explorer, { projectId: 'demo', featuredWalletIds: ['id-zerion'] })
    const gate = deferred<void>()
    explorer.gate = gate.promise
    const loading = loadConnectWallets(ctx)
    expect(keys(ctx.store.get(connectListAtom))).toEqual(['walletConnect'])
    gate.resolve()
    await loading
    expect(keys(ctx.store.get(connectListAtom)).slice(0, 3)).toEqual(['walletConnect', 'id-zerion', 'id-metamask'])
  })

  it('custom wallets (minus excluded ones) are listed and counted', async () => {
    const { ctx } = setup(createFakeExplorer([fakeWallet('One')]), {
      projectId: 'demo',
      customWallets: [
        { id: 'mine', name: 'Mine', image_url: 'https://mine.example/icon.png', mobile_link: 'mine://' },
        { id: 'gone', name: 'Gone' },
      ],
      excludeWalletIds: ['gone'],
    })
    expect(ctx.store.get(customWalletsAtom)).toEqual([
      {
        id: 'mine',
        name: 'Mine',
        imageUrl: 'https://mine.example/icon.png',
        mobileLink: 'mine://',
        desktopLink: undefined,
        webappLink: undefined,
      },
    ])
    await loadConnectWallets(ctx)
    expect(keys(ctx.store.get(connectListAtom))).toEqual(['walletConnect', 'id-one', 'mine'])
    expect(ctx.store.get(walletCountAtom)).toBe(2)
  })

  it('installed and recent wallets come first and are not repeated from the explorer', async () => {
    const { ctx } = setup()
    ctx.store.set(connectorsAtom, [
      devnetWallet,
      { id: 'mm', type: 'ANNOUNCED', namespace: 'eip155', name: 'MetaMask', rdns: 'io.metamask' },
    ])
    ctx.store.set(recentWalletsAtom, [{ id: 'id-rainbow', name: 'Rainbow', rdns: 'me.rainbow' }])
    await loadConnectWallets(ctx)
    const items = ctx.store.get(connectListAtom)
    expect(keys(items).slice(0, 4)).toEqual(['id-rainbow', 'dev.airlock.devnetwallet', 'io.metamask', 'walletConnect'])
    expect(keys(items).filter((k) => k === 'id-metamask' || k === 'id-rainbow')).toEqual(['id-rainbow'])
  })

  it('pages on until the count is reached', async () => {
    const { ctx, explorer } = setup()
    await loadConnectWallets(ctx)
    await loadMoreWallets(ctx)
    let pages = ctx.store.get(currentWalletPagesAtom)
    expect(pages).toMatchObject({ page: 2, count: 72, complete: true, status: 'ready' })
    expect(pages.wallets).toHaveLength(72)
    expect(query(explorer)).toMatchObject({ page: '2', entries: String(WALLETS_PAGE_SIZE) })
    await loadMoreWallets(ctx)
    expect(explorer.calls).toHaveLength(2)
    pages = ctx.store.get(currentWalletPagesAtom)
    expect(new Set(pages.wallets.map((w) => w.id)).size).toBe(72)
  })

  it('does not ask for a page twice while one loads', async () => {
    const explorer = createFakeExplorer()
    const { ctx } = setup(explorer)
    await loadConnectWallets(ctx)
    const gate = deferred<void>()
    explorer.gate = gate.promise
    const first = loadMoreWallets(ctx)
    const second = loadMoreWallets(ctx)
    gate.resolve()
    await Promise.all([first, second])
    expect(explorer.calls.filter((c) => c.get('page') === '2')).toHaveLength(1)
  })

  it('a failure keeps its HTTP status in the message; retry loads again', async () => {
    const explorer = createFakeExplorer()
    explorer.failWith = 503
    const { ctx } = setup(explorer)
    await loadConnectWallets(ctx)
    expect(ctx.store.get(currentWalletPagesAtom)).toMatchObject({
      status: 'error',
      page: 0,
      error: 'Wallet explorer answered HTTP 503: Explorer down',
    })
    // The explorer being down leaves the page wallets and WalletConnect.
    ctx.store.set(connectorsAtom, [devnetWallet])
    expect(keys(ctx.store.get(connectListAtom))).toEqual(['dev.airlock.devnetwallet', 'walletConnect'])
    explorer.failWith = undefined
    await retryWallets(ctx)
    expect(ctx.store.get(currentWalletPagesAtom)).toMatchObject({ status: 'ready', page: 1 })
  })

  it('new options start over: the old answers are dropped', async () => {
    const explorer = createFakeExplorer()
    const { ctx } = setup(explorer, { projectId: 'demo' })
    const gate = deferred<void>()
    explorer.gate = gate.promise
    const stale = loadConnectWallets(ctx)
    setOptions(ctx, { projectId: 'demo', includeWalletIds: ['id-rainbow'] })
    expect(ctx.store.get(currentWalletPagesAtom)).toMatchObject({ status: 'idle', page: 0 })
    const fresh = loadConnectWallets(ctx)
    gate.resolve()
    await Promise.all([stale, fresh])
    expect(ctx.store.get(currentWalletPagesAtom).wallets.map((w) => w.name)).toEqual(['Rainbow'])
  })

  it('search: up to 100 results by name; a newer query wins; an empty one ends the search', async () => {
    const explorer = createFakeExplorer()
    const { ctx } = setup(explorer)
    const gate = deferred<void>()
    explorer.gate = gate.promise
    const older = searchWallets(ctx, 'wallet')
    explorer.gate = undefined
    await searchWallets(ctx, ' rain ')
    gate.resolve()
    await older
    expect(query(explorer)).toMatchObject({ search: 'rain', entries: '100', page: '1' })
    expect(ctx.store.get(currentWalletSearchAtom)).toMatchObject({ query: 'rain', resultsQuery: 'rain', status: 'ready', count: 1 })
    expect(ctx.store.get(currentWalletSearchAtom).wallets.map((w) => w.name)).toEqual(['Rainbow'])
    await searchWallets(ctx, '  ')
    expect(ctx.store.get(currentWalletSearchAtom)).toMatchObject({ query: '', resultsQuery: '', status: 'idle', wallets: [] })
  })

  it('while a new query loads, the previous results stay', async () => {
    const explorer = createFakeExplorer()
    const { ctx } = setup(explorer)
    await searchWallets(ctx, 'rain')
    const gate = deferred<void>()
    explorer.gate = gate.promise
    const pending = searchWallets(ctx, 'filler')
    expect(ctx.store.get(currentWalletSearchAtom)).toMatchObject({ query: 'filler', status: 'loading', resultsQuery: 'rain' })
    gate.resolve()
    await pending
    expect(ctx.store.get(currentWalletSearchAtom)).toMatchObject({ resultsQuery: 'filler', count: 63 })
    expect(ctx.store.get(currentWalletSearchAtom).wallets).toHaveLength(63)
  })

  it('selecting: a page wallet asks the host, any other goes to ConnectingWalletConnect', async () => {
    const { ctx } = setup()
    await loadConnectWallets(ctx)
    const [walletConnect, metamask] = ctx.store.get(connectListAtom)
    selectWallet(ctx, walletConnect!)
    expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'ConnectingWalletConnect', params: {} })
    selectWallet(ctx, metamask!)
    expect(ctx.store.get(currentRouteAtom)).toMatchObject({
      name: 'ConnectingWalletConnect',
      params: { wallet: { id: 'id-metamask', name: 'MetaMask', rdns: 'io.metamask', mobileLink: 'metamask://' } },
    })
  })
})
