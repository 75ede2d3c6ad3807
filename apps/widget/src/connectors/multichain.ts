import type { ConnectorDescription, ConnectorType, Namespace } from '@airlock/protocol'
import type { NamedConnector } from './relayed/registryNames'

/**
 * MULTI_CHAIN (SPEC section 1): one wallet offering several families (its EIP-6963 provider and its
 * Wallet Standard wallet, under one name) is one entry of the lists. Pure: the lists and the
 * multi-chain connector (connectors/relayed/multichainConnector.ts) read it.
 */

export const MULTI_CHAIN_PREFIX = 'multi:'

/** A wallet of the page as the lists show it: one entry per wallet, whatever families it serves. */
export interface ListedWallet {
  /** The page connector's id, or `multi:<name>` for a wallet of several families. */
  id: string
  type: ConnectorType
  name: string
  /** A data: URI from the page, shown at once. */
  icon?: string | undefined
  /** The wallet registry's icon, when the page gave none (a Polkadot extension). */
  imageUrl?: string | undefined
  rdns?: string | undefined
  /** The wallet registry's id, when the registry named it. */
  walletId?: string | undefined
  namespaces: Namespace[]
  /** The page connectors behind it, one per family. */
  members: readonly ConnectorDescription[]
}

const nameKey = (name: string) => name.trim().toLowerCase()

/** Groups the page's connectors by wallet name: a name seen again for another family joins the first entry. */
export function mergeFamilies(connectors: readonly NamedConnector[]): ListedWallet[] {
  const groups: NamedConnector[][] = []
  for (const connector of connectors) {
    const group = groups.find(
      (members) => nameKey(members[0]!.name) === nameKey(connector.name) && !members.some((m) => m.namespace === connector.namespace),
    )
    if (group) group.push(connector)
    else groups.push([connector])
  }
  return groups.map((members) => {
    const [first] = members as [NamedConnector]
    const single = members.length === 1
    return {
      id: single ? first.id : `${MULTI_CHAIN_PREFIX}${nameKey(first.name)}`,
      type: single ? first.type : 'MULTI_CHAIN',
      name: first.name,
      icon: members.find((m) => m.icon)?.icon,
      imageUrl: members.find((m) => m.imageUrl)?.imageUrl,
      rdns: members.find((m) => m.rdns)?.rdns,
      walletId: members.find((m) => m.walletId)?.walletId,
      namespaces: members.map((m) => m.namespace),
      members,
    }
  })
}
