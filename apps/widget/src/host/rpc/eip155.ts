import { toHexChainId } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { routeRequest } from './routing'

/** The eip155 side of the session as the dapp's provider sees it. */
export interface ProviderSnapshot {
  connected: boolean
  address?: string | undefined
  /** The eip155 network: the wallet's when connected, else the one the widget shows. */
  caipNetworkId: string
  chainId?: number | undefined
}

export interface RequestHandlerDeps {
  snapshot(): ProviderSnapshot
  /** To the wallet connected on eip155, whatever carries it. */
  walletRequest(method: string, params: unknown): Promise<unknown>
  proxyRequest(caipNetworkId: string, method: string, params: unknown): Promise<unknown>
  requestAccounts(): Promise<string[]>
  /** Resolves once eip155 is connected, waiting for a connect in progress; else rejects 4100 (4001: the user said no). */
  awaitConnection(): Promise<unknown>
}

export interface ProviderRequest {
  method: string
  params?: unknown
}

/** The dapp's EIP-1193 provider (getProvider('eip155')), as served by the widget. */
export function createRequestHandler(deps: RequestHandlerDeps): (request: ProviderRequest) => Promise<unknown> {
  return async ({ method, params }) => {
    const state = deps.snapshot()
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
