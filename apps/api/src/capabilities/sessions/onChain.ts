import { delegationManagerAbi } from '@airlock/chains/eip155'
import type { Hex } from 'viem'
import type { ChainRegistry } from '../../chains/registry'
import type { StoredSession } from './store'

/**
 * Whether the chain has disabled an ERC-7715 grant's delegation (DelegationManager.disabledDelegations,
 * set by the account's disableDelegation): the chain enforces the grant, so it says whether it is
 * revoked. Undefined when the grant has no delegation or the chain cannot be read now.
 */
export async function disabledOnChain(chains: ChainRegistry, session: StoredSession): Promise<boolean | undefined> {
  const client = session.delegationManager ? chains.client(session.caipNetworkId) : undefined
  if (!client || !session.delegationManager) return undefined
  try {
    return await client.readContract({
      address: session.delegationManager,
      abi: delegationManagerAbi,
      functionName: 'disabledDelegations',
      args: [session.pci as Hex],
    })
  } catch {
    return undefined
  }
}
