import { ProviderRpcError, RpcErrorCode, type Namespace } from '@airlock/protocol'
import type { WidgetContext } from '../core/context'
import { connectionsAtom } from '../core/session/atoms'
import { connectorFor } from './registry'

/**
 * A request for the wallet connected on `namespace`, whatever carries it (the host page,
 * WalletConnect, the secure frame), on that connection's account and network.
 */
export function walletRequest(ctx: WidgetContext, namespace: Namespace, method: string, params?: unknown): Promise<unknown> {
  const connection = ctx.store.get(connectionsAtom)[namespace]
  if (!connection) return Promise.reject(new ProviderRpcError(RpcErrorCode.Disconnected, `No ${namespace} wallet is connected`))
  return connectorFor(ctx, connection.connectorId).request(ctx, {
    namespace,
    caipNetworkId: connection.caipNetworkId,
    address: connection.addresses[0]!,
    method,
    params,
  })
}
