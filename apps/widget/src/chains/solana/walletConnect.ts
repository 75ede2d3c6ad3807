import { parseCaipNetworkId } from '@airlock/chains'
import type { NetworkContext, ProposalNamespace, WalletConnectFamily } from '../types'
import { sessionAccounts } from '../walletConnectAccounts'
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

/** Accounts that are not base58 32-byte keys are dropped. */
const accounts = sessionAccounts('solana', isSolanaAddress)

/** Whether the session approved `address` on `caipNetworkId`, exactly: base58 is case-sensitive. */
function approves(sessionAccounts: readonly string[], caipNetworkId: string, address: string): boolean {
  return isSolanaNetwork(caipNetworkId) && sessionAccounts.includes(`${caipNetworkId}:${address}`)
}

export const solanaWalletConnect: WalletConnectFamily = { proposal, accounts, approves }
