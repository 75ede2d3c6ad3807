import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWalletConnectStorage, MAX_PERSISTED_CHARS, SAVE_DELAY_MS } from './storage'

afterEach(() => vi.useRealTimers())

function persistence(initial?: string) {
  const saved: string[] = []
  return { saved, load: async () => initial, save: (value: string) => void saved.push(value) }
}

describe('WalletConnect storage', () => {
  it('starts from the persisted blob and writes changes back, batched', async () => {
    vi.useFakeTimers()
    const p = persistence(JSON.stringify({ 'wc@2:client:0.3:session': [{ topic: 't' }] }))
    const storage = await createWalletConnectStorage(p)
    expect(await storage.getItem('wc@2:client:0.3:session')).toEqual([{ topic: 't' }])
    await storage.setItem('a', { x: 1 })
    await storage.setItem('b', 2)
    await storage.removeItem('wc@2:client:0.3:session')
    expect(p.saved).toEqual([])
    vi.advanceTimersByTime(SAVE_DELAY_MS)
    expect(p.saved).toHaveLength(1)
    expect(JSON.parse(p.saved[0]!)).toEqual({ a: { x: 1 }, b: 2 })
    expect(await storage.getKeys()).toEqual(['a', 'b'])
    expect(await storage.getEntries()).toEqual([
      ['a', { x: 1 }],
      ['b', 2],
    ])
  })

  it('ignores a corrupt blob and a failing load', async () => {
    expect(await (await createWalletConnectStorage(persistence('{not json'))).getKeys()).toEqual([])
    expect(await (await createWalletConnectStorage(persistence('[1,2]'))).getKeys()).toEqual([])
    const failing = { load: () => Promise.reject(new Error('denied')), save: () => {} }
    expect(await (await createWalletConnectStorage(failing)).getKeys()).toEqual([])
  })

  it('drops the rebuildable history and messages first when the blob would be too big for the host', async () => {
    const p = persistence()
    const storage = await createWalletConnectStorage(p)
    await storage.setItem('wc@2:core:0.3:keychain', { k: 'v' })
    await storage.setItem('wc@2:core:0.3:history', ['x'.repeat(MAX_PERSISTED_CHARS)])
    storage.flush()
    expect(JSON.parse(p.saved.at(-1)!)).toEqual({ 'wc@2:core:0.3:keychain': { k: 'v' } })
  })
})
