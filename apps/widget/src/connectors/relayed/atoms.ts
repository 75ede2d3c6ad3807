import type { ConnectorDescription } from '@airlock/protocol'
import { atom } from 'jotai'
import { mergeFamilies } from '../multichain'
import { withRegistryNames, type RegistryName } from './registryNames'
import { visibleConnectors } from './visibility'
import { excludedWalletIdsAtom } from '../../core/options/atoms'
import { isMobileAtom } from '../../core/platform'

export const connectorsAtom = atom<readonly ConnectorDescription[]>([])
/** False until the host answered listConnectors (or announced a list). */
export const connectorsLoadedAtom = atom(false)

/** What the wallet registry said of the page's Polkadot extension keys (registryNames.ts), by `polkadot:<key>`. */
export const registryNamesAtom = atom<ReadonlyMap<string, RegistryName>>(new Map())

/**
 * The wallets of the page the lists show: named from the registry where the page tells nothing but
 * a key, SPEC section 5's hiding rules, then one entry per wallet (MULTI_CHAIN).
 */
export const listedWalletsAtom = atom((get) =>
  mergeFamilies(
    visibleConnectors(withRegistryNames(get(connectorsAtom), get(registryNamesAtom)), {
      isMobile: get(isMobileAtom),
      excludeWalletIds: get(excludedWalletIdsAtom),
    }),
  ),
)
