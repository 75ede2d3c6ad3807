// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RECENT_CONNECTOR_KEY } from '../core/session/recentConnector'
import { onHostConnected } from '../host/connection'
import { CACHED_LOGIN_KEYS, CONNECTED_SOCIAL_KEY, PRIVATE_KEYS } from '../core/storage/persisted'
import { toastAtom } from '../core/toast'
import { createMemoryStorage } from '../core/storage/safeStorage'
import { createFakeHost, createTestContext, devnetWallet, flush } from '../testing/fakeHost'
import { addConnection } from '../testing/session'
import { connect } from './connect'
import type * as Registry from './registry'
import { clearCachedLoginData, disconnect, disconnectChains } from './disconnect'
import { connectionAtom } from '../core/session/active'

/** Every connector as registered, but its disconnect is the test's (a relay that fails, a slow wallet). */
const connector = vi.hoisted(() => ({ disconnect: vi.fn<(namespaces: readonly string[]) => Promise<void>>() }))
vi.mock('./registry', async (importOriginal) => {
  const { connectorFor } = await importOriginal<typeof Registry>()
  return {
    connectorFor: (...args: Parameters<typeof connectorFor>) => ({
      ...connectorFor(...args),
      disconnect: (_ctx: unknown, namespaces: readonly string[]) => connector.disconnect(namespaces),
    }),
  }
})

beforeEach(() => {
  connector.disconnect.mockReset()
  connector.disconnect.mockResolvedValue(undefined)
})
afterEach(() => vi.restoreAllMocks())

async function connected() {
  const host = createFakeHost()
  const ctx = createTestContext(host, { storage: createMemoryStorage() })
  onHostConnected(ctx, host.api)
  await flush()
  await connect(ctx, devnetWallet.id)
  for (const key of [...CACHED_LOGIN_KEYS, CONNECTED_SOCIAL_KEY]) {
    ctx.storage.set(key, 'x')
    // The private ones (email, social name) never reach the dapp page's storage.
    if (!PRIVATE_KEYS.has(key)) host.storage.set(key, 'x')
  }
  host.events.length = 0
  return { ctx, host }
}

const trackedWith = (host: ReturnType<typeof createFakeHost>) =>
  host.events.flatMap((e) => (e.type === 'event' ? [{ event: e.event.data.event, properties: e.event.data.properties }] : []))

describe('disconnect', () => {
  it('disconnects the chain through its connector, then clears the account, the stored ids and the cached login data', async () => {
    const { ctx, host } = await connected()
    connector.disconnect.mockImplementation(async () => {
      // The chain's account is cleared after its connector ran.
      expect(ctx.store.get(connectionAtom).status).toBe('connected')
    })
    await disconnect(ctx)
    expect(connector.disconnect).toHaveBeenCalledExactlyOnceWith(['eip155'])
    expect(ctx.store.get(connectionAtom)).toEqual({ status: 'disconnected' })
    expect(host.lastState()).toMatchObject({ status: 'disconnected' })
    expect(host.lastState()?.connectorId).toBeUndefined()
    for (const key of [RECENT_CONNECTOR_KEY, CONNECTED_SOCIAL_KEY, ...CACHED_LOGIN_KEYS]) {
      expect(ctx.storage.get(key), key).toBeUndefined()
      expect(host.storage.has(key), key).toBe(false)
    }
    expect(trackedWith(host)).toEqual([{ event: 'DISCONNECT_SUCCESS', properties: undefined }])
  })

  it("a failing chain: logged, reported as DISCONNECT_ERROR, 'Failed to disconnect' thrown, and still disconnected", async () => {
    const { ctx, host } = await connected()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    connector.disconnect.mockRejectedValue(new Error('relay unreachable'))
    await expect(disconnect(ctx)).rejects.toThrow('Failed to disconnect')
    const message = 'Failed to disconnect chain eip155: relay unreachable'
    expect(log).toHaveBeenCalledWith(`[airlock] ${message}`)
    expect(trackedWith(host)).toEqual([{ event: 'DISCONNECT_ERROR', properties: { message } }])
    expect(host.lastState()?.status).toBe('disconnected')
    expect(ctx.storage.get(CACHED_LOGIN_KEYS[0])).toBeUndefined()
    expect(ctx.storage.get(RECENT_CONNECTOR_KEY)).toBeUndefined()
    expect(host.events.find((e) => e.type === 'provider' && e.event.event === 'disconnect')).toBeDefined()
  })

  it('shows the failure in a toast', async () => {
    const { ctx } = await connected()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    connector.disconnect.mockRejectedValue(new Error('nope'))
    await disconnect(ctx).catch(() => {})
    expect(ctx.store.get(toastAtom)).toMatchObject({ message: 'Failed to disconnect', variant: 'error' })
  })

  it('does nothing when disconnected', async () => {
    const host = createFakeHost()
    const ctx = createTestContext(host)
    await disconnect(ctx)
    expect(connector.disconnect).not.toHaveBeenCalled()
    expect(host.tracked()).toEqual([])
  })
})

describe('disconnectChains', () => {
  it('runs every wallet in turn; one failing does not stop the next; the dapp sees one change', async () => {
    const { ctx, host } = await connected()
    addConnection(ctx.store, {
      namespace: 'solana',
      addresses: ['oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'],
      caipNetworkId: 'solana:x',
      connectorId: 'ws:solana:W',
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    connector.disconnect.mockImplementation(async ([namespace]) => {
      if (namespace === 'eip155') throw new Error('boom')
    })
    const statesBefore = host.states().length
    const failures = await disconnectChains(ctx, ['eip155', 'solana'])
    expect(connector.disconnect.mock.calls.map(([namespaces]) => namespaces)).toEqual([['eip155'], ['solana']])
    expect(failures).toEqual(['Failed to disconnect chain eip155: boom'])
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
    // Both namespaces went in one step: the dapp never saw the Solana account as the active one.
    expect(
      host
        .states()
        .slice(statesBefore)
        .map((state) => state.connections?.length ?? 0),
    ).toEqual([0])
  })

  it('tells a wallet holding several namespaces once, of all of them', async () => {
    const { ctx } = await connected()
    addConnection(ctx.store, {
      namespace: 'solana',
      addresses: ['oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'],
      caipNetworkId: 'solana:x',
      connectorId: devnetWallet.id,
    })
    await disconnectChains(ctx, ['eip155', 'solana'])
    expect(connector.disconnect.mock.calls).toEqual([[['eip155', 'solana']]])
  })
})

describe('clearCachedLoginData', () => {
  it('removes the email-login flag, email, last chain and social username, in the widget and (the non-private ones) the host', async () => {
    const { ctx, host } = await connected()
    clearCachedLoginData(ctx)
    for (const key of CACHED_LOGIN_KEYS) {
      expect(ctx.storage.get(key)).toBeUndefined()
      expect(host.storage.has(key)).toBe(false)
    }
    // Not part of the login cache: the connection stays.
    expect(ctx.store.get(connectionAtom).status).toBe('connected')
    expect(ctx.storage.get(CONNECTED_SOCIAL_KEY)).toBe('x')
  })
})
