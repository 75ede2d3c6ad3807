// @vitest-environment happy-dom
import type { AirlockState, ConnectorDescription } from '@airlock/protocol'
import { afterEach, describe, expect, it } from 'vitest'
import { createAirlock } from './index'
import { widgetPeer, widgetState, WIDGET_URL } from './testing/widget-peer'
import { ADDRESS, registerInPage, solanaWallet } from './testing/wallets'

const state = (patch: Partial<AirlockState>): AirlockState => widgetState({ activeNamespace: 'solana', ...patch })

describe('createAirlock with Solana', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

  function start(answer?: Parameters<typeof widgetPeer>[0], wallets?: Parameters<typeof createAirlock>[0]['wallets']) {
    const peer = widgetPeer(answer)
    const airlock = createAirlock({ projectId: 'demo', widgetUrl: WIDGET_URL, ...(wallets && { wallets }) })
    cleanups.push(() => airlock.destroy(), peer.close)
    return { peer, airlock }
  }

  it("sends getProvider('solana') requests to the widget under namespace solana, and its solana events to the listeners", async () => {
    const { peer, airlock } = start(({ method }) => (method === 'request' ? [{ pubkey: ADDRESS }] : undefined))
    const solana = airlock.getProvider('solana')
    expect(solana.isAirlock).toBe(true)
    expect(solana).not.toBe(airlock.getProvider('eip155'))
    expect(await solana.request({ method: 'solana_requestAccounts' })).toEqual([{ pubkey: ADDRESS }])
    expect(peer.calls.find((c) => c.method === 'request')?.params).toEqual({ namespace: 'solana', method: 'solana_requestAccounts' })
    await expect(solana.request({ method: 'solana_signMessage', params: { message: () => 1 } })).rejects.toMatchObject({ code: -32602 })

    const seen: unknown[] = []
    const evmSeen: unknown[] = []
    solana.on('accountsChanged', (accounts) => seen.push(accounts))
    airlock.getProvider('eip155').on('accountsChanged', (accounts) => evmSeen.push(accounts))
    const host = await peer.host
    await host.emit({ type: 'provider', event: { namespace: 'solana', event: 'accountsChanged', data: [ADDRESS] } })
    await host.emit({ type: 'provider', event: { namespace: 'eip155', event: 'accountsChanged', data: ['0xabc'] } })
    expect(seen).toEqual([[ADDRESS]])
    expect(evmSeen).toEqual([['0xabc']])

    await airlock.disconnect({ namespace: 'solana' })
    expect(peer.calls.find((c) => c.method === 'disconnect')?.params).toEqual({ namespace: 'solana' })
  })

  it('lists the dapp’s wallets as EXTERNAL and page wallets as ANNOUNCED, relays calls and events, and keeps `wallets` from the widget', async () => {
    const external = solanaWallet('Dapp Solana')
    const evm = { request: async ({ method }: { method: string }) => (method === 'eth_chainId' ? '0x1' : null) }
    const page = solanaWallet('Phantom')
    cleanups.push(registerInPage(page.wallet))
    const { peer } = start(undefined, [{ wallet: external.wallet }, { name: 'Dapp EVM', icon: page.wallet.icon, provider: evm }])
    const host = await peer.host

    const listed = (await host.listConnectors()) as ConnectorDescription[]
    expect(listed.map((c) => [c.id, c.type, c.namespace])).toEqual([
      ['ws:solana:Dapp_Solana', 'EXTERNAL', 'solana'],
      ['ext:Dapp_EVM', 'EXTERNAL', 'eip155'],
      ['ws:solana:Phantom', 'ANNOUNCED', 'solana'],
    ])
    expect(await host.connectorRequest({ connectorId: 'ext:Dapp_EVM', method: 'eth_chainId' })).toBe('0x1')
    const message = new Uint8Array([1, 2, 3])
    const signed = (await host.connectorRequest({
      connectorId: 'ws:solana:Dapp_Solana',
      method: 'solana:signMessage',
      params: { account: ADDRESS, message },
    })) as { signature: Uint8Array }
    expect(signed.signature).toBeInstanceOf(Uint8Array)
    expect(external.features['solana:signMessage'].signMessage).toHaveBeenCalledWith({ account: external.account, message })
    await expect(host.connectorRequest({ connectorId: 'ws:solana:Phantom', method: 'constructor', params: {} })).rejects.toMatchObject({
      code: 4200,
    })
    await expect(host.connectorRequest({ connectorId: 'ws:solana:Nope', method: 'standard:connect' })).rejects.toMatchObject({ code: 4900 })

    page.change([])
    await expect
      .poll(() => peer.calls.filter((c) => c.method === 'connectorEvent').map((c) => c.params))
      .toEqual([{ connectorId: 'ws:solana:Phantom', event: 'accountsChanged', data: [] }])
    const options = peer.calls.find((c) => c.method === 'setOptions')?.params
    expect(options).toMatchObject({ projectId: 'demo' })
    expect(options).not.toHaveProperty('wallets')
  })

  it('refuses an unusable wallets entry at once', () => {
    expect(() => createAirlock({ projectId: 'demo', widgetUrl: WIDGET_URL, wallets: [{ name: 'x', provider: {} as never }] })).toThrow(
      'wallets[0]: expected { name, provider } (EIP-1193) or { wallet } (Wallet Standard, Solana or Bitcoin), each once',
    )
    expect(document.querySelector('iframe[data-airlock]')).toBeNull()
  })

  it('keeps the state of every namespace', async () => {
    const { peer, airlock } = start()
    const host = await peer.host
    const connections = [
      { namespace: 'solana' as const, caipAddress: `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${ADDRESS}`, connectorId: 'ws:solana:Phantom' },
    ]
    await host.emit({ type: 'state', state: state({ address: ADDRESS, chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', connections }) })
    expect(airlock.getState()).toMatchObject({ address: ADDRESS, connections })
  })
})
