import { parseChainId, toHexChainId } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { DappProvider, DappProviderDeps } from '../types'
import { routeRequest } from './dappRouting'

/** The eip155 side of the session as the dapp's provider sees it. */
interface ProviderSnapshot {
  connected: boolean
  address?: string | undefined
  /** The eip155 network: the wallet's when connected, else the one the widget shows (or the dapp's first). */
  caipNetworkId: string
  chainId?: number | undefined
}

function snapshot(deps: DappProviderDeps): ProviderSnapshot {
  const connection = deps.connection()
  const { active, requested } = deps.networks()
  const caipNetworkId =
    connection?.caipNetworkId ?? (active.startsWith('eip155:') ? active : (requested.find((id) => id.startsWith('eip155:')) ?? 'eip155:1'))
  return {
    connected: connection !== undefined,
    address: connection?.addresses[0],
    caipNetworkId,
    chainId: parseChainId(caipNetworkId.slice('eip155:'.length)),
  }
}

/** The dapp's EIP-1193 provider (getProvider('eip155')), as served by the widget. */
export function createEip155DappProvider(deps: DappProviderDeps): DappProvider {
  return async ({ method, params }) => {
    const state = snapshot(deps)
    const connected = state.connected && state.address !== undefined
    switch (routeRequest(method, connected)) {
      case 'unsupported':
        throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod)
      case 'accounts':
        return connected ? [state.address] : []
      case 'chainId':
        if (typeof state.chainId !== 'number') throw new ProviderRpcError(RpcErrorCode.ChainDisconnected)
        return toHexChainId(state.chainId)
      case 'requestAccounts':
        return connected ? [state.address] : deps.requestAccounts()
      case 'connector':
        return deps.walletRequest(method, params)
      case 'proxy':
        return deps.proxyRequest(state.caipNetworkId, method, params)
      case 'awaitWallet':
        await deps.awaitConnection()
        return deps.walletRequest(method, params)
    }
  }
}
