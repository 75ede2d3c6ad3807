import { parseCaipAddress, parseCaipNetworkId } from '@airlock/chains'
import type { Namespace } from '@airlock/protocol'
import type { ConnectedNamespace } from '../core/session/session'
import type { WalletConnectFamily } from './types'

/**
 * WalletConnectFamily.accounts for a family whose addresses are written one way only (solana's
 * base58, bip122's canonical forms): `preferred` when the session holds it, else the first requested
 * network it holds, else the wallet's first (UnsupportedChain then shows). Accounts that are not
 * the family's addresses are dropped; each address is listed once.
 */
export function sessionAccounts(namespace: Namespace, isAddress: (address: string) => boolean): WalletConnectFamily['accounts'] {
  const ofFamily = (caipNetworkId: string | undefined) => !!caipNetworkId && parseCaipNetworkId(caipNetworkId)?.namespace === namespace
  return (sessionAccounts, requested, preferred): ConnectedNamespace | undefined => {
    const byNetwork = new Map<string, string[]>()
    for (const caipAddress of sessionAccounts) {
      const parsed = parseCaipAddress(caipAddress)
      if (parsed?.namespace !== namespace || !isAddress(parsed.address)) continue
      const list = byNetwork.get(parsed.caipNetworkId) ?? []
      if (!list.includes(parsed.address)) list.push(parsed.address)
      byNetwork.set(parsed.caipNetworkId, list)
    }
    const held = (id: string | undefined): id is string => ofFamily(id) && byNetwork.has(id!)
    const caipNetworkId = (held(preferred) ? preferred : undefined) ?? requested.find(held) ?? [...byNetwork.keys()][0]
    if (caipNetworkId === undefined) return undefined
    return { namespace, addresses: byNetwork.get(caipNetworkId)!, caipNetworkId }
  }
}
