import { ProviderRpcError, RpcErrorCode, type Namespace } from '@airlock/protocol'
import type { WidgetContext } from '../context'
import { connectionsAtom } from './atoms'

/** The account connected on `namespace`; throws 'No ActiveCaipAddress found' (SPEC section 8) when there is none. */
export function connectedAccount(ctx: WidgetContext, namespace: Namespace): { address: string; caipNetworkId: string } {
  const connection = ctx.store.get(connectionsAtom)[namespace]
  const address = connection?.addresses[0]
  if (!connection || !address) throw new ProviderRpcError(RpcErrorCode.Disconnected, 'No ActiveCaipAddress found')
  return { address, caipNetworkId: connection.caipNetworkId }
}
