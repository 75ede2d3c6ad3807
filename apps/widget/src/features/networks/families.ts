import type { Namespace } from '@airlock/protocol'
import { namespaceOf } from '../../core/network/rules'

/** The families' names as the Networks view heads them. */
export const FAMILY_LABELS: Record<Namespace, string> = {
  eip155: 'Ethereum and EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
}

/** The networks grouped by family, the families in the order their first network comes (pure). */
export function groupByFamily(ids: readonly string[]): { namespace: Namespace; ids: string[] }[] {
  const groups = new Map<Namespace, string[]>()
  for (const id of ids) {
    const namespace = namespaceOf(id) as Namespace
    groups.set(namespace, [...(groups.get(namespace) ?? []), id])
  }
  return [...groups].map(([namespace, members]) => ({ namespace, ids: members }))
}
