import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'

/**
 * The rules of SPEC sections 4 and 5 over the dapp's requested networks, as pure functions:
 * CAIP-2 ids in, CAIP-2 ids out. The actions apply their results to the stores and the wallet.
 */
export interface NetworkSelection {
  /** The requested networks in the dapp's order; a chain namespace's first network leads it. */
  networks: readonly string[]
  /** The active network. */
  active: string
}

export const namespaceOf = (caipNetworkId: string): string => caipNetworkId.slice(0, caipNetworkId.indexOf(':'))

export const networkNotFound = (): ProviderRpcError => new ProviderRpcError(RpcErrorCode.InvalidParams, 'Network not found')

/** SPEC section 5: supported if the chain has no requested networks or the network is among them. */
export function isNetworkSupported(requested: readonly string[], caipNetworkId: string): boolean {
  if (requested.includes(caipNetworkId)) return true
  const namespace = namespaceOf(caipNetworkId)
  return !requested.some((id) => namespaceOf(id) === namespace)
}

/** Appends a network (a network already requested is left where it is); the active one stays. */
export function addRequestedNetwork(selection: NetworkSelection, caipNetworkId: string): NetworkSelection {
  if (selection.networks.includes(caipNetworkId)) return selection
  return { ...selection, networks: [...selection.networks, caipNetworkId] }
}

/**
 * Removes one network. The last network of a namespace cannot go; removing the active network
 * makes its chain's first remaining network active.
 */
export function removeRequestedNetwork(selection: NetworkSelection, caipNetworkId: string): NetworkSelection {
  if (!selection.networks.includes(caipNetworkId)) throw networkNotFound()
  const namespace = namespaceOf(caipNetworkId)
  const networks = selection.networks.filter((id) => id !== caipNetworkId)
  const sameChain = networks.find((id) => namespaceOf(id) === namespace)
  if (sameChain === undefined) {
    throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Cannot remove ${caipNetworkId}: it is the last ${namespace} network`)
  }
  return { networks, active: selection.active === caipNetworkId ? sameChain : selection.active }
}

/**
 * Removes a whole chain namespace. Removing the active chain makes the first remaining chain's
 * first network active; the only chain cannot be removed.
 */
export function removeRequestedChain(selection: NetworkSelection, namespace: string): NetworkSelection {
  const networks = selection.networks.filter((id) => namespaceOf(id) !== namespace)
  if (networks.length === selection.networks.length) throw networkNotFound()
  const first = networks[0]
  if (first === undefined) throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Cannot remove ${namespace}: it is the only chain`)
  return { networks, active: namespaceOf(selection.active) === namespace ? first : selection.active }
}
