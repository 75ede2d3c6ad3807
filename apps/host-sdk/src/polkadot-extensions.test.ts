// @vitest-environment happy-dom
import { createDevnetPolkadotWallet } from '@airlock/devnet/wallet/polkadot'
import { DEVNET_TRANSFER_PAYLOAD, genericAddress, signsPayload, signsWrappedBytes } from '@airlock/devnet/wallet/polkadot-payload'
import { polkadotDevnetAccounts } from '@airlock/devnet/polkadot/accounts'
import { SignerResult } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { discoverConnectors } from './discovery'
import { importExtra } from './load-extra'
import { polkadotConnectors } from './polkadot-extensions'

const [first] = polkadotDevnetAccounts
const ADDRESS = first!.address
const GENERIC = genericAddress(first!.publicKey)

/** An extension of the page whose enable the test watches. */
function extension(injected: unknown = { accounts: { get: async () => [] }, signer: {} }) {
  return { version: '1.0.0', enable: vi.fn(async () => injected) }
}

/** The connector of the root's one extension. */
const connectorOf = (root: object) => polkadotConnectors(root)[0]![1]

const stops: (() => void)[] = []
afterEach(() => {
  stops.splice(0).forEach((stop) => stop())
  delete (window as { injectedWeb3?: unknown }).injectedWeb3
})

describe('polkadotConnectors', () => {
  it('lists each injectedWeb3 entry with an enable as pjs:<key>, named by its key, without enabling it', () => {
    const polkadotJs = extension()
    const talisman = extension()
    const listed = polkadotConnectors({ injectedWeb3: { 'polkadot-js': polkadotJs, talisman } })
    expect(listed.map(([description]) => description)).toEqual([
      { id: 'pjs:polkadot-js', type: 'ANNOUNCED', namespace: 'polkadot', name: 'polkadot-js' },
      { id: 'pjs:talisman', type: 'ANNOUNCED', namespace: 'polkadot', name: 'talisman' },
    ])
    expect(listed[0]![1].source).toBe(polkadotJs)
    expect(polkadotJs.enable).not.toHaveBeenCalled()
    expect(talisman.enable).not.toHaveBeenCalled()
  })

  it('ignores hostile entries without running a getter of the page', () => {
    const ran: string[] = []
    const injectedWeb3 = JSON.parse('{"__proto__": {"enable": 1}, "constructor": 1, "prototype": 1}') as Record<string, unknown>
    Object.assign(injectedWeb3, { notAFunction: { enable: 'yes' }, none: null, plain: 7, good: extension() })
    Object.defineProperty(injectedWeb3, 'getter', {
      enumerable: true,
      get: () => {
        ran.push('entry')
        throw new Error('boom')
      },
    })
    Object.defineProperty(injectedWeb3, 'enableGetter', {
      enumerable: true,
      value: Object.defineProperty({}, 'enable', { enumerable: true, get: () => (ran.push('enable'), async () => ({})) }),
    })
    const inherited = Object.create({ inheritedKey: extension() }) as object
    expect(polkadotConnectors({ injectedWeb3 }).map(([description]) => (description as { id: string }).id)).toEqual(['pjs:good'])
    expect(polkadotConnectors({ injectedWeb3: inherited })).toEqual([])
    expect(ran).toEqual([])
    // A root whose injectedWeb3 is a getter, a proxy that throws, or not an object.
    expect(polkadotConnectors(Object.defineProperty({}, 'injectedWeb3', { get: () => ran.push('root') }))).toEqual([])
    const throwing = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys')
        },
      },
    )
    expect(polkadotConnectors({ injectedWeb3: throwing })).toEqual([])
    const descriptors = new Proxy(
      { a: extension() },
      {
        getOwnPropertyDescriptor: () => {
          throw new Error('no')
        },
      },
    )
    expect(polkadotConnectors({ injectedWeb3: descriptors })).toEqual([])
    expect(polkadotConnectors({ injectedWeb3: 'x' })).toEqual([])
    expect(ran).toEqual([])
  })

  it('lists at most 16 extensions, each described within the protocol bounds', () => {
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`e${i}`, extension()]))
    expect(polkadotConnectors({ injectedWeb3: many })).toHaveLength(16)
    const description = polkadotConnectors({ injectedWeb3: { ['x'.repeat(300) + ' <b>']: extension() } })[0]![0] as {
      id: string
      name: string
    }
    expect(description.name).toHaveLength(100)
    expect(description.id).toBe(`pjs:${'x'.repeat(100)}`)
  })
})

describe('the relay of a Polkadot extension', () => {
  const connected = async () => {
    const wallet = createDevnetPolkadotWallet()
    const connector = connectorOf({ injectedWeb3: { 'airlock-devnet': wallet.extension } })
    const events: unknown[][] = []
    const unwatch = connector.watch((event, data) => events.push([event, data]))
    return { wallet, connector, events, unwatch }
  }

  it('enables only when asked, then signs raw bytes and payloads with the devnet extension, answers checked', async () => {
    const { wallet, connector } = await connected()
    await expect(connector.request('accounts.get', undefined)).rejects.toMatchObject({ code: 4100 })
    expect(wallet.devnet.state().authorized).toBe(false)
    expect(await connector.request('enable', { originName: 'Airlock demo' })).toEqual([
      { address: GENERIC, name: 'Devnet 0', type: 'sr25519' },
    ])
    expect(await connector.request('accounts.get', undefined)).toEqual([{ address: GENERIC, name: 'Devnet 0', type: 'sr25519' }])

    const data = '0x48656c6c6f'
    const raw = await connector.request('signer.signRaw', { address: ADDRESS, data, type: 'bytes' })
    expect(SignerResult.parse(raw)).toEqual(raw)
    expect(signsWrappedBytes(data, (raw as SignerResult).signature, first!.publicKey)).toBe(true)

    const signed = (await connector.request('signer.signPayload', DEVNET_TRANSFER_PAYLOAD)) as SignerResult
    expect(signsPayload(DEVNET_TRANSFER_PAYLOAD, signed.signature, first!.publicKey)).toBe(true)
  })

  it('refuses calls off the allow-list and params the protocol refuses, before the extension sees them', async () => {
    const signer = { signPayload: vi.fn(), signRaw: vi.fn(), update: vi.fn() }
    const injected = { accounts: { get: async () => [], subscribe: () => () => {} }, signer, metadata: { provide: vi.fn() } }
    const entry = extension(injected)
    const connector = connectorOf({ injectedWeb3: { x: entry } })
    for (const method of ['signer.update', 'metadata.provide', 'provider.send', '__proto__', 'accounts.subscribe', 'enable ']) {
      await expect(connector.request(method, {})).rejects.toMatchObject({ code: 4200, message: `This wallet does not support ${method}` })
    }
    expect(entry.enable).not.toHaveBeenCalled()
    await expect(connector.request('enable', {})).rejects.toMatchObject({ code: -32602, message: 'Invalid params for enable' })
    await expect(connector.request('enable', { originName: 'x'.repeat(101) })).rejects.toMatchObject({ code: -32602 })
    expect(entry.enable).not.toHaveBeenCalled()
    await connector.request('enable', { originName: 'Dapp' })
    expect(entry.enable).toHaveBeenCalledWith('Dapp')
    const { metadataHash: _, ...withoutHash } = DEVNET_TRANSFER_PAYLOAD
    for (const payload of [
      { ...DEVNET_TRANSFER_PAYLOAD, version: 5 },
      { ...withoutHash, method: '0x1' },
      { ...DEVNET_TRANSFER_PAYLOAD, address: '0xabc' },
    ]) {
      await expect(connector.request('signer.signPayload', payload)).rejects.toMatchObject({ code: -32602 })
    }
    await expect(connector.request('signer.signRaw', { address: ADDRESS, data: 'text', type: 'bytes' })).rejects.toMatchObject({
      code: -32602,
    })
    expect(signer.signPayload).not.toHaveBeenCalled()
    expect(signer.signRaw).not.toHaveBeenCalled()
  })

  it('relays plain data only (the widget checks it with the zod schemas), and leaves out accounts that are not Polkadot ones', async () => {
    const accounts = [
      { address: '0x' + '11'.repeat(20), type: 'ethereum' },
      { address: ADDRESS, name: 'Mine', genesisHash: null, extra: () => 1 },
    ]
    const signer = {
      signRaw: async () => ({ id: 1, signature: '0x12' }),
      signPayload: async () => ({ id: 1, signature: '0x' + '00'.repeat(64), f: () => 1 }),
    }
    const connector = connectorOf({ injectedWeb3: { x: extension({ accounts: { get: async () => accounts }, signer }) } })
    expect(await connector.request('enable', { originName: 'Dapp' })).toEqual([{ address: ADDRESS, name: 'Mine' }])
    expect(await connector.request('signer.signRaw', { address: ADDRESS, data: '0x00', type: 'bytes' })).toEqual({
      id: 1,
      signature: '0x12',
    })
    expect(await connector.request('signer.signPayload', DEVNET_TRANSFER_PAYLOAD)).toEqual({ id: 1, signature: '0x' + '00'.repeat(64) })
    const uncloneable = connectorOf({
      injectedWeb3: { x: extension({ accounts: { get: async () => accounts }, signer: { ...signer, signRaw: async () => () => 1 } }) },
    })
    await uncloneable.request('enable', { originName: 'Dapp' })
    await expect(uncloneable.request('signer.signRaw', { address: ADDRESS, data: '0x00', type: 'bytes' })).rejects.toMatchObject({
      code: -32603,
      message: 'The wallet answered with a value that cannot be relayed',
    })
  })

  it("gives a user's no as 4001: the devnet's, and polkadot-js' Error('Cancelled')", async () => {
    const { wallet, connector } = await connected()
    wallet.devnet.rejectNext()
    await expect(connector.request('enable', { originName: 'Dapp' })).rejects.toMatchObject({ code: 4001 })
    // The refused enable is forgotten: the next one asks again.
    await connector.request('enable', { originName: 'Dapp' })
    const cancelling = extension({
      accounts: { get: async () => [] },
      signer: { signRaw: async () => Promise.reject(new Error('Cancelled')) },
    })
    const other = connectorOf({ injectedWeb3: { x: cancelling } })
    await other.request('enable', { originName: 'Dapp' })
    await expect(other.request('signer.signRaw', { address: ADDRESS, data: '0x00', type: 'bytes' })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
  })

  it('relays accounts.subscribe as accountsChanged after enable, until disconnect or the unwatch', async () => {
    const { wallet, connector, events, unwatch } = await connected()
    wallet.devnet.switchAccount(1)
    expect(events).toEqual([])
    await connector.request('enable', { originName: 'Dapp' })
    wallet.devnet.switchAccount(2)
    const third = genericAddress(polkadotDevnetAccounts[2]!.publicKey)
    expect(events.at(-1)).toEqual(['accountsChanged', [{ address: third, name: 'Devnet 2', type: 'sr25519' }]])
    const heard = events.length
    await expect(connector.request('disconnect', undefined)).resolves.toBeUndefined()
    wallet.devnet.switchAccount(3)
    expect(events).toHaveLength(heard)
    await expect(connector.request('signer.signRaw', { address: ADDRESS, data: '0x00', type: 'bytes' })).rejects.toMatchObject({
      code: 4100,
    })

    await connector.request('enable', { originName: 'Dapp' })
    wallet.devnet.switchAccount(4)
    expect(events).toHaveLength(heard + 2)
    unwatch()
    wallet.devnet.switchAccount(5)
    expect(events).toHaveLength(heard + 2)
  })
})

describe('discovery of Polkadot extensions', () => {
  it('finds an extension injected after load through the extra part, and enables none', async () => {
    const loadExtra = vi.fn(importExtra)
    const discovery = discoverConnectors({ loadExtra, onChange: () => {}, onEvent: () => {} })
    stops.push(discovery.destroy)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(loadExtra).not.toHaveBeenCalled()

    const late = extension()
    ;(window as { injectedWeb3?: unknown }).injectedWeb3 = { 'polkadot-js': late }
    window.dispatchEvent(new Event('load'))
    await vi.waitFor(() =>
      expect(discovery.list()).toEqual([{ id: 'pjs:polkadot-js', type: 'ANNOUNCED', namespace: 'polkadot', name: 'polkadot-js' }]),
    )
    expect(late.enable).not.toHaveBeenCalled()
    // Another load (a page that fires its own) lists nothing twice.
    window.dispatchEvent(new Event('load'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(discovery.list()).toHaveLength(1)
  })

  it('lists the devnet extension, whose accounts reach the widget as events, stopped by destroy', async () => {
    const wallet = createDevnetPolkadotWallet()
    ;(window as { injectedWeb3?: unknown }).injectedWeb3 = { 'airlock-devnet': wallet.extension }
    const events: unknown[][] = []
    const loadExtra = vi.fn(importExtra)
    const discovery = discoverConnectors({ loadExtra, onChange: () => {}, onEvent: (...event) => events.push(event) })
    await vi.waitFor(() => expect(discovery.list().map((c) => c.id)).toEqual(['pjs:airlock-devnet']))
    await discovery.get('pjs:airlock-devnet')!.request('enable', { originName: 'Dapp' })
    wallet.devnet.switchAccount(1)
    expect(events.map(([id, event]) => [id, event])).toEqual([
      ['pjs:airlock-devnet', 'accountsChanged'],
      ['pjs:airlock-devnet', 'accountsChanged'],
    ])
    discovery.destroy()
    wallet.devnet.switchAccount(2)
    expect(events).toHaveLength(2)
    // After destroy, a load probes nothing.
    window.dispatchEvent(new Event('load'))
    expect(loadExtra).toHaveBeenCalledTimes(1)
  })
})
