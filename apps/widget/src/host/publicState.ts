import type { AirlockState } from '@airlock/protocol'
import { parseChainId } from '@airlock/chains'
import { atom } from 'jotai'
import { connectAttemptAtom, connectionAtom } from '../core/session/atoms'
import { openAtom, readyAtom } from '../core/modal/atoms'
import { activeCaipNetworkIdAtom, activeNamespaceAtom } from '../core/network/atoms'
import { currentRouteAtom } from '../core/router/atoms'
import { themeModeAtom } from '../theme/atoms'

/** The state mirrored into the host SDK (AirlockState). */
export const publicStateAtom = atom<AirlockState>((get) => {
  const connection = get(connectionAtom)
  const caipNetworkId = get(activeCaipNetworkIdAtom)
  const [namespace, reference] = caipNetworkId.split(':')
  const chainId = namespace === 'eip155' ? parseChainId(reference) : undefined
  const connected = connection.status === 'connected'
  const error = get(connectAttemptAtom)?.error?.message
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
  }
})
