import { getNetwork, type Network } from '@airlock/chains'
import { namespaceOf } from '../../core/network/rules'

/**
 * SPEC section 2 Receive: the networks an address can receive on, the active one first, then the
 * dapp's other networks of the same chain namespace (an EVM address is the same on every EVM
 * network) in the dapp's order. Networks the widget does not know are left out.
 */
export function compatibleNetworks(networks: readonly string[], activeCaipNetworkId: string): Network[] {
  const namespace = namespaceOf(activeCaipNetworkId)
  const ids = [activeCaipNetworkId, ...networks.filter((id) => id !== activeCaipNetworkId && namespaceOf(id) === namespace)]
  return [...new Set(ids)].flatMap((id) => getNetwork(id) ?? [])
}
