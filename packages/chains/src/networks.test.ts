import { blake2b } from '@noble/hashes/blake2b'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { chainSpec as kusamaSpec } from '@substrate/connect-known-chains/ksmcc3'
import { chainSpec as kusamaAssetHubSpec } from '@substrate/connect-known-chains/ksmcc3_asset_hub'
import { chainSpec as polkadotSpec } from '@substrate/connect-known-chains/polkadot'
import { chainSpec as polkadotAssetHubSpec } from '@substrate/connect-known-chains/polkadot_asset_hub'
import { chainSpec as rococoAssetHubSpec } from '@substrate/connect-known-chains/rococo_v2_2_asset_hub'
import { describe, expect, it } from 'vitest'
import { parseCaipNetworkId } from './address'
import {
  getEvmNetwork,
  getNetwork,
  kusama,
  kusamaAssetHub,
  networks,
  POLKADOT_DEFAULT_NETWORKS,
  polkadot,
  polkadotAssetHub,
  polkadotDevnet,
  ss58PrefixOf,
  type Network,
} from './networks'

interface ChainSpec {
  properties: { ss58Format?: number; tokenDecimals: number; tokenSymbol: string }
  genesis: { stateRootHash?: string; raw?: unknown }
}
const spec = (chainSpec: string) => JSON.parse(chainSpec) as ChainSpec

/**
 * A Substrate genesis block's hash from its chain spec's genesis state root: blake2-256 of the SCALE
 * header (parent 0x00…00, number 0, state root, the empty extrinsics trie's root, no digest).
 */
function genesisHash(stateRoot: string): string {
  const emptyTrieRoot = blake2b(new Uint8Array([0]), { dkLen: 32 })
  const header = new Uint8Array([...new Uint8Array(32), 0, ...hexToBytes(stateRoot.replace(/^0x/, '')), ...emptyTrieRoot, 0])
  return `0x${bytesToHex(blake2b(header, { dkLen: 32 }))}`
}

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

  it('uses 9 decimals on Solana, 8 on Bitcoin, 10 for DOT and 12 for KSM', () => {
    for (const network of networks) {
      if (network.chainNamespace === 'solana') expect(network.nativeCurrency.decimals).toBe(9)
      if (network.chainNamespace === 'bip122') expect(network.nativeCurrency.decimals).toBe(8)
      if (network.nativeCurrency.symbol === 'DOT') expect(network.nativeCurrency.decimals).toBe(10)
      if (network.nativeCurrency.symbol === 'KSM') expect(network.nativeCurrency.decimals).toBe(12)
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

  it('has Polkadot, Kusama, their Asset Hubs and the devnet, named, counted and formatted as their chain specs say', () => {
    const known: [Network, string, string][] = [
      [polkadotAssetHub, polkadotAssetHubSpec, '0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f'],
      [polkadot, polkadotSpec, '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3'],
      [kusamaAssetHub, kusamaAssetHubSpec, '0x48239ef607d7928874027a43a67689209727dfb3d3dc5e5b03a39bdc2eda771a'],
      [kusama, kusamaSpec, '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe'],
    ]
    for (const [network, chainSpec, hash] of known) {
      const { properties, genesis } = spec(chainSpec)
      expect(genesisHash(genesis.stateRootHash!)).toBe(hash)
      expect(network.caipNetworkId).toBe(`polkadot:${hash.slice(2, 34)}`)
      expect(network.nativeCurrency).toMatchObject({ symbol: properties.tokenSymbol, decimals: properties.tokenDecimals })
      expect(ss58PrefixOf(network.caipNetworkId)).toBe(properties.ss58Format)
      expect(network.testnet).toBe(false)
    }
    expect([polkadot, polkadotAssetHub].map((n) => [n.nativeCurrency.decimals, ss58PrefixOf(n.caipNetworkId)])).toEqual([
      [10, 0],
      [10, 0],
    ])
    expect([kusama, kusamaAssetHub].map((n) => [n.nativeCurrency.decimals, ss58PrefixOf(n.caipNetworkId)])).toEqual([
      [12, 2],
      [12, 2],
    ])

    // The devnet runs the Rococo Asset Hub raw genesis: its token is that spec's; chopsticks reports 0x45…45 as block 0.
    const rococoAssetHub = spec(rococoAssetHubSpec)
    expect(rococoAssetHub.genesis.raw).toBeDefined()
    expect(polkadotDevnet).toMatchObject({
      caipNetworkId: `polkadot:${'45'.repeat(16)}`,
      testnet: true,
      nativeCurrency: { symbol: rococoAssetHub.properties.tokenSymbol, decimals: rococoAssetHub.properties.tokenDecimals },
    })
    expect(ss58PrefixOf(polkadotDevnet.caipNetworkId)).toBe(2)
    expect(ss58PrefixOf('polkadot:e143f23803ac50e8f6f8e62695d1ce9e')).toBe(42)
    // Keys of Object.prototype are no network of the table.
    for (const inherited of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(ss58PrefixOf(inherited)).toBe(42)

    expect(networks.filter((n) => n.chainNamespace === 'polkadot')).toEqual([
      polkadotAssetHub,
      polkadot,
      kusamaAssetHub,
      kusama,
      polkadotDevnet,
    ])
  })

  it('defaults to the Asset Hubs on Polkadot and Kusama, where balances live since the 2025 Asset Hub migration', () => {
    expect(POLKADOT_DEFAULT_NETWORKS).toEqual({ polkadot: polkadotAssetHub, kusama: kusamaAssetHub })
  })

  it('returns undefined for unknown ids', () => {
    expect(getNetwork('eip155:999999')).toBeUndefined()
  })
})
