import { mergeFamilies } from '../../../connectors/multichain'
import type { ConnectorDescription, ExplorerWallet } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import type { WalletEntry } from '../../../core/session/walletEntry'
import { customWalletToEntry, explorerWalletToEntry } from './explorerEntry'
import { buildAllWalletsList, matchesSearch } from '../all-wallets/list'
import { buildConnectList, formatWalletCount, isExcluded, pendingExplorerRows, type ConnectListInput } from './lists'

const entry = (name: string, rdns?: string): WalletEntry => ({
  id: name.toLowerCase(),
  name,
  imageUrl: `http://api/img/${name.toLowerCase()}`,
  ...(rdns ? { rdns } : {}),
})
const connector = (name: string, rdns?: string): ConnectorDescription => ({
  id: `c-${name.toLowerCase()}`,
  type: 'ANNOUNCED',
  namespace: 'eip155',
  name,
  ...(rdns ? { rdns } : {}),
  icon: 'data:image/svg+xml,x',
})

// The explorer's order.
const metamask = entry('MetaMask', 'io.metamask')
const trust = entry('Trust', 'com.trustwallet.app')
const coinbase = entry('Coinbase', 'com.coinbase.wallet')
const rainbow = entry('Rainbow', 'me.rainbow')
const phantom = entry('Phantom', 'app.phantom')
const okx = entry('OKX', 'com.okex.wallet')
const rabby = entry('Rabby', 'io.rabby')
const zerion = entry('Zerion', 'io.zerion.wallet')
const uniswap = entry('Uniswap')
const ledger = entry('Ledger')
const firstPage = [metamask, trust, coinbase, rainbow, phantom, okx, rabby, zerion, uniswap, ledger]

const base: ConnectListInput = { recents: [], connectors: [], featured: undefined, firstPage, custom: [], excludeWalletIds: [] }
const keys = (items: { key: string }[]) => items.map((i) => i.key)
const sections = (items: { key: string; section: string }[]) => items.map((i) => `${i.section}:${i.key}`)

describe('buildConnectList', () => {
  it('without installed wallets: WalletConnect, the top 4 as featured, the next 4 recommended', () => {
    expect(sections(buildConnectList(base))).toEqual([
      'walletConnect:walletConnect',
      'featured:metamask',
      'featured:trust',
      'featured:coinbase',
      'featured:rainbow',
      'recommended:phantom',
      'recommended:okx',
      'recommended:rabby',
      'recommended:zerion',
    ])
  })

  it('an installed wallet shows once, as the page wallet, and the lists fill up with the next ones', () => {
    const mm = connector('MetaMask', 'io.metamask')
    const devnet = connector('Devnet Wallet', 'dev.airlock.devnetwallet')
    const items = buildConnectList({ ...base, connectors: mergeFamilies([devnet, mm]) })
    expect(sections(items)).toEqual([
      'installed:dev.airlock.devnetwallet',
      'installed:io.metamask',
      'walletConnect:walletConnect',
      'featured:trust',
      'featured:coinbase',
      'featured:rainbow',
      'featured:phantom',
      'recommended:okx',
      'recommended:rabby',
      'recommended:zerion',
      'recommended:uniswap',
    ])
    expect(items[1]).toMatchObject({ tag: 'Installed', connectorId: mm.id, connectorIcon: mm.icon })
    expect(items[2]).toMatchObject({ tag: 'QR Code', name: 'WalletConnect' })
  })

  it('recent wallets come first (two at most), a page wallet by its connector, a WalletConnect wallet by its entry', () => {
    const mm = connector('MetaMask', 'io.metamask')
    const devnet = connector('Devnet Wallet', 'dev.airlock.devnetwallet')
    const items = buildConnectList({
      ...base,
      connectors: mergeFamilies([devnet, mm]),
      recents: [{ ...rainbow }, { id: 'x', name: 'MetaMask', connectorId: mm.id }, { ...trust }],
    })
    expect(sections(items).slice(0, 4)).toEqual([
      'recent:rainbow',
      'recent:io.metamask',
      'installed:dev.airlock.devnetwallet',
      'walletConnect:walletConnect',
    ])
    expect(items[0]).toMatchObject({ tag: 'Recent', wallet: rainbow })
    expect(items[0]!.wallet).not.toHaveProperty('connectorId')
    expect(items[1]).toMatchObject({ tag: 'Recent', connectorId: mm.id })
    // Neither shows again further down; Trust (the third recent) is just featured.
    expect(keys(items).filter((k) => k === 'rainbow' || k === 'io.metamask')).toHaveLength(2)
    expect(sections(items)).toContain('featured:trust')
  })

  it('a recent WalletConnect wallet that is installed now picks the page wallet', () => {
    const rb = connector('Rainbow', 'me.rainbow')
    const items = buildConnectList({ ...base, connectors: mergeFamilies([rb]), recents: [rainbow] })
    expect(items[0]).toMatchObject({ key: 'me.rainbow', section: 'recent', connectorId: rb.id })
    expect(keys(items).filter((k) => k === 'rainbow' || k === 'me.rainbow')).toEqual(['me.rainbow'])
  })

  it('skips a recent page wallet that is no longer in the page', () => {
    const items = buildConnectList({ ...base, recents: [{ id: 'gone', name: 'Gone', connectorId: 'c-gone' }] })
    expect(items[0]!.key).toBe('walletConnect')
  })

  it("the dapp's featured wallets replace the default ones; recommended skips them", () => {
    const items = buildConnectList({ ...base, featured: [zerion, rainbow] })
    expect(sections(items)).toEqual([
      'walletConnect:walletConnect',
      'featured:zerion',
      'featured:rainbow',
      'recommended:metamask',
      'recommended:trust',
      'recommended:coinbase',
      'recommended:phantom',
    ])
  })

  it('custom wallets come last, with their own image', () => {
    const custom = customWalletToEntry({ id: 'my-wallet', name: 'My Wallet', image_url: 'https://example.com/w.png', mobile_link: 'my://' })
    const items = buildConnectList({ ...base, firstPage: [], custom: [custom] })
    expect(items.at(-1)).toMatchObject({ key: 'my-wallet', section: 'custom', imageUrl: 'https://example.com/w.png', wallet: custom })
  })

  it('excludeWalletIds applies to every list, by id or rdns', () => {
    const custom = customWalletToEntry({ id: 'my-wallet', name: 'My Wallet' })
    const items = buildConnectList({
      ...base,
      recents: [rainbow],
      featured: [metamask, trust],
      custom: [custom],
      excludeWalletIds: ['rainbow', 'io.metamask', 'phantom', 'my-wallet'],
    })
    expect(keys(items)).toEqual(['walletConnect', 'trust', 'coinbase', 'okx', 'rabby', 'zerion'])
  })

  it("a Polkadot extension the registry named shows once, with the registry's icon, and its explorer entry is not listed beside it", () => {
    const polkadotJs = { ...entry('polkadot{.js}'), id: 'id-polkadot-js' }
    const extension = {
      id: 'pjs:polkadot-js',
      type: 'ANNOUNCED' as const,
      namespace: 'polkadot' as const,
      name: 'polkadot{.js}',
      imageUrl: 'http://api/img/polkadot-js',
      walletId: 'id-polkadot-js',
    }
    const items = buildConnectList({ ...base, firstPage: [polkadotJs, ...firstPage], connectors: mergeFamilies([extension]) })
    expect(sections(items).slice(0, 3)).toEqual(['installed:pjs:polkadot-js', 'walletConnect:walletConnect', 'featured:metamask'])
    expect(items[0]).toMatchObject({ name: 'polkadot{.js}', imageUrl: 'http://api/img/polkadot-js', connectorIcon: undefined })
  })

  it('still offers WalletConnect and the installed wallets when the explorer gave nothing', () => {
    const items = buildConnectList({ ...base, firstPage: [], connectors: mergeFamilies([connector('Devnet Wallet')]) })
    expect(keys(items)).toEqual(['c-devnet wallet', 'walletConnect'])
  })
})

describe('pendingExplorerRows: the rows the Connect view holds for the explorer', () => {
  it('holds 4 featured and 4 recommended rows while the first page loads, none once it answered (or failed)', () => {
    expect(pendingExplorerRows({ explicitFeatured: 0, included: 0, featuredLoading: false, pagesLoading: true })).toBe(8)
    expect(pendingExplorerRows({ explicitFeatured: 0, included: 0, featuredLoading: false, pagesLoading: false })).toBe(0)
  })

  it("with the dapp's featured ids: one row each until they load, and recommended until both loaded", () => {
    expect(pendingExplorerRows({ explicitFeatured: 2, included: 0, featuredLoading: true, pagesLoading: true })).toBe(6)
    expect(pendingExplorerRows({ explicitFeatured: 2, included: 0, featuredLoading: true, pagesLoading: false })).toBe(6)
    expect(pendingExplorerRows({ explicitFeatured: 2, included: 0, featuredLoading: false, pagesLoading: true })).toBe(4)
    expect(pendingExplorerRows({ explicitFeatured: 2, included: 0, featuredLoading: false, pagesLoading: false })).toBe(0)
  })

  it('no more rows than includeWalletIds names: the explorer answers no others', () => {
    expect(pendingExplorerRows({ explicitFeatured: 0, included: 3, featuredLoading: false, pagesLoading: true })).toBe(3)
    expect(pendingExplorerRows({ explicitFeatured: 0, included: 20, featuredLoading: false, pagesLoading: true })).toBe(8)
  })
})

describe('buildAllWalletsList', () => {
  const pages = firstPage
  it('installed page wallets first, then featured, custom and the explorer, each once', () => {
    const mm = connector('MetaMask', 'io.metamask')
    const devnet = connector('Devnet Wallet', 'dev.airlock.devnetwallet')
    const custom = entry('Custom')
    const items = buildAllWalletsList({
      connectors: mergeFamilies([devnet, mm]),
      featured: [rabby],
      custom: [custom],
      explorer: pages,
      excludeWalletIds: [],
    })
    expect(sections(items).slice(0, 6)).toEqual([
      'installed:dev.airlock.devnetwallet',
      'installed:io.metamask',
      'featured:rabby',
      'custom:custom',
      'explorer:trust',
      'explorer:coinbase',
    ])
    expect(items).toHaveLength(2 + 1 + 1 + pages.length - 2)
  })

  it('searching: page and custom wallets by name here, explorer results as the server sent them', () => {
    const items = buildAllWalletsList({
      connectors: mergeFamilies([connector('Devnet Wallet'), connector('Rainbow Extension', 'me.rainbow')]),
      featured: [metamask],
      custom: [entry('Rain Custom'), entry('Other')],
      explorer: [rainbow],
      excludeWalletIds: [],
      search: 'RAIN',
    })
    expect(sections(items)).toEqual(['installed:me.rainbow', 'custom:rain custom'])
  })

  it('an explorer result that is installed under another name is marked Installed and picks the page wallet', () => {
    const rb = connector('RB Extension', 'me.rainbow')
    const items = buildAllWalletsList({
      connectors: mergeFamilies([rb]),
      custom: [],
      explorer: [rainbow],
      excludeWalletIds: [],
      search: 'rainbow',
    })
    expect(items).toEqual([
      expect.objectContaining({ key: 'rainbow', section: 'installed', tag: 'Installed', connectorId: rb.id, wallet: rainbow }),
    ])
  })

  it('excludeWalletIds applies to custom, featured and explorer wallets', () => {
    const items = buildAllWalletsList({
      connectors: [],
      featured: [trust],
      custom: [entry('Custom')],
      explorer: [metamask, trust, rainbow],
      excludeWalletIds: ['trust', 'custom', 'io.metamask'],
    })
    expect(keys(items)).toEqual(['rainbow'])
  })
})

describe('helpers', () => {
  it('maps explorer wallets to entries with the image URL and without nulls', () => {
    const wallet: ExplorerWallet = {
      id: 'abc',
      name: 'Rainbow',
      image_id: 'rainbow',
      rdns: 'me.rainbow',
      mobile_link: 'rainbow://',
      desktop_link: null,
      webapp_link: null,
    }
    expect(explorerWalletToEntry(wallet, (id) => `http://api/getWalletImage/${id}`)).toEqual({
      id: 'abc',
      name: 'Rainbow',
      imageUrl: 'http://api/getWalletImage/rainbow',
      rdns: 'me.rainbow',
      mobileLink: 'rainbow://',
      desktopLink: undefined,
      webappLink: undefined,
    })
    expect(explorerWalletToEntry({ id: 'x', name: 'X', image_id: null }, () => 'never').imageUrl).toBeUndefined()
  })

  it('maps custom wallets with their links', () => {
    expect(
      customWalletToEntry({
        id: 'w',
        name: 'W',
        image_url: 'https://w.example/i.png',
        mobile_link: 'w://',
        desktop_link: 'wd://',
        webapp_link: 'https://w.example',
      }),
    ).toEqual({
      id: 'w',
      name: 'W',
      imageUrl: 'https://w.example/i.png',
      mobileLink: 'w://',
      desktopLink: 'wd://',
      webappLink: 'https://w.example',
    })
  })

  it('formats the All Wallets count as AppKit does', () => {
    expect([0, 8, 10, 40, 72, 100, 105].map(formatWalletCount)).toEqual(['0', '8', '10', '40', '70+', '100', '100+'])
  })

  it('matches names like the explorer search, and excludes by id or rdns', () => {
    expect(matchesSearch('Rainbow', ' rAIn ')).toBe(true)
    expect(matchesSearch('Rainbow', 'bowl')).toBe(false)
    expect(matchesSearch('Rainbow', '')).toBe(true)
    expect(isExcluded({ id: 'a', rdns: 'x.y' }, new Set(['x.y']))).toBe(true)
    expect(isExcluded({ id: 'a' }, new Set(['b']))).toBe(false)
  })
})
