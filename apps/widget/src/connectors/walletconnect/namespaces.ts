import { isEvmAddress, parseCaipAddress, parseCaipNetworkId, parseChainId } from '@airlock/chains'
import type { HexAddress } from '../../core/session/atoms'

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

export interface Eip155Namespace {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap: Record<string, string>
}

/**
 * The proposal's namespaces: every requested eip155 network, all optional (as Reown does), so
 * that a wallet missing one still connects and the UnsupportedChain rules take over.
 */
export function proposalNamespaces(networks: readonly string[], rpcUrl: (caipNetworkId: string) => string): { eip155: Eip155Namespace } {
  const chains = networks.filter((id) => parseCaipNetworkId(id)?.namespace === 'eip155')
  return {
    eip155: {
      chains,
      methods: [...EIP155_METHODS],
      events: [...EIP155_EVENTS],
      rpcMap: Object.fromEntries(chains.map((id) => [id.slice('eip155:'.length), rpcUrl(id)])),
    },
  }
}

export interface SessionAccounts {
  accounts: HexAddress[]
  chainId: number
  /** Every eip155 chain the session holds an account on, in the wallet's order. */
  chains: number[]
}

export interface SessionNamespaces {
  namespaces: Record<string, { accounts?: readonly string[] } | undefined>
}

/**
 * The accounts and chain a settled session gives the dapp. The chain is the first one of the
 * session the dapp requested, else the wallet's first (the UnsupportedChain view then shows).
 * Undefined when the wallet approved no eip155 account at all.
 */
export function sessionAccounts(session: SessionNamespaces, requested: readonly string[], preferred?: number): SessionAccounts | undefined {
  const byChain = new Map<number, HexAddress[]>()
  for (const caipAddress of session.namespaces.eip155?.accounts ?? []) {
    const parsed = parseCaipAddress(caipAddress)
    const chainId = parsed?.namespace === 'eip155' ? parseChainId(parsed.reference) : undefined
    if (chainId === undefined || !parsed || !isEvmAddress(parsed.address)) continue
    const list = byChain.get(chainId) ?? []
    if (!list.some((a) => a.toLowerCase() === parsed.address.toLowerCase())) list.push(parsed.address as HexAddress)
    byChain.set(chainId, list)
  }
  const chains = [...byChain.keys()]
  if (chains.length === 0) return undefined
  const requestedIds = requested.map((id) => (parseCaipNetworkId(id)?.namespace === 'eip155' ? parseChainId(id.slice(7)) : undefined))
  const chainId =
    (preferred !== undefined && byChain.has(preferred) ? preferred : undefined) ??
    requestedIds.find((id): id is number => id !== undefined && byChain.has(id)) ??
    chains[0]!
  return { accounts: byChain.get(chainId)!, chainId, chains }
}

/**
 * Whether the session approved `address` on eip155 chain `chainId`. The widget sends a wallet
 * nothing else: a careful wallet answers 4100 to any other chain or account.
 */
export function sessionApproves(session: SessionNamespaces, chainId: number, address: string): boolean {
  const wanted = `eip155:${chainId}:${address}`.toLowerCase()
  return (session.namespaces.eip155?.accounts ?? []).some((account) => account.toLowerCase() === wanted)
}
