import { bitcoin, bitcoinRegtest, bitcoinSignet, bitcoinTestnet, bitcoinTestnet4, parseCaipNetworkId } from '@airlock/chains'
import { BITCOIN_STANDARD_CHAINS, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { NetworkContext, WalletSend } from '../types'
import { isUnsupported } from './rpc'

/**
 * The Bitcoin networks the widget knows, with the names wallets use for them: the Wallet Standard's
 * chain (`bitcoin:mainnet`, ...; the protocol's list) and sats-connect's network name
 * (wallet_changeNetwork). The devnet is regtest.
 */
const NETWORKS: readonly (readonly [caipNetworkId: string, standardChain: string, satsConnect: string])[] = (
  [
    [bitcoin, 'Mainnet'],
    [bitcoinTestnet, 'Testnet'],
    [bitcoinTestnet4, 'Testnet4'],
    [bitcoinSignet, 'Signet'],
    [bitcoinRegtest, 'Regtest'],
  ] as const
).map(([{ caipNetworkId }, satsConnect]) => [caipNetworkId, BITCOIN_STANDARD_CHAINS[caipNetworkId]!, satsConnect] as const)
const byId = new Map(NETWORKS.map((entry) => [entry[0], entry]))
const byName = new Map(NETWORKS.flatMap(([id, chain, name]) => [[chain, id] as const, [name.toLowerCase(), id] as const]))

export const BITCOIN_NETWORK_IDS: readonly string[] = NETWORKS.map(([id]) => id)
export const isBitcoinNetwork = (caipNetworkId: string | undefined): caipNetworkId is string => !!caipNetworkId && byId.has(caipNetworkId)
export const isBip122 = (caipNetworkId: string | undefined): boolean =>
  !!caipNetworkId && parseCaipNetworkId(caipNetworkId)?.namespace === 'bip122'

/** The Wallet Standard chain of a network (`bitcoin:regtest`); undefined for one the widget does not know. */
export const standardChainOf = (caipNetworkId: string): string | undefined => byId.get(caipNetworkId)?.[1]
export const satsConnectNameOf = (caipNetworkId: string): string | undefined => byId.get(caipNetworkId)?.[2]

/** The CAIP-2 id of a network a wallet names: its Standard chain, its sats-connect name, or its CAIP-2 id. */
export const networkOfName = (name: string): string | undefined => byName.get(name.toLowerCase()) ?? (byId.has(name) ? name : undefined)

/** The first requested Bitcoin network among the wallet's, else the wallet's first known, else the first requested. */
export function pickNetwork(walletNetworks: readonly string[], networks: NetworkContext): string {
  const known = walletNetworks.filter(isBitcoinNetwork)
  const requested = networks.requested.filter(isBitcoinNetwork)
  return requested.find((id) => known.includes(id)) ?? known[0] ?? requested[0] ?? bitcoin.caipNetworkId
}

const chainNotSupported = () => new ProviderRpcError(RpcErrorCode.SwitchChainError, 'Chain is not supported')

/**
 * sats-connect's wallet_changeNetwork. A wallet without it (4200: the Wallet Standard names the
 * chain in each call, a WalletConnect session approves per chain) keeps the connection, which then
 * uses the network chosen; a network the widget does not know, or the wallet refuses, is 'Chain is
 * not supported' (SPEC section 8). A user's no stays one.
 */
export async function switchBitcoinNetwork(send: WalletSend, caipNetworkId: string, _networks: NetworkContext): Promise<void> {
  const name = satsConnectNameOf(caipNetworkId)
  if (!name) throw chainNotSupported()
  try {
    await send('wallet_changeNetwork', { name })
  } catch (error) {
    if (isUnsupported(error)) return
    if ((error as { code?: unknown })?.code === RpcErrorCode.UserRejected) throw error
    throw chainNotSupported()
  }
}
