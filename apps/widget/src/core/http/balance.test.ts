import { describe, expect, it, vi } from 'vitest'
import { BALANCE_RETRY_GATE_MS, BALANCE_TTL_MS, createBalanceCache } from './balance'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('balance cache', () => {
  it('reads the balance and caches it for 30 s', async () => {
    let now = 0
    const rpc = vi.fn(async () => 10n ** 18n)
    const cache = createBalanceCache(rpc, () => now)
    expect(await cache.get('eip155:1', ADDRESS)).toBe(10n ** 18n)
    expect(rpc).toHaveBeenCalledWith('eip155:1', ADDRESS)
    now = BALANCE_TTL_MS - 1
    await cache.get('eip155:1', ADDRESS)
    expect(rpc).toHaveBeenCalledTimes(1)
    now = BALANCE_TTL_MS
    await cache.get('eip155:1', ADDRESS)
    expect(rpc).toHaveBeenCalledTimes(2)
  })

  it('shares one request between concurrent readers', async () => {
    const rpc = vi.fn(async () => 1n)
    const cache = createBalanceCache(rpc, () => 0)
    await Promise.all([cache.get('eip155:1', ADDRESS), cache.get('eip155:1', ADDRESS)])
    expect(rpc).toHaveBeenCalledTimes(1)
  })

  it('does not retry a failure for 30 s', async () => {
    let now = 0
    const rpc = vi.fn(async () => {
      throw new Error('down')
    })
    const cache = createBalanceCache(rpc, () => now)
    await expect(cache.get('eip155:1', ADDRESS)).rejects.toThrow('down')
    now = BALANCE_RETRY_GATE_MS - 1
    await expect(cache.get('eip155:1', ADDRESS)).rejects.toThrow('down')
    expect(rpc).toHaveBeenCalledTimes(1)
    now = BALANCE_RETRY_GATE_MS
    await expect(cache.get('eip155:1', ADDRESS)).rejects.toThrow('down')
    expect(rpc).toHaveBeenCalledTimes(2)
  })

  it('keys by network', async () => {
    const rpc = vi.fn(async (caip: string) => (caip === 'eip155:1' ? 1n : 2n))
    const cache = createBalanceCache(rpc, () => 0)
    expect(await cache.get('eip155:1', ADDRESS)).toBe(1n)
    expect(await cache.get('eip155:31337', ADDRESS)).toBe(2n)
  })
})
