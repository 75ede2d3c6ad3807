import type { ConnectorDescription } from '@airlock/protocol'
import { atom } from 'jotai'
import { mergeFamilies } from '../multichain'
import { visibleConnectors } from './visibility'
import { excludedWalletIdsAtom } from '../../core/options/atoms'
import { isMobileAtom } from '../../core/platform'

export const connectorsAtom = atom<readonly ConnectorDescription[]>([])
/** False until the host answered listConnectors (or announced a list). */
export const connectorsLoadedAtom = atom(false)

/** The wallets of the page the lists show: SPEC section 5's hiding rules, then one entry per wallet (MULTI_CHAIN). */
export const listedWalletsAtom = atom((get) =>
  mergeFamilies(visibleConnectors(get(connectorsAtom), { isMobile: get(isMobileAtom), excludeWalletIds: get(excludedWalletIdsAtom) })),
)
