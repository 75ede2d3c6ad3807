import {
  kusama,
  kusamaAssetHub,
  parseCaipNetworkId,
  polkadot,
  polkadotAssetHub,
  polkadotDevnet,
  POLKADOT_DEFAULT_NETWORKS,
} from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { NetworkContext, WalletSend } from '../types'

/** The Polkadot networks the widget knows (@airlock/chains' catalog): their SS58 formats are known. */
const POLKADOT_NETWORK_IDS: readonly string[] = [polkadotAssetHub, polkadot, kusamaAssetHub, kusama, polkadotDevnet].map(
  (network) => network.caipNetworkId,
)

export const isPolkadot = (caipNetworkId: string | undefined): caipNetworkId is string =>
  !!caipNetworkId && parseCaipNetworkId(caipNetworkId)?.namespace === 'polkadot'

/** The first requested Polkadot network, else Polkadot Asset Hub (where balances live since the 2025 migration). */
export const pickNetwork = (networks: NetworkContext): string =>
  networks.requested.find(isPolkadot) ?? POLKADOT_DEFAULT_NETWORKS.polkadot.caipNetworkId

const chainNotSupported = () => new ProviderRpcError(RpcErrorCode.SwitchChainError, 'Chain is not supported')

/**
 * A Polkadot account is the same on every chain (extensions hold no network; a WalletConnect
 * session approves per chain): nothing is asked of the wallet. A network the widget does not know
 * is 'Chain is not supported' (SPEC section 8). The connection's address is then written in the
 * network's SS58 format (ChainAdapter.addressOn).
 */
export async function switchPolkadotNetwork(_send: WalletSend, caipNetworkId: string, _networks: NetworkContext): Promise<void> {
  if (!POLKADOT_NETWORK_IDS.includes(caipNetworkId)) throw chainNotSupported()
}
