import { describe, expect, it } from 'vitest'
import { parseCaipNetworkId } from './address'
import { getEvmNetwork, getNetwork, networks } from './networks'

describe('network catalog', () => {
  it('holds the required EVM networks', () => {
    for (const id of [1, 11155111, 8453, 10, 42161, 137, 31337, 31338, 10143]) {
      expect(getEvmNetwork(id)?.caipNetworkId).toBe(`eip155:${id}`)
    }
  })

  it('describes the devnet chains as ETH testnets', () => {
    expect(getNetwork('eip155:31337')).toMatchObject({
      name: 'Airlock Devnet',
      testnet: true,
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
    })
    expect(getNetwork('eip155:31338')).toMatchObject({ name: 'Airlock Devnet 2', testnet: true })
  })

  it('has Monad testnet with MON', () => {
    expect(getNetwork('eip155:10143')).toMatchObject({ id: 10143, testnet: true, nativeCurrency: { symbol: 'MON', decimals: 18 } })
  })

  it('uses 9 decimals on Solana and 8 on Bitcoin', () => {
    for (const network of networks) {
      if (network.chainNamespace === 'solana') expect(network.nativeCurrency.decimals).toBe(9)
      if (network.chainNamespace === 'bip122') expect(network.nativeCurrency.decimals).toBe(8)
    }
  })

  it('has unique, well-formed CAIP-2 ids that match namespace and id', () => {
    const ids = networks.map((n) => n.caipNetworkId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const network of networks) {
      expect(parseCaipNetworkId(network.caipNetworkId)).toEqual({ namespace: network.chainNamespace, reference: String(network.id) })
      expect(network.rpcUrls.default.http.length).toBeGreaterThan(0)
    }
  })

  it('has the Bitcoin networks of SPEC section 3 and the regtest devnet, ids being the genesis hashes', () => {
    expect(networks.filter((n) => n.chainNamespace === 'bip122').map((n) => n.caipNetworkId)).toEqual([
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
      'bip122:00000000da84f2bafbbc53dee25a72ae',
      'bip122:00000008819873e925422c1ff0f99f7c',
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    ])
    expect(getNetwork('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toMatchObject({ testnet: true, nativeCurrency: { symbol: 'BTC' } })
  })

  it('returns undefined for unknown ids', () => {
    expect(getNetwork('eip155:999999')).toBeUndefined()
  })
})
