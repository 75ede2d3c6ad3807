// @vitest-environment happy-dom
import { ProviderRpcError, type ConnectorDescription, type HostEvent, type WidgetMethods } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { connect } from '../connectors/connect'
import { closeModal } from '../core/modal/modal'
import { RECENT_CONNECTOR_KEY } from '../core/session/recentConnector'
import { createMemoryStorage } from '../core/storage/safeStorage'
import { bytesToBase58 } from '../chains/solana/bytes'
import {
  approvingWallet,
  createFakeHost,
  deferred,
  devnetWallet,
  flush,
  TEST_ADDRESS,
  type FakeHost,
  type WalletHandler,
} from '../testing/fakeHost'
import { bootWidget } from '../testing/bootWidget'

/**
 * Issue 22: what the dapp sees during a connection, from the messages the host receives in order.
 * A connect goes disconnected -> connecting -> connected and never back; an event follows the state
 * it announces; a wallet request sent while a connection is on its way waits for it.
 */

const ask = (methods: WidgetMethods, namespace: 'eip155' | 'solana', method: string, params?: unknown) =>
  Promise.resolve(methods.request({ namespace, method, ...(params === undefined ? {} : { params }) }))

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: ProviderRpcError) => ({ code: error.code }),
  )

/** The statuses the host was sent, each once in a row. */
const statuses = (host: FakeHost) => host.states().flatMap((s, i, all) => (i > 0 && all[i - 1]!.status === s.status ? [] : [s.status]))

/** A wallet whose connect prompt waits for the test's answer. */
function promptingWallet(prompt: Promise<unknown>, answer: WalletHandler = approvingWallet): WalletHandler {
  return (method, params, id) => (method === 'eth_requestAccounts' ? prompt : answer(method, params, id))
}

describe('a connection as the dapp sees it', () => {
  it('goes disconnected -> connecting -> connected, never back through disconnected, and each event follows its state', async () => {
    const prompt = deferred<unknown>()
    const host = createFakeHost({ wallet: promptingWallet(prompt.promise) })
    const { ctx } = await bootWidget(host)
    const done = connect(ctx, devnetWallet.id)
    await flush()
    prompt.resolve([TEST_ADDRESS])
    await done
    expect(statuses(host)).toEqual(['disconnected', 'connecting', 'connected'])
    // The connect event is sent after the first state that says connected, in the host's order.
    const kinds = host.events.map((event: HostEvent) =>
      event.type === 'state' ? `state:${event.state.status}` : event.type === 'provider' ? `event:${event.event.event}` : 'track',
    )
    const firstConnected = kinds.indexOf('state:connected')
    expect(firstConnected).toBeGreaterThan(-1)
    expect(kinds.indexOf('event:connect')).toBeGreaterThan(firstConnected)
    expect(kinds.indexOf('event:accountsChanged')).toBeGreaterThan(kinds.indexOf('event:connect'))
  })

  it('a wallet request sent while connecting waits, then goes to the wallet on the new account', async () => {
    const prompt = deferred<unknown>()
    const host = createFakeHost({
      wallet: promptingWallet(prompt.promise, (method, params, id) =>
        method === 'personal_sign' ? '0xsigned' : approvingWallet(method, params, id),
      ),
    })
    const { ctx, methods } = await bootWidget(host)
    const done = connect(ctx, devnetWallet.id)
    await flush()
    const signing = outcome(ask(methods, 'eip155', 'personal_sign', ['0x68', TEST_ADDRESS]))
    expect(await ask(methods, 'eip155', 'eth_accounts')).toEqual([])
    await flush()
    expect(host.walletCalls().map((call) => call.method)).not.toContain('personal_sign')
    prompt.resolve([TEST_ADDRESS])
    await done
    expect(await signing).toEqual({ value: '0xsigned' })
    expect(host.walletCalls().find((call) => call.method === 'personal_sign')).toEqual({
      connectorId: devnetWallet.id,
      method: 'personal_sign',
      params: ['0x68', TEST_ADDRESS],
    })
  })

  it('a request waiting on a connect fails 4001 when the user declines in the wallet or leaves, 4100 when the wallet fails', async () => {
    const declined = deferred<unknown>()
    const first = await bootWidget(createFakeHost({ wallet: promptingWallet(declined.promise) }))
    void connect(first.ctx, devnetWallet.id)
    await flush()
    const onDecline = outcome(ask(first.methods, 'eip155', 'personal_sign', ['0x68', TEST_ADDRESS]))
    declined.reject(new ProviderRpcError(4001))
    expect(await onDecline).toEqual({ code: 4001 })

    const second = await bootWidget(createFakeHost({ wallet: promptingWallet(new Promise(() => {})) }))
    void connect(second.ctx, devnetWallet.id)
    await flush()
    const onClose = outcome(ask(second.methods, 'eip155', 'eth_sendTransaction', [{ to: TEST_ADDRESS }]))
    closeModal(second.ctx)
    expect(await onClose).toEqual({ code: 4001 })

    const crashed = deferred<unknown>()
    const third = await bootWidget(createFakeHost({ wallet: promptingWallet(crashed.promise) }))
    void connect(third.ctx, devnetWallet.id)
    await flush()
    const onCrash = outcome(ask(third.methods, 'eip155', 'personal_sign', ['0x68', TEST_ADDRESS]))
    crashed.reject(new Error('Devnet wallet crashed'))
    expect(await onCrash).toEqual({ code: 4100 })
  })

  it('a wallet request with nothing connected and nothing on its way: 4100 at once, no wallet asked', async () => {
    const host = createFakeHost()
    const { methods } = await bootWidget(host)
    expect(await outcome(ask(methods, 'eip155', 'personal_sign', ['0x68', TEST_ADDRESS]))).toEqual({ code: 4100 })
    expect(host.walletCalls()).toEqual([])
  })

  it('on reload, a request sent during the silent reconnect waits for it, then goes to the restored wallet', async () => {
    const accounts = deferred<unknown>()
    const host = createFakeHost({
      wallet: (method, params, id) =>
        method === 'eth_accounts' ? accounts.promise : method === 'personal_sign' ? '0xsigned' : approvingWallet(method, params, id),
    })
    const storage = createMemoryStorage()
    storage.set(RECENT_CONNECTOR_KEY, devnetWallet.id)
    const { methods } = await bootWidget(host, storage)
    expect(host.lastState()?.status).toBe('reconnecting')
    const signing = outcome(ask(methods, 'eip155', 'personal_sign', ['0x68', TEST_ADDRESS]))
    accounts.resolve([TEST_ADDRESS])
    expect(await signing).toEqual({ value: '0xsigned' })
    expect(statuses(host)).toEqual(['disconnected', 'reconnecting', 'connected'])
  })

  it('a connected namespace keeps its account in the state while another family connects', async () => {
    const prompt = deferred<unknown>()
    const solanaWallet: ConnectorDescription = { id: 'app.phantom', type: 'ANNOUNCED', namespace: 'solana', name: 'Phantom' }
    const host = createFakeHost({
      connectors: [devnetWallet, solanaWallet],
      wallet: (method, params, id) => (method === 'standard:connect' ? prompt.promise : approvingWallet(method, params, id)),
    })
    const { ctx, methods } = await bootWidget(host)
    await methods.setOptions({ projectId: 'demo', networks: ['eip155:31337', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'] })
    await connect(ctx, devnetWallet.id)
    const before = host.states().length
    void connect(ctx, solanaWallet.id)
    await flush()
    prompt.resolve({ accounts: [] })
    await flush()
    for (const state of host.states().slice(before)) expect(state).toMatchObject({ status: 'connected', address: TEST_ADDRESS })
  })
})

describe('the Solana provider during a connection', () => {
  const key = new Uint8Array(32).fill(7)
  const pubkey = bytesToBase58(key)
  const solanaWallet: ConnectorDescription = { id: 'app.phantom', type: 'ANNOUNCED', namespace: 'solana', name: 'Phantom' }

  it('solana_getAccounts shows the account only once connected; solana_signMessage sent while connecting waits and is signed', async () => {
    const prompt = deferred<unknown>()
    const host = createFakeHost({
      connectors: [solanaWallet],
      wallet: (method) => {
        if (method === 'standard:connect') return prompt.promise
        if (method === 'solana:signMessage') return { signedMessage: new Uint8Array([1]), signature: new Uint8Array(64).fill(9) }
        return null
      },
    })
    const { ctx, methods } = await bootWidget(host)
    await methods.setOptions({ projectId: 'demo', networks: ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'] })
    const done = connect(ctx, solanaWallet.id)
    await flush()
    const signing = outcome(ask(methods, 'solana', 'solana_signMessage', { message: '2', pubkey }))
    expect(await ask(methods, 'solana', 'solana_getAccounts')).toEqual([])
    prompt.resolve({ accounts: [{ address: pubkey, publicKey: key, chains: ['solana:localnet'], features: [] }] })
    await done
    expect(await ask(methods, 'solana', 'solana_getAccounts')).toEqual([{ pubkey }])
    expect(await signing).toEqual({ value: { signature: bytesToBase58(new Uint8Array(64).fill(9)) } })
    expect(statuses(host)).toEqual(['disconnected', 'connecting', 'connected'])
    const solanaEvents = host.events.flatMap((event) =>
      event.type === 'provider' && event.event.namespace === 'solana' ? [event.event.event] : [],
    )
    expect(solanaEvents).toEqual(['connect', 'accountsChanged'])
  })
})
