import type { ConnectorDescription } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import {
  connectorKey,
  dedupeByRdns,
  isConnectorHidden,
  visibleConnectors,
  type ListedConnector,
  type VisibilityContext,
} from './visibility'

const desktop: VisibilityContext = { isMobile: false, excludeWalletIds: [] }
const mobile: VisibilityContext = { isMobile: true, excludeWalletIds: [] }

const wallet = (overrides: Partial<ListedConnector> & Pick<ConnectorDescription, 'id'>): ListedConnector => ({
  type: 'ANNOUNCED',
  namespace: 'eip155',
  name: overrides.id,
  ...overrides,
})

describe('isConnectorHidden (SPEC section 5)', () => {
  it('hides a connector named Browser Wallet on desktop only', () => {
    const browser = wallet({ id: 'injected', type: 'INJECTED', name: 'Browser Wallet' })
    expect(isConnectorHidden(browser, desktop)).toBe(true)
    expect(isConnectorHidden(browser, mobile)).toBe(false)
  })

  it('hides injected connectors with no rdns that are not installed', () => {
    expect(isConnectorHidden(wallet({ id: 'injected', type: 'INJECTED', installed: false }), desktop)).toBe(true)
    expect(isConnectorHidden(wallet({ id: 'injected', type: 'INJECTED', installed: false, rdns: 'io.rabby' }), desktop)).toBe(false)
  })

  it('treats a listed injected connector as installed (the host lists only what it found)', () => {
    expect(isConnectorHidden(wallet({ id: 'injected', type: 'INJECTED' }), desktop)).toBe(false)
  })

  it('hides injected connectors whose rdns is excluded', () => {
    const context = { ...desktop, excludeWalletIds: ['io.metamask'] }
    expect(isConnectorHidden(wallet({ id: 'mm', type: 'INJECTED', rdns: 'io.metamask' }), context)).toBe(true)
  })

  it('hides announced connectors whose rdns is excluded, and only those', () => {
    const context = { ...desktop, excludeWalletIds: ['io.metamask'] }
    expect(isConnectorHidden(wallet({ id: 'mm', rdns: 'io.metamask' }), context)).toBe(true)
    expect(isConnectorHidden(wallet({ id: 'rabby', rdns: 'io.rabby' }), context)).toBe(false)
    expect(isConnectorHidden(wallet({ id: 'no-rdns' }), context)).toBe(false)
  })
})

describe('dedupeByRdns', () => {
  it('keeps one entry per rdns in first-seen order', () => {
    const list = [wallet({ id: 'a', rdns: 'x' }), wallet({ id: 'b', rdns: 'y' }), wallet({ id: 'c', rdns: 'x' })]
    expect(dedupeByRdns(list).map((c) => c.id)).toEqual(['a', 'b'])
  })

  it('prefers the announced entry over an injected one with the same rdns, in its place', () => {
    const list = [
      wallet({ id: 'injected', type: 'INJECTED', rdns: 'io.metamask' }),
      wallet({ id: 'other', rdns: 'y' }),
      wallet({ id: 'announced', rdns: 'io.metamask' }),
    ]
    expect(dedupeByRdns(list).map((c) => c.id)).toEqual(['announced', 'other'])
  })

  it("keeps a wallet's entry of another family under the same rdns (SubWallet's Polkadot extension beside its EIP-6963 provider)", () => {
    const list = [
      wallet({ id: 'a', rdns: 'app.subwallet' }),
      wallet({ id: 'pjs:subwallet-js', namespace: 'polkadot', rdns: 'app.subwallet' }),
    ]
    expect(dedupeByRdns(list).map((c) => c.id)).toEqual(['a', 'pjs:subwallet-js'])
  })

  it('never merges entries without rdns', () => {
    const list = [wallet({ id: 'a' }), wallet({ id: 'b' })]
    expect(dedupeByRdns(list)).toHaveLength(2)
  })
})

describe('visibleConnectors', () => {
  it('filters then dedupes', () => {
    const list = [
      wallet({ id: 'browser', type: 'INJECTED', name: 'Browser Wallet' }),
      wallet({ id: 'mm-injected', type: 'INJECTED', rdns: 'io.metamask' }),
      wallet({ id: 'mm', rdns: 'io.metamask' }),
      wallet({ id: 'excluded', rdns: 'com.bad' }),
    ]
    expect(visibleConnectors(list, { isMobile: false, excludeWalletIds: ['com.bad'] }).map((c) => c.id)).toEqual(['mm'])
  })

  it('returns an empty list when nothing is left', () => {
    expect(visibleConnectors([], desktop)).toEqual([])
  })
})

describe('connectorKey', () => {
  it('uses rdns, else the id', () => {
    expect(connectorKey(wallet({ id: 'x', rdns: 'io.metamask' }))).toBe('io.metamask')
    expect(connectorKey(wallet({ id: 'x' }))).toBe('x')
  })
})
