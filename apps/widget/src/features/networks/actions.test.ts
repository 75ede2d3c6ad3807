// @vitest-environment happy-dom
import { ProviderRpcError } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { currentRouteAtom } from '../../core/router/atoms'
import { openAtom } from '../../core/modal/atoms'
import { ACTIVE_NETWORK_KEY } from '../../core/storage/persisted'
import { createMemoryStorage, createSafeStorage, type KeyValueStorage } from '../../core/storage/safeStorage'
import { approvingWallet, createFakeHost, devnetWallet, flush, type FakeHost, type WalletHandler } from '../../testing/fakeHost'
import { bootWidget } from '../../testing/bootWidget'
import { connect } from '../../connectors/connect'
import { updateConnection } from '../../core/session/session'

const DEVNET = 'eip155:31337'
const DEVNET_2 = 'eip155:31338'

async function boot(options: { wallet?: WalletHandler; storage?: KeyValueStorage; host?: FakeHost } = {}) {
  const host = options.host ?? createFakeHost(options.wallet ? { wallet: options.wallet } : {})
  const { ctx, methods } = await bootWidget(host, options.storage ?? createMemoryStorage())
  await methods.setOptions({ projectId: 'demo', networks: [DEVNET, DEVNET_2] })
  return { ctx, methods, host }
}

/** A wallet that does not know `chainId` until it is added, failing the first switch with `code`. */
function walletLacking(chainId: string, code: number): WalletHandler {
  let added = false
  return (method, params, id) => {
    if (method === 'wallet_switchEthereumChain' && !added && (params as [{ chainId: string }])[0].chainId === chainId) {
      throw new ProviderRpcError(code, 'Unrecognized chain')
    }
    if (method === 'wallet_addEthereumChain') added = true
    return approvingWallet(method, params, id)
  }
}

describe('switchNetwork: wallet errors that mean "add the chain first"', () => {
  for (const code of [4902, 5000, 32603, -32603]) {
    it(`${code}: adds the chain, then switches`, async () => {
      const { ctx, methods, host } = await boot({ wallet: walletLacking('0x7a6a', code) })
      await connect(ctx, devnetWallet.id)
      await methods.switchNetwork({ caipNetworkId: DEVNET_2 })
      expect(host.walletCalls().map((c) => c.method)).toEqual([
        'eth_requestAccounts',
        'eth_chainId',
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'wallet_switchEthereumChain',
      ])
      expect(host.walletCalls()[3]!.params).toEqual([
        {
          chainId: '0x7a6a',
          chainName: 'Airlock Devnet 2',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: ['http://api.localhost:4403/v1/rpc?chainId=eip155%3A31338&projectId=demo&st=appkit&sv=airlock-widget-0.1.0'],
        },
      ])
      expect(host.lastState()).toMatchObject({ caipNetworkId: DEVNET_2, chainId: 31338 })
    })

    it(`${code}: 'Chain is not supported' when adding fails`, async () => {
      const wallet: WalletHandler = (method, params, id) => {
        if (method === 'wallet_switchEthereumChain') throw new ProviderRpcError(code)
        if (method === 'wallet_addEthereumChain') throw new ProviderRpcError(4001)
        return approvingWallet(method, params, id)
      }
      const { ctx, methods, host } = await boot({ wallet })
      await connect(ctx, devnetWallet.id)
      await expect(Promise.resolve(methods.switchNetwork({ caipNetworkId: DEVNET_2 }))).rejects.toMatchObject({
        code: 4902,
        message: 'Chain is not supported',
      })
      expect(host.lastState()?.chainId).toBe(31337)
      expect(host.tracked()).not.toContain('SWITCH_NETWORK')
    })
  }

  it('passes other wallet errors through without adding the chain', async () => {
    for (const code of [4001, -32000, 4100]) {
      const wallet: WalletHandler = (method, params, id) => {
        if (method === 'wallet_switchEthereumChain') throw new ProviderRpcError(code, 'nope')
        return approvingWallet(method, params, id)
      }
      const { ctx, methods, host } = await boot({ wallet })
      await connect(ctx, devnetWallet.id)
      await expect(Promise.resolve(methods.switchNetwork({ caipNetworkId: DEVNET_2 }))).rejects.toMatchObject({ code })
      expect(host.walletCalls().some((c) => c.method === 'wallet_addEthereumChain')).toBe(false)
    }
  })
})

describe('switchNetwork', () => {
  it('tracks SWITCH_NETWORK with the network id and stores the choice', async () => {
    const { ctx, methods, host } = await boot()
    await connect(ctx, devnetWallet.id)
    await methods.switchNetwork({ caipNetworkId: DEVNET_2 })
    const event = host.events.find((e) => e.type === 'event' && e.event.data.event === 'SWITCH_NETWORK')
    expect(event).toMatchObject({ event: { data: { properties: { network: DEVNET_2 } } } })
    expect(ctx.storage.get(ACTIVE_NETWORK_KEY)).toBe(DEVNET_2)
    // Memory-only storage: the host keeps it too.
    expect(host.storage.get(ACTIVE_NETWORK_KEY)).toBe(DEVNET_2)
  })

  it("answers 'Unsupported chain' for a family the widget does not serve and 'Network not found' for an unknown one", async () => {
    const { methods } = await boot()
    await expect(Promise.resolve(methods.switchNetwork({ caipNetworkId: 'cosmos:cosmoshub-4' }))).rejects.toMatchObject({
      code: 4901,
      message: 'Unsupported chain',
    })
    await expect(Promise.resolve(methods.switchNetwork({ caipNetworkId: 'eip155:987654' }))).rejects.toThrow('Network not found')
  })

  it('after disconnecting, the network chosen while connected stays active', async () => {
    const { ctx, methods, host } = await boot()
    await connect(ctx, devnetWallet.id)
    await methods.switchNetwork({ caipNetworkId: DEVNET_2 })
    await methods.disconnect(undefined)
    expect(host.lastState()).toMatchObject({ status: 'disconnected', caipNetworkId: DEVNET_2 })
  })
})

describe('the stored network', () => {
  it('is restored on the next load while the dapp still requests it', async () => {
    const local = new Map<string, string>()
    const backing = {
      getItem: (k: string) => local.get(k) ?? null,
      setItem: (k: string, v: string) => void local.set(k, v),
      removeItem: (k: string) => void local.delete(k),
    } as Storage
    const first = await boot({ storage: createSafeStorage(() => backing) })
    await first.methods.switchNetwork({ caipNetworkId: DEVNET_2 })

    const second = await boot({ storage: createSafeStorage(() => backing) })
    expect(second.host.lastState()?.caipNetworkId).toBe(DEVNET_2)
    // Not requested any more: the default network.
    await second.methods.setOptions({ projectId: 'demo', networks: ['eip155:1'] })
    expect(second.host.lastState()?.caipNetworkId).toBe('eip155:1')
  })

  it("comes from the host's storage when the widget's own is memory-only", async () => {
    const host = createFakeHost()
    host.storage.set(ACTIVE_NETWORK_KEY, DEVNET_2)
    const { ctx } = await boot({ host })
    await flush()
    expect(host.lastState()?.caipNetworkId).toBe(DEVNET_2)
    expect(ctx.storage.get(ACTIVE_NETWORK_KEY)).toBe(DEVNET_2)
  })
})

describe('addNetwork and removeNetwork', () => {
  it('adds a catalog network, and refuses an unknown one', async () => {
    const { methods, ctx } = await boot()
    await methods.addNetwork({ caipNetworkId: 'eip155:8453' })
    await methods.addNetwork({ caipNetworkId: DEVNET })
    expect(ctx.store.get(currentRouteAtom).name).toBe('Connect')
    await expect(Promise.resolve(methods.addNetwork({ caipNetworkId: 'eip155:987654' }))).rejects.toThrow('Network not found')
    await methods.removeNetwork({ caipNetworkId: DEVNET_2 })
    await expect(Promise.resolve(methods.removeNetwork({ caipNetworkId: DEVNET_2 }))).rejects.toThrow('Network not found')
    await methods.removeNetwork({ caipNetworkId: DEVNET })
    await expect(Promise.resolve(methods.removeNetwork({ caipNetworkId: 'eip155:8453' }))).rejects.toThrow(
      'Cannot remove eip155:8453: it is the last eip155 network',
    )
  })

  it("removing the connected wallet's network switches the wallet to the chain's first network", async () => {
    const { ctx, methods, host } = await boot()
    await connect(ctx, devnetWallet.id)
    await methods.switchNetwork({ caipNetworkId: DEVNET_2 })
    host.events.length = 0
    await methods.removeNetwork({ caipNetworkId: DEVNET_2 })
    expect(host.walletCalls().at(-1)).toMatchObject({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    expect(host.providerEvents()).toEqual([{ event: 'chainChanged', data: '0x7a69' }])
    expect(host.lastState()?.caipNetworkId).toBe(DEVNET)
  })

  it('removing the active network without a wallet makes the first remaining one active', async () => {
    const { methods, host } = await boot()
    await methods.setOptions({ projectId: 'demo', networks: ['eip155:1', DEVNET, DEVNET_2], defaultNetwork: DEVNET_2 })
    expect(host.lastState()?.caipNetworkId).toBe(DEVNET_2)
    await methods.removeNetwork({ caipNetworkId: DEVNET_2 })
    expect(host.lastState()?.caipNetworkId).toBe('eip155:1')
  })
})

describe('UnsupportedChain', () => {
  it('opens when the connected wallet moves to a network the dapp did not request, and leaves when it is back', async () => {
    const { ctx, host } = await boot()
    await connect(ctx, devnetWallet.id)
    expect(ctx.store.get(openAtom)).toBe(false)
    updateConnection(ctx, 'eip155', { caipNetworkId: 'eip155:4242' })
    await flush()
    expect(host.lastState()).toMatchObject({ open: true, view: 'UnsupportedChain', caipNetworkId: 'eip155:4242' })
    expect(host.api.setVisible).toHaveBeenLastCalledWith({ visible: true })
    updateConnection(ctx, 'eip155', { caipNetworkId: 'eip155:31338' })
    await flush()
    expect(host.lastState()).toMatchObject({ open: true, view: 'Account' })
  })

  it('opens after a connection to a wallet on an unrequested network (the connect flow closes the modal first)', async () => {
    const wallet: WalletHandler = (method, params, id) => (method === 'eth_chainId' ? '0x1' : approvingWallet(method, params, id))
    const { ctx, host } = await boot({ wallet })
    await connect(ctx, devnetWallet.id)
    await flush()
    expect(host.lastState()).toMatchObject({ status: 'connected', open: true, view: 'UnsupportedChain' })
  })

  for (const option of ['allowUnsupportedChain', 'basic'] as const) {
    it(`is skipped with ${option}`, async () => {
      const { ctx, methods, host } = await boot()
      await methods.setOptions({ projectId: 'demo', networks: [DEVNET, DEVNET_2], [option]: true })
      await connect(ctx, devnetWallet.id)
      updateConnection(ctx, 'eip155', { caipNetworkId: 'eip155:4242' })
      await flush()
      expect(host.lastState()).toMatchObject({ open: false, view: 'Connect', caipNetworkId: 'eip155:4242' })
    })
  }

  it('is not shown when the dapp requested no network on that chain', async () => {
    const { ctx, methods, host } = await boot()
    await methods.setOptions({ projectId: 'demo' })
    await connect(ctx, devnetWallet.id)
    updateConnection(ctx, 'eip155', { caipNetworkId: 'eip155:4242' })
    await flush()
    expect(host.lastState()?.open).toBe(false)
  })

  it('open() while unsupported shows it instead of Account', async () => {
    const { ctx, methods, host } = await boot()
    await connect(ctx, devnetWallet.id)
    updateConnection(ctx, 'eip155', { caipNetworkId: 'eip155:4242' })
    await flush()
    await methods.close(undefined)
    await methods.open(undefined)
    expect(host.lastState()).toMatchObject({ open: true, view: 'UnsupportedChain' })
  })
})
