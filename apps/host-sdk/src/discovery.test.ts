// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { discoverConnectors } from './discovery'
import { importExtra } from './load-extra'
import { createProvider } from './provider'

const icon = 'data:image/svg+xml;base64,PHN2Zy8+'

function announce(info: Record<string, unknown>, provider: unknown) {
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } }))
}

function fakeProvider() {
  const listeners = new Map<string, (data: unknown) => void>()
  return {
    request: vi.fn(async () => []),
    on: (event: string, listener: (data: unknown) => void) => listeners.set(event, listener),
    removeListener: vi.fn(),
    fire: (event: string, data: unknown) => listeners.get(event)?.(data),
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('discoverConnectors', () => {
  let stop: (() => void) | undefined
  afterEach(() => {
    stop?.()
    delete (window as { ethereum?: unknown }).ethereum
  })

  function start() {
    const changes: unknown[][] = []
    const events: unknown[] = []
    const discovery = discoverConnectors({
      loadExtra: importExtra,
      onChange: (list) => changes.push(list),
      onEvent: (...args) => events.push(args),
    })
    stop = discovery.destroy
    return { discovery, changes, events }
  }

  it('lists announced wallets once per rdns and relays their requests and events', async () => {
    const { discovery, changes, events } = start()
    const wallet = fakeProvider()
    announce({ uuid: '1', name: 'Wallet A', icon, rdns: 'com.a' }, wallet)
    announce({ uuid: '2', name: 'Wallet A again', icon, rdns: 'com.a' }, fakeProvider())
    await flush()
    expect(discovery.list()).toEqual([{ id: 'com.a', type: 'ANNOUNCED', namespace: 'eip155', name: 'Wallet A', icon, rdns: 'com.a' }])
    expect(changes).toHaveLength(1)
    wallet.fire('accountsChanged', ['0xabc'])
    expect(events).toEqual([['com.a', 'accountsChanged', ['0xabc']]])
    expect(discovery.get('com.a')?.source).toBe(wallet)
    await discovery.get('com.a')!.request('eth_accounts', [])
    expect(wallet.request).toHaveBeenCalledWith({ method: 'eth_accounts', params: [] })
  })

  it('ignores announcements that break the schema, have no request(), or are an Airlock provider', async () => {
    const own = createProvider(async () => null).provider
    const { discovery } = start()
    announce({ uuid: '1', name: 'Evil', icon: 'javascript:alert(1)', rdns: 'com.evil' }, fakeProvider())
    announce({ uuid: '2', name: 'x'.repeat(101), icon, rdns: 'com.long' }, fakeProvider())
    announce({ uuid: '3', name: 'No request', icon, rdns: 'com.none' }, {})
    announce({ uuid: '4', name: 'Airlock', icon, rdns: 'dev.airlock' }, own)
    await flush()
    expect(discovery.list()).toEqual([])
  })

  it('adds a legacy window.ethereum as "Browser Wallet" only when it did not announce itself', async () => {
    const legacy = fakeProvider()
    ;(window as { ethereum?: unknown }).ethereum = legacy
    const { discovery } = start()
    await flush()
    expect(discovery.list().map((c) => [c.id, c.type, c.name])).toEqual([['injected', 'INJECTED', 'Browser Wallet']])
    stop?.()

    const announced = fakeProvider()
    ;(window as { ethereum?: unknown }).ethereum = announced
    window.addEventListener('eip6963:requestProvider', () => announce({ uuid: '9', name: 'Both', icon, rdns: 'com.both' }, announced), {
      once: true,
    })
    const second = start()
    await flush()
    expect(second.discovery.list().map((c) => c.id)).toEqual(['com.both'])
  })
})
