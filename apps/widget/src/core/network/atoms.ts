import { getNetwork, type Network } from '@airlock/chains'
import { NAMESPACES, type Namespace } from '@airlock/protocol'
import { atom } from 'jotai'
import { isNetworkSupported, namespaceOf } from './rules'
import { connectionAtom } from '../session/atoms'
import { defaultNetworkAtom, optionsAtom, requestedNetworksAtom } from '../options/atoms'

/** A network chosen with switchNetwork in this session (with or without a wallet). */
export const selectedNetworkIdAtom = atom<string | undefined>(undefined)

/** Counts the user's and the dapp's network switches: forms kept per network start over at each (SPEC section 4). */
export const networkSwitchesAtom = atom(0)

/** The network chosen in an earlier session, restored from storage; used while it is requested. */
export const storedNetworkIdAtom = atom<string | undefined>(undefined)

/** The wallet's chain when connected; otherwise the selected, stored or default network. */
export const activeCaipNetworkIdAtom = atom<string>((get) => {
  const { status, chainId } = get(connectionAtom)
  if (status === 'connected' && chainId !== undefined) return `eip155:${chainId}`
  const selected = get(selectedNetworkIdAtom)
  if (selected) return selected
  const stored = get(storedNetworkIdAtom)
  if (stored && get(requestedNetworksAtom).includes(stored)) return stored
  return get(defaultNetworkAtom)
})

export const activeNetworkAtom = atom<Network | undefined>((get) => getNetwork(get(activeCaipNetworkIdAtom)))

export const activeNamespaceAtom = atom<Namespace>((get) => {
  const namespace = namespaceOf(get(activeCaipNetworkIdAtom))
  return (NAMESPACES as readonly string[]).includes(namespace) ? (namespace as Namespace) : 'eip155'
})

export const activeNetworkSupportedAtom = atom<boolean>((get) =>
  isNetworkSupported(get(requestedNetworksAtom), get(activeCaipNetworkIdAtom)),
)

/**
 * True while the UnsupportedChain view is due: a connected wallet on a network the dapp did not
 * request, unless the dapp allows unsupported chains or uses basic WalletConnect mode.
 */
export const unsupportedChainAtom = atom<boolean>((get) => {
  if (get(connectionAtom).status !== 'connected' || get(activeNetworkSupportedAtom)) return false
  const options = get(optionsAtom)
  return !options?.allowUnsupportedChain && !options?.basic
})
