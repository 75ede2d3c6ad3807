// @vitest-environment happy-dom
import type { SiwxDappSession } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAirlock } from './index'
import { widgetPeer, widgetState, WIDGET_URL } from './testing/widget-peer'

const session = (token: string): SiwxDappSession => ({
  id: `id-${token}`,
  data: {
    domain: 'dapp.localhost',
    accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    uri: 'http://dapp.localhost',
    version: '1',
    chainId: 'eip155:31337',
    nonce: 'a1b2c3d4e5f6a7b8',
    issuedAt: '2026-11-28T12:00:00.000Z',
  },
  message: 'dapp.localhost wants you to sign in with your Ethereum account:',
  signature: '0x12',
  expiresAt: '2026-12-05T12:00:00.000Z',
  token,
})

const state = widgetState

describe('sign-in (SIWX) in the SDK', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

  it('getSession and subscribeSession follow the session the widget reports, once per change; signOut asks the widget', async () => {
    const peer = widgetPeer()
    const airlock = createAirlock({ projectId: 'demo', widgetUrl: WIDGET_URL, siwx: true })
    cleanups.push(() => airlock.destroy(), peer.close)
    const seen: (string | undefined)[] = []
    airlock.subscribeSession((current) => seen.push(current?.token))
    const host = await peer.host
    await host.emit({ type: 'state', state: state({}) })
    await host.emit({ type: 'state', state: state({ session: session('one') }) })
    await host.emit({ type: 'state', state: state({ session: session('one'), open: true }) })
    expect(airlock.getSession()?.token).toBe('one')
    await host.emit({ type: 'state', state: state({ session: session('two') }) })
    await host.emit({ type: 'state', state: state({}) })
    expect(seen).toEqual(['one', 'two', undefined])
    expect(airlock.getSession()).toBeUndefined()
    await airlock.signOut()
    expect(peer.calls.some((call) => call.method === 'signOut')).toBe(true)
    expect(peer.calls.find((call) => call.method === 'setOptions')?.params).toMatchObject({ siwx: true })
  })

  it('a siwxConfig keeps its functions in the page: the widget gets its settings, and calls them through the host', async () => {
    const peer = widgetPeer()
    const getNonce = vi.fn(async () => 'dappnonce1234')
    const verify = vi.fn(async () => true)
    const airlock = createAirlock({ projectId: 'demo', widgetUrl: WIDGET_URL, siwxConfig: { required: true, getNonce, verify } })
    cleanups.push(() => airlock.destroy(), peer.close)
    const host = await peer.host
    await vi.waitFor(() => expect(peer.calls.find((call) => call.method === 'setOptions')).toBeDefined())
    expect(peer.calls.find((call) => call.method === 'setOptions')?.params).toEqual({ projectId: 'demo', siwxConfig: { required: true } })
    expect(await host.siwx({ call: 'getNonce', params: { caipAddress: 'eip155:1:0xabc' } })).toBe('dappnonce1234')
    expect(getNonce).toHaveBeenCalledWith({ caipAddress: 'eip155:1:0xabc' })
    expect(await host.siwx({ call: 'verify', params: { message: 'm', signature: '0x12' } })).toBe(true)
    expect(verify).toHaveBeenCalledWith({ message: 'm', signature: '0x12' })
  })
})
