import type { AirlockState, NamespaceConnection } from '@airlock/protocol'
import { parseChainId } from '@airlock/chains'
import { atom } from 'jotai'
import { connectAttemptAtom, connectionsAtom } from '../core/session/atoms'
import { connectionAtom } from '../core/session/active'
import { openAtom, readyAtom } from '../core/modal/atoms'
import { activeCaipNetworkIdAtom, activeNamespaceAtom } from '../core/network/atoms'
import { currentRouteAtom } from '../core/router/atoms'
import { themeModeAtom } from '../core/theme/atoms'
import { publicSiwxSessionAtom } from '../features/siwx/publicAtoms'

/**
 * The state mirrored into the host SDK (AirlockState): the active namespace's account and network
 * at the top, every namespace's connection in `connections`.
 */
export const publicStateAtom = atom<AirlockState>((get) => {
  const connection = get(connectionAtom)
  const caipNetworkId = get(activeCaipNetworkIdAtom)
  const [namespace, reference] = caipNetworkId.split(':') as [string, string]
  const chainId = namespace === 'eip155' ? parseChainId(reference) : reference
  const connected = connection.status === 'connected'
  const error = get(connectAttemptAtom)?.error?.message
  const connections: NamespaceConnection[] = Object.values(get(connectionsAtom)).map((c) => ({
    namespace: c.namespace,
    caipAddress: `${c.caipNetworkId}:${c.addresses[0]}`,
    connectorId: c.connectorId,
    ...(c.connectorName ? { connectorName: c.connectorName.slice(0, 100) } : {}),
  }))
  const session = get(publicSiwxSessionAtom)
  return {
    ready: get(readyAtom),
    open: get(openAtom),
    view: get(currentRouteAtom).name,
    status: connection.status,
    activeNamespace: get(activeNamespaceAtom),
    caipNetworkId,
    ...(chainId !== undefined ? { chainId } : {}),
    ...(connected && connection.address ? { address: connection.address, caipAddress: `${caipNetworkId}:${connection.address}` } : {}),
    ...(connection.connectorId ? { connectorId: connection.connectorId } : {}),
    ...(connection.connectorName ? { connectorName: connection.connectorName } : {}),
    themeMode: get(themeModeAtom),
    ...(error ? { error: error.slice(0, 500) } : {}),
    ...(connections.length > 0 ? { connections } : {}),
    ...(session ? { session } : {}),
  }
})
