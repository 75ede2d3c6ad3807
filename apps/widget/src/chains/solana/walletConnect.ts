import { parseCaipAddress, parseCaipNetworkId } from '@airlock/chains'
import type { ConnectedNamespace } from '../../core/session/session'
import type { NetworkContext, ProposalNamespace, WalletConnectFamily } from '../types'
import { isSolanaAddress } from './address'

/** What the widget asks a WalletConnect wallet for on Solana (packages/protocol/src/solana.ts). */
export const SOLANA_WALLETCONNECT_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const

const isSolanaNetwork = (caipNetworkId: string | undefined) => !!caipNetworkId && parseCaipNetworkId(caipNetworkId)?.namespace === 'solana'

/** Every requested Solana network, with the RPC proxy as its rpc; Solana wallets send no events over WalletConnect. */
function proposal({ requested, rpcUrl }: NetworkContext): ProposalNamespace | undefined {
  const chains = requested.filter(isSolanaNetwork)
  if (chains.length === 0) return undefined
  return {
    chains,
    methods: [...SOLANA_WALLETCONNECT_METHODS],
    events: [],
    rpcMap: Object.fromEntries(chains.map((id) => [id.slice('solana:'.length), rpcUrl(id)])),
  }
}

/**
 * The accounts and network a settled session gives the dapp: `preferred` when the session holds
 * it, else the first requested network it holds, else the wallet's first (UnsupportedChain then
 * shows). Accounts that are not base58 32-byte keys are dropped.
 */
function accounts(sessionAccounts: readonly string[], requested: readonly string[], preferred?: string): ConnectedNamespace | undefined {
  const byNetwork = new Map<string, string[]>()
  for (const caipAddress of sessionAccounts) {
    const parsed = parseCaipAddress(caipAddress)
    if (parsed?.namespace !== 'solana' || !isSolanaAddress(parsed.address)) continue
    const list = byNetwork.get(parsed.caipNetworkId) ?? []
    if (!list.includes(parsed.address)) list.push(parsed.address)
    byNetwork.set(parsed.caipNetworkId, list)
  }
  const held = (id: string | undefined): id is string => isSolanaNetwork(id) && byNetwork.has(id!)
  const caipNetworkId = (held(preferred) ? preferred : undefined) ?? requested.find(held) ?? [...byNetwork.keys()][0]
  if (caipNetworkId === undefined) return undefined
  return { namespace: 'solana', addresses: byNetwork.get(caipNetworkId)!, caipNetworkId }
}

/** Whether the session approved `address` on `caipNetworkId`, exactly: base58 is case-sensitive. */
function approves(sessionAccounts: readonly string[], caipNetworkId: string, address: string): boolean {
  return isSolanaNetwork(caipNetworkId) && sessionAccounts.includes(`${caipNetworkId}:${address}`)
}

export const solanaWalletConnect: WalletConnectFamily = { proposal, accounts, approves }
