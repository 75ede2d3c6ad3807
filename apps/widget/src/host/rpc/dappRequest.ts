import { ProviderRpcError, RpcErrorCode, type Namespace } from '@airlock/protocol'
import { createDappProvider } from '../../chains/dappProviders'
import type { DappProvider, DappRequest } from '../../chains/types'
import { walletRequest } from '../../connectors/request'
import type { WidgetContext } from '../../core/context'
import { activeCaipNetworkIdAtom } from '../../core/network/atoms'
import { networksAtom } from '../../core/options/atoms'
import { awaitConnection } from '../../core/session/awaitConnection'
import { connectionsAtom } from '../../core/session/atoms'
import { requestAccounts } from '../../core/session/requestAccounts'

/**
 * The dapp's provider requests (getProvider(namespace).request): each goes to its family's provider
 * (chains/dappProviders.ts), which is lent the widget's session, wallets and RPC proxy for that family.
 */
export function createDappRequest(ctx: WidgetContext): (request: DappRequest & { namespace: Namespace }) => Promise<unknown> {
  const providers = new Map<Namespace, DappProvider | undefined>()
  const providerFor = (namespace: Namespace) => {
    if (!providers.has(namespace))
      providers.set(
        namespace,
        createDappProvider(namespace, {
          connection: () => ctx.store.get(connectionsAtom)[namespace],
          networks: () => ({ active: ctx.store.get(activeCaipNetworkIdAtom), requested: ctx.store.get(networksAtom) }),
          walletRequest: (method, params) => walletRequest(ctx, namespace, method, params),
          proxyRequest: ctx.api.rpc,
          requestAccounts: () => requestAccounts(ctx, namespace),
          awaitConnection: () => awaitConnection(ctx, namespace),
        }),
      )
    return providers.get(namespace)
  }
  return async ({ namespace, method, params }) => {
    const provider = providerFor(namespace)
    if (!provider) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `The ${namespace} namespace is not supported yet`)
    return provider({ method, params })
  }
}
