// @vitest-environment happy-dom
import { DEVNET_TRANSFER_PAYLOAD } from '@airlock/devnet/wallet/polkadot-payload'
import { polkadotDevnetAccounts } from '@airlock/devnet/polkadot/accounts'
import { ProviderRpcError, RpcErrorCode, type AirlockState } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SDK_VERSION, startAirlock } from './airlock'
import type { AirlockInjected } from './airlock-polkadot-extension'
import { discoverConnectors } from './discovery'
import { importExtra } from './load-extra'
import { widgetPeer, widgetState, WIDGET_URL } from './testing/widget-peer'

const [first, second] = polkadotDevnetAccounts
const ME = first!.address
const OTHER = second!.address
const DEVNET = 'polkadot:45454545454545454545454545454545'
const SIGNATURE = `0x${'ab'.repeat(64)}`

type Entry = { version: string; enable(originName: string): Promise<AirlockInjected> }
const injectedWeb3 = () => (window as { injectedWeb3?: Record<string, unknown> }).injectedWeb3
const entry = () => injectedWeb3()?.airlock as Entry
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The widget's state with a Polkadot connection of `address` through `connectorId`. */
const connected = (address: string, connectorId = 'pjs:polkadot-js'): AirlockState =>
  widgetState({ connections: [{ namespace: 'polkadot', caipAddress: `${DEVNET}:${address}`, connectorId }] })

const cleanups: (() => void)[] = []
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup())
  delete (window as { injectedWeb3?: unknown }).injectedWeb3
})

function start(answer: Parameters<typeof widgetPeer>[0] = () => undefined) {
  const peer = widgetPeer(answer)
  const loadExtra = vi.fn(importExtra)
  const airlock = startAirlock({ projectId: 'demo', widgetUrl: WIDGET_URL }, loadExtra)
  cleanups.push(() => airlock.destroy(), peer.close)
  const requests = () => peer.calls.filter((c) => c.method === 'request').map((c) => c.params)
  return { peer, airlock, loadExtra, requests }
}

/** A widget whose Polkadot provider answers `answers[method]` (a function of the params, or a value). */
const polkadotWidget =
  (answers: Record<string, unknown>): Parameters<typeof widgetPeer>[0] =>
  ({ method, params }) => {
    if (method !== 'request') return undefined
    const { method: rpc, params: rpcParams } = params as { method: string; params?: unknown }
    const answer = answers[rpc]
    return typeof answer === 'function' ? (answer as (p: unknown) => unknown)(rpcParams) : answer
  }

describe("Airlock's entry of window.injectedWeb3", () => {
  it('is { version, enable } under "airlock" from the start, beside the other keys, and loads nothing until enable', async () => {
    const polkadotJs = { version: '0.63.1', enable: async () => ({}) }
    ;(window as { injectedWeb3?: unknown }).injectedWeb3 = { 'polkadot-js': polkadotJs }
    const { loadExtra, airlock } = start()
    expect(Object.keys(injectedWeb3()!)).toEqual(['polkadot-js', 'airlock'])
    expect(injectedWeb3()!['polkadot-js']).toBe(polkadotJs)
    expect(entry()).toEqual({ version: SDK_VERSION, enable: expect.any(Function) })
    airlock.destroy()
    expect(Object.keys(injectedWeb3()!)).toEqual(['polkadot-js'])
    expect(loadExtra).not.toHaveBeenCalled()
  })

  it('creates window.injectedWeb3 when absent; a page with only Airlock in it loads no extra part, even after load', async () => {
    const { loadExtra } = start()
    expect(Object.keys(injectedWeb3()!)).toEqual(['airlock'])
    await tick()
    window.dispatchEvent(new Event('load'))
    await tick()
    expect(loadExtra).not.toHaveBeenCalled()
  })

  it("keeps an airlock entry that is someone else's (or an earlier instance's), and removes only its own", () => {
    const theirs = { version: '9', enable: async () => ({}) }
    ;(window as { injectedWeb3?: unknown }).injectedWeb3 = { airlock: theirs }
    const { airlock } = start()
    expect(entry()).toBe(theirs)
    airlock.destroy()
    expect(entry()).toBe(theirs)

    delete injectedWeb3()!.airlock
    const firstInstance = start()
    const own = entry()
    start()
    expect(entry()).toBe(own)
    firstInstance.airlock.destroy()
    expect(injectedWeb3()).toEqual({})
  })

  it('is never listed by Airlock’s own discovery, which lists the page’s extensions beside it', async () => {
    start()
    const polkadotJs = { version: '0.63.1', enable: async () => ({}) }
    injectedWeb3()!['polkadot-js'] = polkadotJs
    const discovery = discoverConnectors({ loadExtra: importExtra, onChange: () => {}, onEvent: () => {} })
    cleanups.push(discovery.destroy)
    await vi.waitFor(() => expect(discovery.list().map((c) => c.id)).toEqual(['pjs:polkadot-js']))
    window.dispatchEvent(new Event('load'))
    await tick()
    expect(discovery.list().map((c) => c.id)).toEqual(['pjs:polkadot-js'])
  })
})

describe("Airlock's Polkadot extension (enable's Injected)", () => {
  it('enable connects with polkadot_requestAccounts (the modal opens when there is no Polkadot connection); accounts.get answers the connection’s, named "Airlock"', async () => {
    const { requests, loadExtra } = start(
      polkadotWidget({ polkadot_requestAccounts: [{ address: ME }], polkadot_accounts: [{ address: ME }] }),
    )
    const injected = await entry().enable('Some dapp')
    expect(loadExtra).toHaveBeenCalledTimes(1)
    expect(Object.keys(injected)).toEqual(['accounts', 'signer'])
    expect(await injected.accounts.get()).toEqual([{ address: ME, name: 'Airlock' }])
    expect(requests()).toEqual([
      { namespace: 'polkadot', method: 'polkadot_requestAccounts' },
      { namespace: 'polkadot', method: 'polkadot_accounts' },
    ])
  })

  it("gives the embedded wallet's accounts their key type (ed25519)", async () => {
    const { peer } = start(polkadotWidget({ polkadot_requestAccounts: [{ address: ME }], polkadot_accounts: [{ address: ME }] }))
    await (await peer.host).emit({ type: 'state', state: connected(ME, 'ID_AUTH') })
    const injected = await entry().enable('Some dapp')
    expect(await injected.accounts.get()).toEqual([{ address: ME, name: 'Airlock', type: 'ed25519' }])
  })

  it("accounts.subscribe follows the widget's Polkadot connection (at once, then on each change) until its unsubscribe", async () => {
    const { peer } = start(polkadotWidget({ polkadot_requestAccounts: [{ address: ME }] }))
    const host = await peer.host
    await host.emit({ type: 'state', state: connected(ME) })
    const injected = await entry().enable('Some dapp')
    const seen: unknown[] = []
    const unsubscribe = injected.accounts.subscribe((accounts) => seen.push(accounts))
    await host.emit({ type: 'state', state: connected(ME) })
    await host.emit({ type: 'state', state: connected(OTHER) })
    await host.emit({ type: 'state', state: widgetState({ connections: [] }) })
    unsubscribe()
    await host.emit({ type: 'state', state: connected(ME) })
    expect(seen).toEqual([[{ address: ME, name: 'Airlock' }], [{ address: OTHER, name: 'Airlock' }], []])
  })

  it('signPayload is polkadot_signTransaction of the payload, signRaw polkadot_signMessage of its bytes; each answers { id, signature }', async () => {
    const { requests } = start(
      polkadotWidget({
        polkadot_requestAccounts: [{ address: ME }],
        polkadot_signTransaction: { signature: `0x00${'cd'.repeat(64)}` },
        polkadot_signMessage: { signature: SIGNATURE },
      }),
    )
    const { signer } = await entry().enable('Some dapp')
    expect(await signer.signPayload(DEVNET_TRANSFER_PAYLOAD)).toEqual({ id: 1, signature: `0x00${'cd'.repeat(64)}` })
    expect(await signer.signRaw({ address: ME, data: '0x48656c6c6f', type: 'bytes' })).toEqual({ id: 2, signature: SIGNATURE })
    expect(requests().slice(1)).toEqual([
      {
        namespace: 'polkadot',
        method: 'polkadot_signTransaction',
        params: { address: ME, transactionPayload: DEVNET_TRANSFER_PAYLOAD },
      },
      { namespace: 'polkadot', method: 'polkadot_signMessage', params: { address: ME, message: '0x48656c6c6f' } },
    ])
  })

  it("refuses, before the widget is asked, a raw payload (type 'payload'), params the protocol refuses, and a page's getters", async () => {
    const { requests } = start(polkadotWidget({ polkadot_requestAccounts: [{ address: ME }] }))
    const { signer } = await entry().enable('Some dapp')
    await expect(signer.signRaw({ address: ME, data: '0x00', type: 'payload' })).rejects.toMatchObject({
      code: RpcErrorCode.UnsupportedMethod,
      message: "Airlock signs raw data of type 'bytes' only (wrapped in <Bytes>): sign a transaction with signPayload",
    })
    await expect(signer.signRaw({ address: ME, data: 'hello', type: 'bytes' })).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
      message: 'Invalid params for signer.signRaw',
    })
    await expect(signer.signPayload({ ...DEVNET_TRANSFER_PAYLOAD, version: 5 })).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
      message: 'Invalid params for signer.signPayload',
    })
    // A getter that answers 'payload' once, then 'bytes': it is read once, into the copy that is checked and sent.
    let reads = 0
    const shifty = Object.defineProperty({ address: ME, data: '0x00' }, 'type', {
      enumerable: true,
      get: () => (reads++ ? 'bytes' : 'payload'),
    })
    await expect(signer.signRaw(shifty)).rejects.toMatchObject({ code: RpcErrorCode.UnsupportedMethod })
    expect(reads).toBe(1)
    await expect(signer.signRaw({ address: ME, data: '0x00', type: 'bytes', cb: () => 1 })).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
    })
    expect(requests().map((r) => (r as { method: string }).method)).toEqual(['polkadot_requestAccounts'])
  })

  it("gives a user's no as polkadot-js does, an Error('Cancelled'), with code 4001; other errors as the widget said them", async () => {
    const no = () => {
      throw new ProviderRpcError(RpcErrorCode.UserRejected)
    }
    let connectAnswer: () => unknown = no
    start(
      polkadotWidget({
        polkadot_requestAccounts: () => connectAnswer(),
        polkadot_signMessage: no,
        polkadot_signTransaction: () => {
          throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The address is not the connected Polkadot account')
        },
      }),
    )
    const refused = await entry()
      .enable('Some dapp')
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Error)
    expect(refused).toMatchObject({ message: 'Cancelled', code: 4001 })

    connectAnswer = () => [{ address: ME }]
    const { signer } = await entry().enable('Some dapp')
    const cancelled = await signer.signRaw({ address: ME, data: '0x00', type: 'bytes' }).catch((error: unknown) => error)
    expect(cancelled).toBeInstanceOf(Error)
    expect(cancelled).toMatchObject({ message: 'Cancelled', code: 4001 })
    await expect(signer.signPayload(DEVNET_TRANSFER_PAYLOAD)).rejects.toMatchObject({
      code: RpcErrorCode.Unauthorized,
      message: 'The address is not the connected Polkadot account',
    })
  })
})
