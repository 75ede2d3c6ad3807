import type { ApiPromise } from '@polkadot/api'
import { describe, expect, it, vi } from 'vitest'
import { createPolkadotNetworks } from './node'

const NETWORK = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'

/** What node.ts reads of an ApiPromise: the runtime it was made with, and the node's runtime now. */
function fakeApi(specVersion: number, node: { specVersion: number }) {
  const version = (value: number) => ({ specVersion: { eq: (other: { value: number }) => other.value === value, value } })
  return {
    runtimeVersion: version(specVersion),
    rpc: { state: { getRuntimeVersion: async () => version(node.specVersion) } },
    disconnect: vi.fn(async () => undefined),
  } as unknown as ApiPromise
}

describe('the Polkadot networks', () => {
  it('makes one ApiPromise per network, and a new one only once the runtime has changed', async () => {
    const node = { specVersion: 1_000_000 }
    const connect = vi.fn(async () => fakeApi(node.specVersion, node))
    const networks = createPolkadotNetworks({ [NETWORK]: 'http://127.0.0.1:9' }, { connect })
    expect(networks.supported()).toEqual([NETWORK])
    expect(networks.api('polkadot:00000000000000000000000000000000')).toBeUndefined()
    const first = await networks.api(NETWORK)
    expect(await networks.current(NETWORK)).toBe(first)
    expect(connect).toHaveBeenCalledOnce()

    node.specVersion = 1_001_000
    const upgraded = await networks.current(NETWORK)
    expect(upgraded).not.toBe(first)
    expect(await networks.api(NETWORK)).toBe(upgraded)
    expect(connect).toHaveBeenCalledTimes(2)
  })

  it('forgets a failed connection: the next call tries the node again', async () => {
    const connect = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(fakeApi(1, { specVersion: 1 }))
    const networks = createPolkadotNetworks({ [NETWORK]: 'http://127.0.0.1:9' }, { connect })
    await expect(networks.api(NETWORK)).rejects.toThrow('down')
    await expect(networks.api(NETWORK)).resolves.toBeDefined()
    expect(connect).toHaveBeenCalledTimes(2)
  })
})
