import { getNetwork, networks as catalog, type Network } from '@airlock/chains'
import { NAMESPACES, type Namespace } from '@airlock/protocol'
import { atom } from 'jotai'
import { isNetworkSupported, namespaceOf } from './rules'
import { chosenNamespaceAtom, connectionsAtom } from '../session/atoms'
import { defaultNetworkAtom, optionsAtom, requestedNetworksAtom } from '../options/atoms'

/** A network chosen with switchNetwork in this session (with or without a wallet). */
export const selectedNetworkIdAtom = atom<string | undefined>(undefined)

/** Counts the user's and the dapp's network switches: forms kept per network start over at each (SPEC section 4). */
export const networkSwitchesAtom = atom(0)

/** The network chosen in an earlier session, restored from storage; used while it is requested. */
export const storedNetworkIdAtom = atom<string | undefined>(undefined)

/** The selected, stored or default network, whichever namespace it is of. */
const preferredNetworkIdAtom = atom<string>((get) => {
  const selected = get(selectedNetworkIdAtom)
  if (selected) return selected
  const stored = get(storedNetworkIdAtom)
  if (stored && get(requestedNetworksAtom).includes(stored)) return stored
  return get(defaultNetworkAtom)
})

const asNamespace = (value: string): Namespace => ((NAMESPACES as readonly string[]).includes(value) ? (value as Namespace) : 'eip155')

export const activeNamespaceAtom = atom<Namespace>(
  (get) => get(chosenNamespaceAtom) ?? asNamespace(namespaceOf(get(preferredNetworkIdAtom))),
)

/**
 * The active namespace's wallet network when it is connected; otherwise the preferred network when
 * it is of that namespace, else the namespace's first requested network, else its first known one.
 */
export const activeCaipNetworkIdAtom = atom<string>((get) => {
  const namespace = get(activeNamespaceAtom)
  const connected = get(connectionsAtom)[namespace]
  if (connected) return connected.caipNetworkId
  const preferred = get(preferredNetworkIdAtom)
  if (namespaceOf(preferred) === namespace) return preferred
  const requested = get(requestedNetworksAtom).find((id) => namespaceOf(id) === namespace)
  return requested ?? catalog.find((network) => network.chainNamespace === namespace)?.caipNetworkId ?? preferred
})

export const activeNetworkAtom = atom<Network | undefined>((get) => getNetwork(get(activeCaipNetworkIdAtom)))

export const activeNetworkSupportedAtom = atom<boolean>((get) =>
  isNetworkSupported(get(requestedNetworksAtom), get(activeCaipNetworkIdAtom)),
)

/**
 * True while the UnsupportedChain view is due: a wallet connected on the active namespace on a
 * network the dapp did not request, unless the dapp allows unsupported chains or uses basic
 * WalletConnect mode.
 */
export const unsupportedChainAtom = atom<boolean>((get) => {
  if (!get(connectionsAtom)[get(activeNamespaceAtom)] || get(activeNetworkSupportedAtom)) return false
  const options = get(optionsAtom)
  return !options?.allowUnsupportedChain && !options?.basic
})
