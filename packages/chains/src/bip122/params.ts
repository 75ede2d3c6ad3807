import { networks, type Network } from 'bitcoinjs-lib'
import { bitcoin, bitcoinRegtest, bitcoinSignet, bitcoinTestnet, bitcoinTestnet4 } from '../networks'

/**
 * The address and key prefixes of each Bitcoin network of the catalog: testnet, testnet4 and
 * signet share testnet's (`tb1`, m/n, 2), regtest has its own bech32 prefix (`bcrt1`).
 */
const PARAMS: ReadonlyMap<string, Network> = new Map([
  [bitcoin.caipNetworkId, networks.bitcoin],
  [bitcoinTestnet.caipNetworkId, networks.testnet],
  [bitcoinTestnet4.caipNetworkId, networks.testnet],
  [bitcoinSignet.caipNetworkId, networks.testnet],
  [bitcoinRegtest.caipNetworkId, networks.regtest],
])

/** bitcoinjs-lib's parameters of a bip122 network; undefined for a network the catalog does not hold. */
export function bitcoinParams(caipNetworkId: string): Network | undefined {
  return PARAMS.get(caipNetworkId)
}
