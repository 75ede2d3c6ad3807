// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { RECENT_CONNECTOR_KEY } from '../session/recentConnector'
import { onHostConnected } from '../../host/connection'
import { createFakeHost, createTestContext, flush } from '../../testing/fakeHost'
import { AUTH_SESSION_KEY, EMAIL_KEY, loadPersisted, PRIVATE_KEYS, removePersisted, savePersisted, SOCIAL_USERNAME_KEY } from './persisted'
import { createMemoryStorage, createSafeStorage } from './safeStorage'

async function setup(persistent: boolean) {
  const host = createFakeHost({ connectors: [] })
  const backing = new Map<string, string>()
  const storage = persistent
    ? createSafeStorage(
        () =>
          ({
            getItem: (key: string) => backing.get(key) ?? null,
            setItem: (key: string, value: string) => void backing.set(key, value),
            removeItem: (key: string) => void backing.delete(key),
          }) as Storage,
      )
    : createMemoryStorage()
  const ctx = createTestContext(host, { storage })
  onHostConnected(ctx, host.api)
  await flush()
  return { ctx, host }
}

describe('persisted values', () => {
  it('go through the dapp page only when the widget has no storage of its own', async () => {
    const own = await setup(true)
    savePersisted(own.ctx, RECENT_CONNECTOR_KEY, 'injected')
    expect(own.host.storage.size).toBe(0)

    const borrowed = await setup(false)
    savePersisted(borrowed.ctx, RECENT_CONNECTOR_KEY, 'injected')
    await flush()
    expect(borrowed.host.storage.get(RECENT_CONNECTOR_KEY)).toBe('injected')
  })

  it('never put the session token, the email or the social name in the dapp page, nor read them from it', async () => {
    expect([...PRIVATE_KEYS].sort()).toEqual([AUTH_SESSION_KEY, EMAIL_KEY, SOCIAL_USERNAME_KEY].sort())
    const { ctx, host } = await setup(false)
    for (const key of PRIVATE_KEYS) savePersisted(ctx, key, `secret of ${key}`)
    await flush()
    for (const key of PRIVATE_KEYS) expect(host.storage.has(key), key).toBe(false)
    expect(vi.mocked(host.api.storageSet).mock.calls.filter(([params]) => PRIVATE_KEYS.has(params.key))).toEqual([])
    // Kept in the widget's memory for this page's life.
    expect(await loadPersisted(ctx, EMAIL_KEY)).toBe(`secret of ${EMAIL_KEY}`)
    // A value a dapp planted under a private key is not read back as the user's.
    const fresh = await setup(false)
    fresh.host.storage.set(AUTH_SESSION_KEY, 'planted-by-the-dapp')
    expect(await loadPersisted(fresh.ctx, AUTH_SESSION_KEY)).toBeUndefined()
    expect(vi.mocked(fresh.host.api.storageGet).mock.calls.filter(([params]) => PRIVATE_KEYS.has(params.key))).toEqual([])
    removePersisted(fresh.ctx, AUTH_SESSION_KEY)
    expect(fresh.host.storage.get(AUTH_SESSION_KEY)).toBe('planted-by-the-dapp')
  })
})
