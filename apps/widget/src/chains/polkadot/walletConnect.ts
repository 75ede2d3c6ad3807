import { parseCaipAddress } from '@airlock/chains'
import { WALLETCONNECT_POLKADOT_EVENTS, WALLETCONNECT_POLKADOT_METHODS } from '@airlock/protocol'
import type { NetworkContext, ProposalNamespace, WalletConnectFamily } from '../types'
import { sessionAccounts } from '../walletConnectAccounts'
import { isPolkadotAddress, parseAddressOn, sameAccount } from './address'
import { isPolkadot } from './networks'

/** Every requested Polkadot network with WalletConnect's polkadot methods, the RPC proxy as its rpc. */
function proposal({ requested, rpcUrl }: NetworkContext): ProposalNamespace | undefined {
  const chains = requested.filter(isPolkadot)
  if (chains.length === 0) return undefined
  return {
    chains,
    methods: [...WALLETCONNECT_POLKADOT_METHODS],
    events: [...WALLETCONNECT_POLKADOT_EVENTS],
    rpcMap: Object.fromEntries(chains.map((id) => [id.slice('polkadot:'.length), rpcUrl(id)])),
  }
}

/**
 * A session's Polkadot accounts, each written in its network's SS58 format: wallets give the
 * generic format (42) as often as the network's, and the connection holds one spelling per account.
 */
const canonical = (caipAddress: string): string[] => {
  const parsed = parseCaipAddress(caipAddress)
  if (parsed?.namespace !== 'polkadot') return []
  const address = parseAddressOn(parsed.address, parsed.caipNetworkId)
  return address.ok ? [`${parsed.caipNetworkId}:${address.address}`] : []
}
const ofSession = sessionAccounts('polkadot', isPolkadotAddress)
const accounts: WalletConnectFamily['accounts'] = (session, requested, preferred) =>
  ofSession(session.flatMap(canonical), requested, preferred)

/** Whether the session approved the account on `caipNetworkId`, in whichever SS58 format it wrote it. */
function approves(session: readonly string[], caipNetworkId: string, address: string): boolean {
  if (!isPolkadot(caipNetworkId)) return false
  return session.some((caipAddress) => {
    const parsed = parseCaipAddress(caipAddress)
    return parsed?.caipNetworkId === caipNetworkId && sameAccount(parsed.address, address)
  })
}

/** The widget speaks WalletConnect's own polkadot methods (protocol polkadot.ts): no translation. */
export const polkadotWalletConnect: WalletConnectFamily = { proposal, accounts, approves }
