import { isEvmAddress, parseCaipAddress, parseCaipNetworkId, parseChainId } from '@airlock/chains'
import type { ConnectedNamespace } from '../../core/session/session'
import type { NetworkContext, ProposalNamespace, WalletConnectFamily } from '../types'

/** What the dapp may ask a WalletConnect wallet for (Reown's list for eip155). */
export const EIP155_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendRawTransaction',
  'eth_sendTransaction',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_showCallsStatus',
  'wallet_getCallsStatus',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getAssets',
] as const
export const EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const

/**
 * Every requested eip155 network, all optional (as Reown does), so that a wallet missing one
 * still connects and the UnsupportedChain rules take over; the rpc map is rebuilt at each proposal.
 */
function proposal({ requested, rpcUrl }: NetworkContext): ProposalNamespace | undefined {
  const chains = requested.filter((id) => parseCaipNetworkId(id)?.namespace === 'eip155')
  if (chains.length === 0) return undefined
  return {
    chains,
    methods: [...EIP155_METHODS],
    events: [...EIP155_EVENTS],
    rpcMap: Object.fromEntries(chains.map((id) => [id.slice('eip155:'.length), rpcUrl(id)])),
  }
}

/**
 * The accounts and chain a settled session gives the dapp. The chain is `preferred` when the
 * session holds it, else the first one of the session the dapp requested, else the wallet's first
 * (the UnsupportedChain view then shows).
 */
function accounts(sessionAccounts: readonly string[], requested: readonly string[], preferred?: string): ConnectedNamespace | undefined {
  const byChain = new Map<number, string[]>()
  for (const caipAddress of sessionAccounts) {
    const parsed = parseCaipAddress(caipAddress)
    const chainId = parsed?.namespace === 'eip155' ? parseChainId(parsed.reference) : undefined
    if (chainId === undefined || !parsed || !isEvmAddress(parsed.address)) continue
    const list = byChain.get(chainId) ?? []
    if (!list.some((a) => a.toLowerCase() === parsed.address.toLowerCase())) list.push(parsed.address)
    byChain.set(chainId, list)
  }
  const chains = [...byChain.keys()]
  if (chains.length === 0) return undefined
  const idOf = (caipNetworkId: string | undefined) =>
    caipNetworkId && parseCaipNetworkId(caipNetworkId)?.namespace === 'eip155' ? parseChainId(caipNetworkId.slice(7)) : undefined
  const preferredId = idOf(preferred)
  const chainId =
    (preferredId !== undefined && byChain.has(preferredId) ? preferredId : undefined) ??
    requested.map(idOf).find((id): id is number => id !== undefined && byChain.has(id)) ??
    chains[0]!
  return { namespace: 'eip155', addresses: byChain.get(chainId)!, caipNetworkId: `eip155:${chainId}` }
}

/**
 * Whether the session approved `address` on `caipNetworkId`. The widget sends a wallet nothing
 * else: a careful wallet answers 4100 to any other chain or account.
 */
function approves(sessionAccounts: readonly string[], caipNetworkId: string, address: string): boolean {
  const wanted = `${caipNetworkId}:${address}`.toLowerCase()
  return sessionAccounts.some((account) => account.toLowerCase() === wanted)
}

export const eip155WalletConnect: WalletConnectFamily = { proposal, accounts, approves }
