import type { ConnectorDescription } from '@airlock/protocol'
import { atom } from 'jotai'
import { visibleConnectors } from './visibility'
import { excludedWalletIdsAtom } from '../../core/options/atoms'
import { isMobileAtom } from '../../core/platform'

export const connectorsAtom = atom<readonly ConnectorDescription[]>([])
/** False until the host answered listConnectors (or announced a list). */
export const connectorsLoadedAtom = atom(false)

export const visibleConnectorsAtom = atom((get) =>
  visibleConnectors(get(connectorsAtom), { isMobile: get(isMobileAtom), excludeWalletIds: get(excludedWalletIdsAtom) }),
)
