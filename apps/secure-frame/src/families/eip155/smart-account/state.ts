import { isDelegatedTo } from '@airlock/chains/eip155'
import type { FrameAccountType, FrameChainId } from '@airlock/protocol'
import type { ChainProxy } from '../../../chain/proxy'
import type { SmartAccountNetwork } from '../../../server/client'
import { createRelay, relayUrl, type Relay } from './relay'

/** How long a read of the account's code may take before the frame says "not delegated" for now. */
const CODE_TIMEOUT_MS = 5000

/**
 * The embedded wallet's smart accounts: the networks the frame's server names (GET /frame-config),
 * whether the account is delegated on each (its code, read through the API's RPC proxy), and the
 * account type each user prefers. The preference is no secret and is the widget's to set again
 * after a reload (getUser names it), so memory is where it lives.
 */
export interface SmartAccounts {
  /** The network of `chainId` if smart accounts are enabled on it. */
  network(chainId: FrameChainId): SmartAccountNetwork | undefined
  enabledChainIds(): number[]
  /** Reads the account's code on `chainId`: whether it is delegated to the network's DeleGator (false when unknown). */
  refresh(chainId: FrameChainId, address: string, projectId: string | undefined): Promise<boolean>
  /** The last read of refresh() (or what a sent authorization made it). */
  deployed(chainId: FrameChainId, address: string): boolean
  markDeployed(chainId: number, address: string): void
  preferred(userId: string): FrameAccountType
  prefer(userId: string, type: FrameAccountType): void
  /** The chain, through the API's RPC proxy. */
  readonly chain: ChainProxy
  relay(network: SmartAccountNetwork, projectId: string): Relay
}

export function createSmartAccounts(options: {
  networks: readonly SmartAccountNetwork[]
  apiUrl: string
  chain: ChainProxy
  fetch?: typeof fetch
}): SmartAccounts {
  const { networks, chain } = options
  const deployed = new Map<string, boolean>()
  const preferred = new Map<string, FrameAccountType>()
  const key = (chainId: FrameChainId, address: string) => `${String(chainId)}:${address.toLowerCase()}`
  const network = (chainId: FrameChainId) => networks.find((candidate) => candidate.chainId === chainId)
  return {
    network,
    enabledChainIds: () => networks.map((candidate) => candidate.chainId),
    async refresh(chainId, address, projectId) {
      const on = network(chainId)
      if (!on || !projectId) return false
      const answer = await chain({
        chainId: `eip155:${on.chainId}`,
        projectId,
        method: 'eth_getCode',
        params: [address, 'latest'],
        timeoutMs: CODE_TIMEOUT_MS,
      })
      if (answer.kind !== 'result' || typeof answer.result !== 'string') return deployed.get(key(chainId, address)) ?? false
      const delegated = isDelegatedTo(answer.result as `0x${string}`, on.delegator as `0x${string}`)
      deployed.set(key(chainId, address), delegated)
      return delegated
    },
    deployed: (chainId, address) => deployed.get(key(chainId, address)) ?? false,
    markDeployed: (chainId, address) => void deployed.set(key(chainId, address), true),
    preferred: (userId) => preferred.get(userId) ?? 'eoa',
    prefer: (userId, type) => void preferred.set(userId, type),
    chain,
    relay: (on, projectId) => createRelay(relayUrl(on, options.apiUrl, projectId), { fetch: options.fetch }),
  }
}
