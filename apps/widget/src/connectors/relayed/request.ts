import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'

/** A wallet living in the dapp page: every request is relayed by the host. */
export function connectorRequest(ctx: WidgetContext, connectorId: string, method: string, params?: unknown): Promise<unknown> {
  const host = ctx.host.api
  if (!host) return Promise.reject(new ProviderRpcError(RpcErrorCode.Disconnected, 'Airlock is not connected to the page'))
  return host.connectorRequest(params === undefined ? { connectorId, method } : { connectorId, method, params })
}
