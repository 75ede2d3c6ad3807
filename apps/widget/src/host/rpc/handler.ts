import { toHexChainId } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode, type Namespace } from '@airlock/protocol'
import { routeRequest } from './routing'

export interface ProviderSnapshot {
  connected: boolean
  address?: string | undefined
  connectorId?: string | undefined
  /** The active network: the wallet's when connected. */
  caipNetworkId: string
  chainId?: number | string | undefined
}

export interface RequestHandlerDeps {
  snapshot(): ProviderSnapshot
  connectorRequest(connectorId: string, method: string, params: unknown): Promise<unknown>
  proxyRequest(caipNetworkId: string, method: string, params: unknown): Promise<unknown>
  requestAccounts(): Promise<string[]>
}

export interface ProviderRequest {
  namespace: Namespace
  method: string
  params?: unknown
}

/** The dapp's EIP-1193 provider, as served by the widget. */
export function createRequestHandler(deps: RequestHandlerDeps): (request: ProviderRequest) => Promise<unknown> {
  return async ({ namespace, method, params }) => {
    if (namespace !== 'eip155')
      throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `The ${namespace} namespace is not supported yet`)
    const state = deps.snapshot()
    const connected = state.connected && state.address !== undefined && state.connectorId !== undefined
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
        return deps.connectorRequest(state.connectorId!, method, params)
      case 'proxy':
        return deps.proxyRequest(state.caipNetworkId, method, params)
      case 'unauthorized':
        throw new ProviderRpcError(RpcErrorCode.Unauthorized)
    }
  }
}
