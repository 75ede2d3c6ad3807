import { describe, expect, it, vi } from 'vitest'
import { oneNetworkPage } from './one-network-page'

const page = { data: [], next: 'x' }

describe('a history page of one network', () => {
  it('reads the one network, asks for chainId when there are several, and answers empty without one', async () => {
    const read = vi.fn(async () => page)
    expect(await oneNetworkPage({ networks: ['polkadot:a'], account: 'A', who: 'a Polkadot account' }, read)).toBe(page)
    expect(read).toHaveBeenCalledWith('polkadot:a')
    expect(await oneNetworkPage({ networks: ['polkadot:a', 'polkadot:b'], account: 'A', who: 'a Polkadot account' }, read)).toEqual({
      status: 400,
      field: 'chainId',
      error: 'chainId is required for a Polkadot account: this API serves polkadot:a, polkadot:b',
    })
    expect(await oneNetworkPage({ networks: [], account: 'A', who: 'x' }, read)).toEqual({ data: [], next: null })
    expect(await oneNetworkPage({ networks: ['polkadot:a'], account: 'A', who: 'x' }, () => undefined)).toEqual({ data: [], next: null })
    expect(read).toHaveBeenCalledTimes(1)
  })

  it('answers 502 when the node fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const failed = await oneNetworkPage({ networks: ['polkadot:a'], account: 'A', who: 'x' }, () => Promise.reject(new Error('down')))
    expect(failed).toEqual({ status: 502, error: 'History Unavailable: the chain did not answer' })
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })
})
