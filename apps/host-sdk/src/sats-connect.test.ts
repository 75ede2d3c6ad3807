// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { discoverConnectors } from './discovery'
import { importExtra } from './load-extra'
import { resolveSatsConnectProvider, satsConnectConnectors } from './sats-connect'
import { ICON } from './testing/wallets'

const provider = () => ({ request: vi.fn(async (method: string) => ({ status: 'success', result: { method } })) })

describe('resolveSatsConnectProvider', () => {
  it('follows a dotted path of own data properties to an object with request()', () => {
    const bitcoin = provider()
    const root = { XverseProviders: { BitcoinProvider: bitcoin }, LeatherProvider: bitcoin, a: { b: { c: { d: bitcoin } } } }
    expect(resolveSatsConnectProvider('XverseProviders.BitcoinProvider', root)).toBe(bitcoin)
    expect(resolveSatsConnectProvider('LeatherProvider', root)).toBe(bitcoin)
    expect(resolveSatsConnectProvider('a.b.c.d', root)).toBe(bitcoin)
    // request() of its class, as a data property of the prototype.
    class Provider {
      request() {
        return Promise.resolve()
      }
    }
    const instance = new Provider()
    expect(resolveSatsConnectProvider('p', { p: instance })).toBe(instance)
  })

  it('refuses hostile ids without running any getter of the page', () => {
    const sideEffects: string[] = []
    const inherited = Object.create({ Inherited: provider() }) as object
    const root: Record<string, unknown> = Object.assign(inherited, {
      ok: provider(),
      a: { b: { c: { d: { e: provider() } } } },
      noRequest: { send: () => {} },
      requestGetter: Object.defineProperty({}, 'request', {
        get: () => (sideEffects.push('request'), () => {}),
      }),
      nested: { fn: Object.assign(() => {}, { request: 'not a function' }) },
    })
    Object.defineProperty(root, 'Getter', { get: () => (sideEffects.push('Getter'), provider()) })
    Object.defineProperty(root, 'Thrower', {
      get: () => {
        sideEffects.push('Thrower')
        throw new Error('boom')
      },
    })
    for (const id of [
      '__proto__.x',
      '__proto__',
      'ok.__proto__',
      'constructor.prototype',
      'ok.constructor',
      'Object.prototype',
      'prototype',
      'Getter',
      'Thrower.x',
      'requestGetter',
      'Inherited',
      'toString',
      'hasOwnProperty',
      'a.b.c.d.e',
      'ok.',
      '.ok',
      'ok..x',
      '',
      'ok[0]',
      'ok()',
      '1ok',
      'o-k',
      'ok x',
      'x'.repeat(65),
      'noRequest',
      'nested.fn',
      'missing.deeper',
      42,
      null,
      undefined,
      { toString: () => 'ok' },
    ]) {
      expect(resolveSatsConnectProvider(id, root), String(id)).toBeUndefined()
    }
    expect(sideEffects).toEqual([])
  })
})

describe('sats-connect providers (window.btc_providers)', () => {
  const stops: (() => void)[] = []
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop())
    delete (window as { btc_providers?: unknown }).btc_providers
    delete (window as { XverseProviders?: unknown }).XverseProviders
    delete (window as { P?: unknown }).P
  })

  it('describes the entries whose id resolves, as bip122 connectors, and skips the rest', () => {
    const bitcoin = provider()
    const root = {
      XverseProviders: { BitcoinProvider: bitcoin },
      btc_providers: [
        { id: 'XverseProviders.BitcoinProvider', name: 'Xverse', icon: ICON },
        { id: 'constructor.prototype', name: 'Evil', icon: ICON },
        { id: 'Missing', name: 'Gone', icon: ICON },
        Object.defineProperty({}, 'id', {
          get() {
            throw new Error('boom')
          },
        }),
        null,
      ],
    }
    const connectors = satsConnectConnectors(root)
    expect(connectors.map(([description]) => description)).toEqual([
      { id: 'sats-connect:XverseProviders.BitcoinProvider', type: 'ANNOUNCED', namespace: 'bip122', name: 'Xverse', icon: ICON },
    ])
    expect(connectors[0]![1].source).toBe(bitcoin)
    expect(satsConnectConnectors({ btc_providers: 'nope' })).toEqual([])
    expect(satsConnectConnectors({})).toEqual([])
  })

  it('relays only the allow-listed methods (and those an entry lists), answering the result or throwing the error', async () => {
    const bitcoin = provider()
    const connector = satsConnectConnectors({ P: bitcoin, btc_providers: [{ id: 'P', name: 'P' }] })[0]![1]
    const params = { psbt: 'cHNidP8=', signInputs: { bc1q: [0] }, broadcast: false }
    expect(await connector.request('bitcoin_signPsbtV2', params)).toEqual({ method: 'bitcoin_signPsbtV2' })
    expect(bitcoin.request).toHaveBeenCalledWith('bitcoin_signPsbtV2', params)
    for (const method of ['wallet_addNetwork', 'request', 'constructor', '__proto__', 'wallet_renouncePermissions']) {
      await expect(connector.request(method, {})).rejects.toMatchObject({ code: 4200 })
    }
    expect(bitcoin.request).toHaveBeenCalledTimes(1)

    bitcoin.request.mockResolvedValueOnce({ status: 'error', error: { code: 4001, message: 'User rejected the request.' } } as never)
    await expect(connector.request('wallet_connect', undefined)).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    bitcoin.request.mockRejectedValueOnce({ jsonrpc: '2.0', id: '1', error: { code: -32000, message: 'Declined' } })
    await expect(connector.request('getAddresses', {})).rejects.toMatchObject({ code: -32000, message: 'Declined' })
    bitcoin.request.mockResolvedValueOnce({ status: 'success', result: { f: () => 1 } } as never)
    await expect(connector.request('getAddresses', {})).rejects.toMatchObject({ code: -32603 })

    const listed = satsConnectConnectors({ P: bitcoin, btc_providers: [{ id: 'P', name: 'P', methods: ['getAddresses', 'evil'] }] })[0]![1]
    await expect(listed.request('signPsbt', {})).rejects.toMatchObject({ code: 4200 })
    await expect(listed.request('evil', {})).rejects.toMatchObject({ code: 4200 })
    expect(await listed.request('getAddresses', {})).toEqual({ method: 'getAddresses' })
  })

  it('are found by the discovery when the page has btc_providers, through the extra part', async () => {
    const bitcoin = provider()
    Object.assign(window, {
      XverseProviders: { BitcoinProvider: bitcoin },
      btc_providers: [{ id: 'XverseProviders.BitcoinProvider', name: 'Xverse', icon: ICON }],
    })
    const loadExtra = vi.fn(importExtra)
    const discovery = discoverConnectors({ loadExtra, onChange: () => {}, onEvent: () => {} })
    stops.push(discovery.destroy)
    await vi.waitFor(() => expect(discovery.list().map((c) => c.id)).toEqual(['sats-connect:XverseProviders.BitcoinProvider']))
    expect(loadExtra).toHaveBeenCalledTimes(1)
    expect(await discovery.get('sats-connect:XverseProviders.BitcoinProvider')!.request('wallet_connect', undefined)).toEqual({
      method: 'wallet_connect',
    })
  })

  it('relays its events (addListener): accountChange, networkChange and disconnect as the widget’s, cloned; removed with the connector', async () => {
    type Listener = { eventName: string; cb: (event: unknown) => void }
    const listeners = new Set<Listener>()
    class Provider {
      request = vi.fn(async () => ({ status: 'success', result: null }))
      // A class's method, as Xverse's provider has it.
      addListener(info: Listener) {
        if (info.eventName === 'accountDisconnected') throw new Error('Unknown event')
        listeners.add(info)
        return () => listeners.delete(info)
      }
    }
    const fire = (eventName: string, event: unknown) => [...listeners].filter((l) => l.eventName === eventName).forEach((l) => l.cb(event))
    Object.assign(window, { P: new Provider(), btc_providers: [{ id: 'P', name: 'P', icon: ICON }] })
    const events: unknown[][] = []
    const discovery = discoverConnectors({ loadExtra: importExtra, onChange: () => {}, onEvent: (...event) => events.push(event) })
    await vi.waitFor(() => expect(discovery.list()).toHaveLength(1))
    expect([...listeners].map((l) => l.eventName)).toEqual(['accountChange', 'networkChange', 'disconnect'])

    const addresses = [{ address: 'bcrt1q', publicKey: '02', purpose: 'payment', addressType: 'p2wpkh' }]
    const accountChange = { type: 'accountChange', addresses }
    fire('accountChange', accountChange)
    fire('networkChange', { type: 'networkChange', bitcoin: { name: 'Testnet' }, stacks: { name: 'Testnet' } })
    // One that cannot cross to the widget is dropped.
    fire('accountChange', { type: 'accountChange', addresses: [{ f: () => 1 }] })
    fire('disconnect', { type: 'disconnect' })
    expect(events).toEqual([
      ['sats-connect:P', 'accountsChanged', accountChange],
      ['sats-connect:P', 'chainChanged', { type: 'networkChange', bitcoin: { name: 'Testnet' }, stacks: { name: 'Testnet' } }],
      ['sats-connect:P', 'disconnect', { type: 'disconnect' }],
    ])
    expect(events[0]![2]).not.toBe(accountChange)

    discovery.destroy()
    expect(listeners.size).toBe(0)
  })

  it('a provider without addListener, or whose addListener throws, still relays its calls', async () => {
    const bitcoin = provider()
    const throwing = Object.assign(provider(), {
      addListener: () => {
        throw new Error('no events')
      },
    })
    for (const source of [bitcoin, throwing]) {
      const connector = satsConnectConnectors({ P: source, btc_providers: [{ id: 'P', name: 'P' }] })[0]![1]
      const unwatch = connector.watch(() => {})
      unwatch()
      expect(await connector.request('wallet_connect', undefined)).toEqual({ method: 'wallet_connect' })
    }
  })

  it('loads nothing for a page without them', async () => {
    const loadExtra = vi.fn(importExtra)
    const discovery = discoverConnectors({ loadExtra, onChange: () => {}, onEvent: () => {} })
    stops.push(discovery.destroy)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(loadExtra).not.toHaveBeenCalled()
  })
})
