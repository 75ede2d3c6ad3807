// @vitest-environment happy-dom
import { ProviderRpcError, type WidgetMethods } from '@airlock/protocol'
import { describe, expect, it, vi } from 'vitest'
import { RECENT_CONNECTOR_KEY } from '../core/session/recentConnector'
import { connect } from '../connectors/connect'
import { createMemoryStorage, createSafeStorage } from '../core/storage/safeStorage'
import { approvingWallet, createFakeHost, deferred, devnetWallet, flush, TEST_ADDRESS } from '../testing/fakeHost'
import { bootWidget } from '../testing/bootWidget'

const request = (methods: WidgetMethods, method: string, params?: unknown) =>
  Promise.resolve(methods.request({ namespace: 'eip155', method, ...(params === undefined ? {} : { params }) }))

describe('handshake', () => {
  it('first tells the host it is ready, then lists connectors', async () => {
    const { host } = await bootWidget()
    expect(host.states()[0]).toMatchObject({
      ready: true,
      open: false,
      view: 'Connect',
      status: 'disconnected',
      caipNetworkId: 'eip155:1',
      chainId: 1,
    })
    expect(host.api.listConnectors).toHaveBeenCalledOnce()
  })

  it('does not re-send an unchanged state', async () => {
    const { methods, host } = await bootWidget()
    const count = host.states().length
    await methods.setTheme({ themeMode: 'dark' })
    expect(host.states()).toHaveLength(count)
    await methods.setTheme({ themeMode: 'light' })
    expect(host.lastState()?.themeMode).toBe('light')
  })
})

describe('open and close', () => {
  it('opens on Connect when disconnected, on Account when connected', async () => {
    const { ctx, methods, host } = await bootWidget()
    await methods.open(undefined)
    expect(host.lastState()).toMatchObject({ open: true, view: 'Connect' })
    await methods.open({ view: 'Account' })
    expect(host.lastState()).toMatchObject({ view: 'Connect' })
    await connect(ctx, devnetWallet.id)
    await methods.open(undefined)
    expect(host.lastState()).toMatchObject({ open: true, view: 'Account' })
  })

  it('opens on the namespace asked for, keeping the others connected; a namespace the dapp did not request is refused', async () => {
    const { ctx, methods, host } = await bootWidget()
    await methods.setOptions({ projectId: 'demo', networks: ['eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
    await connect(ctx, devnetWallet.id)
    await methods.open({ namespace: 'solana' })
    expect(host.lastState()).toMatchObject({ open: true, view: 'Connect', activeNamespace: 'solana' })
    await methods.open({ namespace: 'eip155' })
    expect(host.lastState()).toMatchObject({ view: 'Account', activeNamespace: 'eip155', status: 'connected' })
    await expect(Promise.resolve().then(() => methods.open({ namespace: 'bip122' }))).rejects.toThrow(
      'The dapp requested no bip122 network',
    )
    expect(host.lastState()).toMatchObject({ view: 'Account', activeNamespace: 'eip155' })
  })

  it('open has the host show the iframe: a connection that closed the modal does not have the last word', async () => {
    const { ctx, methods, host } = await bootWidget()
    await methods.open(undefined)
    await connect(ctx, devnetWallet.id)
    expect(host.api.setVisible).toHaveBeenLastCalledWith({ visible: false })
    await methods.open({ view: 'Account' })
    expect(host.lastState()).toMatchObject({ open: true, view: 'Account' })
    expect(host.api.setVisible).toHaveBeenLastCalledWith({ visible: true })
  })

  it('close hides the iframe and emits the state', async () => {
    const { methods, host } = await bootWidget()
    await methods.open(undefined)
    await methods.close(undefined)
    expect(host.api.setVisible).toHaveBeenCalledWith({ visible: false })
    expect(host.lastState()?.open).toBe(false)
  })

  it('tracks MODAL_OPEN once the opened card has had a frame to paint, and MODAL_CLOSE', async () => {
    const { methods, host } = await bootWidget()
    const tracked = () => vi.mocked(host.api.emit).mock.calls.flatMap(([event]) => (event.type === 'event' ? [event.event.data.event] : []))
    await methods.open(undefined)
    expect(tracked()).not.toContain('MODAL_OPEN')
    await vi.waitFor(() => expect(tracked()).toContain('MODAL_OPEN'))
    await methods.close(undefined)
    expect(tracked().at(-1)).toBe('MODAL_CLOSE')
  })
})

describe('eth_requestAccounts', () => {
  it('opens the modal on Connect, asks the host to show it, and resolves once connected', async () => {
    const { ctx, methods, host } = await bootWidget()
    const accounts = request(methods, 'eth_requestAccounts')
    await flush()
    expect(host.lastState()).toMatchObject({ open: true, view: 'Connect' })
    expect(host.api.setVisible).toHaveBeenCalledWith({ visible: true })
    await connect(ctx, devnetWallet.id)
    expect(await accounts).toEqual([TEST_ADDRESS])
  })

  it('rejects 4001 when the modal is closed first', async () => {
    const { methods } = await bootWidget()
    const accounts = request(methods, 'eth_requestAccounts')
    await flush()
    await methods.close(undefined)
    await expect(accounts).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })

  it('answers at once when connected', async () => {
    const { ctx, methods } = await bootWidget()
    await connect(ctx, devnetWallet.id)
    expect(await request(methods, 'eth_requestAccounts')).toEqual([TEST_ADDRESS])
  })
})

describe('connecting', () => {
  it('reports connected state, provider events and CONNECT_SUCCESS, remembers the wallet and closes', async () => {
    const { ctx, methods, host } = await bootWidget()
    await methods.open(undefined)
    await connect(ctx, devnetWallet.id)
    expect(host.lastState()).toMatchObject({
      open: false,
      status: 'connected',
      address: TEST_ADDRESS,
      caipAddress: `eip155:31337:${TEST_ADDRESS}`,
      chainId: 31337,
      caipNetworkId: 'eip155:31337',
      connectorId: devnetWallet.id,
      connectorName: 'Devnet Wallet',
    })
    expect(host.providerEvents()).toEqual([
      { event: 'connect', data: { chainId: '0x7a69' } },
      { event: 'accountsChanged', data: [TEST_ADDRESS] },
    ])
    expect(host.tracked()).toContain('CONNECT_SUCCESS')
    expect(ctx.storage.get(RECENT_CONNECTOR_KEY)).toBe(devnetWallet.id)
    expect(host.api.setVisible).toHaveBeenLastCalledWith({ visible: false })
    expect(await request(methods, 'eth_accounts')).toEqual([TEST_ADDRESS])
    expect(await request(methods, 'eth_chainId')).toBe('0x7a69')
  })

  it('is `connecting` while the wallet thinks', async () => {
    const pending = deferred<unknown>()
    const host = createFakeHost({
      wallet: (method) => (method === 'eth_requestAccounts' ? pending.promise : approvingWallet(method, undefined, '')),
    })
    const { ctx } = await bootWidget(host)
    const done = connect(ctx, devnetWallet.id)
    expect(host.lastState()?.status).toBe('connecting')
    pending.resolve([TEST_ADDRESS])
    await done
    expect(host.lastState()?.status).toBe('connected')
  })
})

describe('reconnect on load', () => {
  const stored = () => {
    const storage = createMemoryStorage()
    storage.set(RECENT_CONNECTOR_KEY, devnetWallet.id)
    return storage
  }

  it('silently restores the recent wallet with eth_accounts', async () => {
    const host = createFakeHost()
    await bootWidget(host, stored())
    expect(host.walletCalls().map((c) => c.method)).toEqual(['eth_accounts', 'eth_chainId'])
    expect(host.lastState()).toMatchObject({ status: 'connected', address: TEST_ADDRESS })
    expect(host.states().some((s) => s.status === 'reconnecting')).toBe(true)
    expect(host.providerEvents().map((e) => e.event)).toEqual(['connect', 'accountsChanged'])
  })

  it('clears the stored wallet when it has no accounts any more', async () => {
    const host = createFakeHost({ wallet: (method) => (method === 'eth_accounts' ? [] : null) })
    const storage = stored()
    await bootWidget(host, storage)
    expect(host.lastState()?.status).toBe('disconnected')
    expect(storage.get(RECENT_CONNECTOR_KEY)).toBeUndefined()
    expect(host.providerEvents()).toEqual([])
  })

  it('clears the stored wallet when it errors', async () => {
    const host = createFakeHost({
      wallet: () => {
        throw new ProviderRpcError(-32603, 'boom')
      },
    })
    const storage = stored()
    await bootWidget(host, storage)
    expect(host.lastState()?.status).toBe('disconnected')
    expect(storage.get(RECENT_CONNECTOR_KEY)).toBeUndefined()
  })

  it('waits for a late announcement within the lookup window', async () => {
    const host = createFakeHost({ connectors: [] })
    const { methods } = await bootWidget(host, stored())
    expect(host.walletCalls()).toEqual([])
    await methods.connectorsChanged({ connectors: [devnetWallet] })
    await flush()
    expect(host.lastState()).toMatchObject({ status: 'connected' })
  })

  it('makes one attempt at a time', async () => {
    const pending = deferred<unknown>()
    const host = createFakeHost({
      wallet: (method) => (method === 'eth_accounts' ? pending.promise : approvingWallet(method, undefined, '')),
    })
    const { methods } = await bootWidget(host, stored())
    await methods.connectorsChanged({ connectors: [devnetWallet] })
    await methods.connectorsChanged({ connectors: [devnetWallet] })
    expect(host.walletCalls().filter((c) => c.method === 'eth_accounts')).toHaveLength(1)
    // The dapp asking meanwhile waits for the outcome instead of opening the modal.
    const accounts = request(methods, 'eth_requestAccounts')
    pending.resolve([TEST_ADDRESS])
    expect(await accounts).toEqual([TEST_ADDRESS])
  })

  it('keeps the recent wallet in the host page when the iframe may not use storage', async () => {
    const denied = () =>
      createSafeStorage(() => {
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      })
    const host = createFakeHost()
    const first = await bootWidget(host, denied())
    await connect(first.ctx, devnetWallet.id)
    expect(host.storage.get(RECENT_CONNECTOR_KEY)).toBe(devnetWallet.id)

    // The next page load: the widget's storage is empty again, the host's is not.
    const reloaded = createFakeHost()
    reloaded.storage = host.storage
    await bootWidget(reloaded, denied())
    expect(reloaded.walletCalls().map((c) => c.method)).toEqual(['eth_accounts', 'eth_chainId'])
    expect(reloaded.lastState()?.status).toBe('connected')
  })

  it('does not touch host storage while its own storage works', async () => {
    const host = createFakeHost()
    const { ctx } = await bootWidget(
      host,
      createSafeStorage(() => new MemoryBackedStorage()),
    )
    await connect(ctx, devnetWallet.id)
    expect(host.api.storageSet).not.toHaveBeenCalled()
    expect(host.api.storageGet).not.toHaveBeenCalled()
  })

  it('moves an open modal from Connect to Account when the silent reconnect succeeds', async () => {
    const pending = deferred<unknown>()
    const host = createFakeHost({
      wallet: (method) => (method === 'eth_accounts' ? pending.promise : approvingWallet(method, undefined, '')),
    })
    const { methods } = await bootWidget(host, stored())
    await methods.open(undefined)
    expect(host.lastState()).toMatchObject({ open: true, view: 'Connect', status: 'reconnecting' })
    pending.resolve([TEST_ADDRESS])
    await flush()
    expect(host.lastState()).toMatchObject({ open: true, view: 'Account', status: 'connected' })
  })

  it('does nothing without a stored wallet', async () => {
    const host = createFakeHost()
    await bootWidget(host)
    expect(host.walletCalls()).toEqual([])
  })
})

describe('disconnect', () => {
  it('revokes best-effort, clears state and the stored wallet, tells the dapp', async () => {
    const host = createFakeHost({
      wallet: (method, params, id) => {
        if (method === 'wallet_revokePermissions') throw new ProviderRpcError(4200)
        return approvingWallet(method, params, id)
      },
    })
    const { ctx, methods } = await bootWidget(host)
    await connect(ctx, devnetWallet.id)
    host.events.length = 0
    await methods.disconnect(undefined)
    expect(host.walletCalls().at(-1)).toEqual({
      connectorId: devnetWallet.id,
      method: 'wallet_revokePermissions',
      params: [{ eth_accounts: {} }],
    })
    expect(host.lastState()).toMatchObject({ status: 'disconnected' })
    expect(host.lastState()?.address).toBeUndefined()
    expect(host.providerEvents().map((e) => e.event)).toEqual(['disconnect', 'accountsChanged'])
    expect(host.providerEvents()[1]!.data).toEqual([])
    expect(host.tracked()).toEqual(['DISCONNECT_SUCCESS'])
    expect(ctx.storage.get(RECENT_CONNECTOR_KEY)).toBeUndefined()
  })

  it("reports DISCONNECT_ERROR and 'Failed to disconnect' when clearing fails", async () => {
    const storage = createMemoryStorage()
    const host = createFakeHost()
    const { ctx, methods } = await bootWidget(host, {
      ...storage,
      get: storage.get,
      set: storage.set,
      remove: () => {
        throw new Error('storage broke')
      },
    })
    await connect(ctx, devnetWallet.id)
    await expect(methods.disconnect(undefined)).rejects.toThrow('Failed to disconnect')
    expect(host.tracked()).toContain('DISCONNECT_ERROR')
  })
})

describe('switchNetwork', () => {
  it('switches the wallet and emits chainChanged', async () => {
    const { ctx, methods, host } = await bootWidget()
    await connect(ctx, devnetWallet.id)
    host.events.length = 0
    await methods.switchNetwork({ caipNetworkId: 'eip155:31338' })
    expect(host.walletCalls().at(-1)).toMatchObject({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(host.providerEvents()).toEqual([{ event: 'chainChanged', data: '0x7a6a' }])
    expect(host.lastState()).toMatchObject({ chainId: 31338, caipAddress: `eip155:31338:${TEST_ADDRESS}` })
    expect(host.tracked()).toEqual(['SWITCH_NETWORK'])
  })

  it('adds the chain on 4902, pointing the wallet at the RPC proxy, then switches', async () => {
    let added = false
    const host = createFakeHost({
      wallet: (method, params, id) => {
        if (method === 'wallet_switchEthereumChain' && !added) throw new ProviderRpcError(4902)
        if (method === 'wallet_addEthereumChain') added = true
        return approvingWallet(method, params, id)
      },
    })
    const { ctx, methods } = await bootWidget(host)
    await connect(ctx, devnetWallet.id)
    await methods.switchNetwork({ caipNetworkId: 'eip155:10143' })
    const add = host.walletCalls().find((c) => c.method === 'wallet_addEthereumChain')
    expect(add?.params).toEqual([
      {
        chainId: '0x279f',
        chainName: 'Monad Testnet',
        nativeCurrency: { name: 'Monad', symbol: 'MON', decimals: 18 },
        rpcUrls: ['http://api.localhost:4403/v1/rpc?chainId=eip155%3A10143&projectId=demo&st=appkit&sv=airlock-widget-0.1.0'],
        blockExplorerUrls: ['https://testnet.monadexplorer.com'],
      },
    ])
    expect(host.lastState()?.chainId).toBe(10143)
  })

  it("fails with 'Chain is not supported' when adding fails", async () => {
    const host = createFakeHost({
      wallet: (method, params, id) => {
        if (method === 'wallet_switchEthereumChain') throw new ProviderRpcError(4902)
        if (method === 'wallet_addEthereumChain') throw new ProviderRpcError(4001)
        return approvingWallet(method, params, id)
      },
    })
    const { ctx, methods } = await bootWidget(host)
    await connect(ctx, devnetWallet.id)
    await expect(Promise.resolve(methods.switchNetwork({ caipNetworkId: 'eip155:10143' }))).rejects.toThrow('Chain is not supported')
    expect(host.lastState()?.chainId).toBe(31337)
  })

  it("fails with 'Chain is not supported' for a network the wallet lacks and the catalog does not know", async () => {
    const host = createFakeHost({
      wallet: (method, params, id) => {
        if (method === 'wallet_switchEthereumChain') throw new ProviderRpcError(4902)
        return approvingWallet(method, params, id)
      },
    })
    const { ctx, methods } = await bootWidget(host)
    await connect(ctx, devnetWallet.id)
    await expect(Promise.resolve(methods.switchNetwork({ caipNetworkId: 'eip155:987654' }))).rejects.toMatchObject({
      code: 4902,
      message: 'Chain is not supported',
    })
    expect(host.api.connectorRequest).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'wallet_addEthereumChain' }))
  })

  it('passes a user rejection of the switch through', async () => {
    const host = createFakeHost({
      wallet: (method, params, id) => {
        if (method === 'wallet_switchEthereumChain') throw new ProviderRpcError(4001)
        return approvingWallet(method, params, id)
      },
    })
    const { ctx, methods } = await bootWidget(host)
    await connect(ctx, devnetWallet.id)
    await expect(Promise.resolve(methods.switchNetwork({ caipNetworkId: 'eip155:1' }))).rejects.toMatchObject({ code: 4001 })
  })

  it('changes the active network when disconnected', async () => {
    const { methods, host } = await bootWidget()
    await methods.switchNetwork({ caipNetworkId: 'eip155:8453' })
    expect(host.lastState()).toMatchObject({ caipNetworkId: 'eip155:8453', chainId: 8453 })
    expect(host.providerEvents()).toEqual([{ event: 'chainChanged', data: '0x2105' }])
    expect(await request(methods, 'eth_chainId')).toBe('0x2105')
  })

  it('refuses networks of a family the widget does not serve', async () => {
    const { methods } = await bootWidget()
    await expect(Promise.resolve(methods.switchNetwork({ caipNetworkId: 'cosmos:cosmoshub-4' }))).rejects.toThrow('Unsupported chain')
  })
})

describe('options', () => {
  it('defaults networks to eip155:1 and uses defaultNetwork for the disconnected chain', async () => {
    const { methods, host } = await bootWidget()
    await methods.setOptions({ projectId: 'demo' })
    expect(host.lastState()?.caipNetworkId).toBe('eip155:1')
    await methods.setOptions({ projectId: 'demo', networks: ['eip155:31337', 'eip155:1'] })
    expect(host.lastState()?.caipNetworkId).toBe('eip155:31337')
    await methods.setOptions({ projectId: 'demo', networks: ['eip155:31337', 'eip155:1'], defaultNetwork: 'eip155:1' })
    expect(host.lastState()?.caipNetworkId).toBe('eip155:1')
  })

  it('applies themeMode from options', async () => {
    const { methods, host } = await bootWidget()
    await methods.setOptions({ projectId: 'demo', themeMode: 'light' })
    expect(host.lastState()?.themeMode).toBe('light')
  })
})

describe('connector events', () => {
  async function connected() {
    const booted = await bootWidget()
    await connect(booted.ctx, devnetWallet.id)
    booted.host.events.length = 0
    return booted
  }

  it('forwards an account change', async () => {
    const { methods, host } = await connected()
    await methods.connectorEvent({
      connectorId: devnetWallet.id,
      event: 'accountsChanged',
      data: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
    })
    expect(host.lastState()?.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(host.providerEvents()).toEqual([{ event: 'accountsChanged', data: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] }])
  })

  it('treats an empty accountsChanged as a disconnect', async () => {
    const { methods, host } = await connected()
    await methods.connectorEvent({ connectorId: devnetWallet.id, event: 'accountsChanged', data: [] })
    expect(host.lastState()?.status).toBe('disconnected')
    expect(host.providerEvents().map((e) => e.event)).toEqual(['disconnect', 'accountsChanged'])
  })

  it('forwards a chain change once', async () => {
    const { methods, host } = await connected()
    await methods.connectorEvent({ connectorId: devnetWallet.id, event: 'chainChanged', data: '0x1' })
    await methods.connectorEvent({ connectorId: devnetWallet.id, event: 'chainChanged', data: '0x1' })
    expect(host.providerEvents()).toEqual([{ event: 'chainChanged', data: '0x1' }])
    expect(host.lastState()?.chainId).toBe(1)
  })

  it('disconnects on disconnect', async () => {
    const { methods, host } = await connected()
    await methods.connectorEvent({ connectorId: devnetWallet.id, event: 'disconnect', data: { code: 4900, message: 'gone' } })
    expect(host.lastState()?.status).toBe('disconnected')
  })

  it('ignores events of other wallets and malformed data', async () => {
    const { methods, host } = await connected()
    await methods.connectorEvent({ connectorId: 'other', event: 'accountsChanged', data: [] })
    await methods.connectorEvent({ connectorId: devnetWallet.id, event: 'accountsChanged', data: ['not-an-address'] })
    await methods.connectorEvent({ connectorId: devnetWallet.id, event: 'chainChanged', data: 'zz' })
    expect(host.events).toEqual([])
    expect(await methods.getState(undefined)).toMatchObject({ status: 'connected', address: TEST_ADDRESS, chainId: 31337 })
  })
})

describe('getState', () => {
  it('returns the current public state', async () => {
    const { methods } = await bootWidget()
    expect(await methods.getState(undefined)).toMatchObject({
      ready: true,
      status: 'disconnected',
      activeNamespace: 'eip155',
      themeMode: 'dark',
    })
  })
})

class MemoryBackedStorage implements Storage {
  #map = new Map<string, string>()
  get length() {
    return this.#map.size
  }
  clear() {
    this.#map.clear()
  }
  getItem(key: string) {
    return this.#map.get(key) ?? null
  }
  key(index: number) {
    return [...this.#map.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.#map.delete(key)
  }
  setItem(key: string, value: string) {
    this.#map.set(key, value)
  }
}
